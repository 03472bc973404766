// Tests of the class-set writer's two ways of painting a part: directly
// (pdf/direct.hpp: the painter's operators and page objects written by the
// writer) and through libharu read back with qpdf. They must write the same
// bytes, so that a class set is the same file whichever way each part took;
// and the direct way must really be taken, else the comparison proves
// nothing.

#include <gtest/gtest.h>
#include <hpdf.h>
#include <hpdf_doc.h>
#include <hpdf_utils.h>

#include <array>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "handout/document.hpp"
#include "handout/fonts.hpp"
#include "handout/image.hpp"
#include "handout/pdf.hpp"
#include "handout/render.hpp"
#include "pdf/content.hpp"
#include "pdf/direct.hpp"
#include "pdf/libharu.hpp"
#include "pdf/paint.hpp"
#include "support.hpp"

using namespace handout;
using handout::test::run;

namespace fs = std::filesystem;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;

/// A class set's file as the writer makes it from `parts`, and how many
/// parts it painted directly.
struct Written {
    std::string bytes;
    std::size_t direct = 0;
};

Written write(const std::vector<Document>& parts, PdfStreamWriter::Painting painting) {
    Written out;
    PdfStreamWriter writer([&](std::string_view b) { out.bytes += b; }, painting);
    for (const Document& part : parts) {
        Document copy = part;
        writer.add(std::move(copy));
    }
    writer.finish("Class set \u00b7 \u03a9");
    out.direct = writer.direct_parts();
    return out;
}

bool has_picture(const Document& doc) {
    for (const Page& page : doc.pages)
        for (const Item& item : page.items)
            if (std::holds_alternative<Picture>(item)) return true;
    return false;
}

/// The parts of a small class set of `p`: two parts of student sheets, a
/// part of keys and one of answer sheets.
std::vector<Document> class_set_parts(const Prepared& p) {
    std::vector<Document> parts(4);
    LayoutOptions sheet;
    sheet.key = KeyMode::off;
    sheet.images = &p.images;
    LayoutOptions key = sheet;
    key.key = KeyMode::only;
    LayoutOptions answers = sheet;
    answers.answer_sheet = true;
    for (std::uint32_t seed = 1; seed <= 5; ++seed) layout_seed(p, seed, sheet, parts[seed <= 3 ? 0 : 1]);
    for (std::uint32_t seed = 1; seed <= 3; ++seed) layout_seed(p, seed, key, parts[2]);
    for (std::uint32_t seed = 1; seed <= 2; ++seed) layout_seed(p, seed, answers, parts[3]);
    return parts;
}

}  // namespace

// Proves the direct path writes libharu's bytes for real sheets: every
// shipped worksheet and the translated ones of the test data, in every page
// style, as student sheets, keys and answer sheets. Every part is painted
// directly, pictures too (forces-and-motion's sheets hold one), and the file
// is the one libharu paints and the writer copies.
TEST(StreamWriter, DirectPartsAreTheBytesOfLibharusParts) {
    std::vector<std::string> worksheets;
    for (const auto& entry : fs::directory_iterator(source_dir + "/worksheets"))
        if (entry.path().extension() == ".yaml") worksheets.push_back(entry.path().string());
    for (const auto& entry : fs::directory_iterator(std::string(HANDOUT_TEST_DATA) + "/lang"))
        worksheets.push_back(entry.path().string());
    std::vector<std::string> styles;
    for (const auto& entry : fs::directory_iterator(source_dir + "/templates"))
        styles.push_back(entry.path().stem().string());
    ASSERT_GE(worksheets.size(), 6u);
    ASSERT_GE(styles.size(), 6u);
    std::size_t direct = 0, pictures = 0;
    for (const std::string& path : worksheets) {
        for (const std::string& style : styles) {
            SCOPED_TRACE(path + " in " + style);
            Diagnostics diags;
            const auto p = prepare(path, style, source_dir, diags);
            ASSERT_TRUE(p) << diags.format();
            const std::vector<Document> parts = class_set_parts(*p);
            std::size_t plain = 0;
            for (const Document& part : parts) plain += has_picture(part) ? 0 : 1;
            pictures += parts.size() - plain;
            const Written own = write(parts, PdfStreamWriter::Painting::direct);
            const Written libharu = write(parts, PdfStreamWriter::Painting::libharu);
            EXPECT_EQ(own.direct, parts.size()) << "a part of a real worksheet left the direct path";
            EXPECT_EQ(libharu.direct, 0u);
            EXPECT_EQ(own.bytes.size(), libharu.bytes.size());
            EXPECT_TRUE(own.bytes == libharu.bytes) << "the direct path's file differs from libharu's";
            direct += own.direct;
        }
    }
    EXPECT_GT(direct, 100u);
    EXPECT_GT(pictures, 0u) << "no part with a picture: pictures went uncompared";
}

namespace {

/// Two gray pictures, the same objects for every part (as a worksheet's
/// picture is for every sheet of a class set).
const std::array<std::shared_ptr<const GrayImage>, 2>& pictures() {
    static const std::array<std::shared_ptr<const GrayImage>, 2> images = [] {
        std::array<std::shared_ptr<const GrayImage>, 2> out;
        for (int k = 0; k < 2; ++k) {
            auto image = std::make_shared<GrayImage>();
            image->width = 40 + 17 * k;
            image->height = 23;
            for (int y = 0; y < image->height; ++y)
                for (int x = 0; x < image->width; ++x)
                    image->pixels.push_back(static_cast<std::uint8_t>((x * 7 + y * (13 + k)) % 256));
            out[static_cast<std::size_t>(k)] = std::move(image);
        }
        return out;
    }();
    return images;
}

/// Pages of every kind of item at scattered places: text in four faces,
/// sizes and grays, rules, boxes, marks, QR symbols and bubbles of a dozen
/// radii, stroked wider as the page goes on (so a part's form of a radius is
/// replaced by a wider one), and an empty page.
Document scattered(const FontSet& fonts, std::uint32_t seed, std::size_t pages) {
    const std::vector<std::string> texts = {"Fractions", "3*3 = 9",     "70,000 m",   "(a)",     "x", " lead",
                                            "Ünïcödé ß", "12\xC2\xA0m", "A \u2014 B", "\u00b7 1"};
    Document doc;
    doc.fonts = fonts.files();
    std::uint32_t state = seed;
    const auto next = [&state] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (std::size_t p = 0; p < pages; ++p) {
        Page page;
        const int items = p == 1 ? 0 : 120;
        for (int i = 0; i < items; ++i) {
            const double x = static_cast<double>(next() % 50000) / 97.0 + 20;
            const double y = static_cast<double>(next() % 80000) / 101.0 + 10;
            const double width = 0.25 + 0.05 * static_cast<double>(i / 10);
            switch (next() % 7) {
                case 0: page.items.push_back(Rule{x, y, x + 40, y - 3, width, 0.55, {}}); break;
                case 1: page.items.push_back(Box{x, y, 30, 12.5, width, 0, {}}); break;
                case 2:
                    page.items.push_back(
                        Circle{x, y, 3.0 + static_cast<double>(next() % 12) * 0.5, width, 0.1, {}});
                    break;
                case 3: page.items.push_back(Solid{x, y, 5, 5, {}}); break;
                case 4: {
                    Symbol symbol{x, y, 40, 21, std::vector<std::uint8_t>(21 * 21), {}};
                    for (auto& cell : symbol.dark) cell = static_cast<std::uint8_t>(next() % 2);
                    symbol.dark[0] = 1;
                    page.items.push_back(std::move(symbol));
                    break;
                }
                default: {
                    TextRun run;
                    run.x = x;
                    run.y = y;
                    run.font = static_cast<FontStyle>(next() % 5);
                    run.size = std::vector<double>{11, 9.5, 6.82, 19, 24}[next() % 5];
                    run.gray = next() % 3 == 0 ? 0.55 : 0;
                    run.text = texts[next() % texts.size()];
                    page.items.push_back(std::move(run));
                }
            }
            if (i % 40 == 7) page.items.push_back(Picture{x, y, 60, 25, pictures()[(i / 40) % 2], {}});
        }
        doc.pages.push_back(std::move(page));
    }
    return doc;
}

const FontSet& lato() {
    static const PageStyle style;
    static const FontSet fonts = FontSet::load(source_dir + "/fonts", style);
    return fonts;
}

}  // namespace

// Proves the two paths agree item by item, beyond what real sheets hold:
// more than nine bubble forms on a page ("/X10" sorts before "/X2" in the
// page's resources), forms replaced by wider ones, pictures named among the
// forms, all five faces, an empty page; parts sharing forms, pictures and
// fonts across the file. qpdf finds the file
// sound.
TEST(StreamWriter, DirectPagesOfEveryItemAreLibharus) {
    const std::vector<Document> parts = {scattered(lato(), 1, 3), scattered(lato(), 2, 2),
                                         scattered(lato(), 3, 1)};
    const Written own = write(parts, PdfStreamWriter::Painting::direct);
    const Written libharu = write(parts, PdfStreamWriter::Painting::libharu);
    EXPECT_EQ(own.direct, 3u);
    EXPECT_EQ(own.bytes.size(), libharu.bytes.size());
    EXPECT_TRUE(own.bytes == libharu.bytes) << "the direct path's file differs from libharu's";
    std::size_t images = 0;
    for (std::size_t at = own.bytes.find("/Subtype /Image"); at != std::string::npos;
         at = own.bytes.find("/Subtype /Image", at + 1))
        ++images;
    EXPECT_EQ(images, 2u) << "each picture's image is written once for the whole file";
    const fs::path path =
        fs::temp_directory_path() / ("handout-stream-" + std::to_string(::getpid()) + ".pdf");
    write_file_atomically(path.string(), own.bytes);
    const auto check = run("qpdf --check '" + path.string() + "'");
    fs::remove(path);
    EXPECT_EQ(check.status, 0) << check.out;
    EXPECT_EQ(check.out.find("WARNING"), std::string::npos) << check.out;
    EXPECT_NE(own.bytes.find("/X10 "), std::string::npos) << "no page named ten forms";
}

// Proves a part holding what only libharu paints goes to libharu whole, and
// the file is the one libharu alone writes: text beyond the Basic
// Multilingual Plane (libharu cuts such characters to 16 bits) in the middle
// of the second of three parts.
TEST(StreamWriter, APartWithTextOnlyLibharuShowsGoesToLibharu) {
    std::vector<Document> parts = {scattered(lato(), 4, 2), scattered(lato(), 5, 2), scattered(lato(), 6, 2)};
    TextRun astral;
    astral.x = 100;
    astral.y = 400;
    astral.text = "\U0001D400 bold A";
    auto& items = parts[1].pages[0].items;
    items.insert(items.begin() + 60, astral);
    const Written own = write(parts, PdfStreamWriter::Painting::direct);
    const Written libharu = write(parts, PdfStreamWriter::Painting::libharu);
    EXPECT_EQ(own.direct, 2u);
    EXPECT_TRUE(own.bytes == libharu.bytes) << "the direct path's file differs from libharu's";
}

// Proves the direct path shows a text without ASCII exactly when libharu
// does (libharu measures it first and shows nothing of zero width): every
// character each face of two styles maps, and a few it does not, each a
// run of its own. The characters the direct path takes on their own are
// painted together as one part, which must go direct and give libharu's
// bytes; those it leaves to libharu must include the ones of no width.
TEST(StreamWriter, DirectTextWithoutAsciiIsShownExactlyWhenLibharuShowsIt) {
    const PageStyle liberation = handout::test::liberation_style();
    const FontSet liberation_fonts = FontSet::load(source_dir + "/fonts", liberation);
    for (const FontSet* fonts : {&lato(), &liberation_fonts}) {
        pdf::Faces faces;
        pdf::PdfDocument namer;
        for (std::size_t slot = 0; slot < font_style_count; ++slot) {
            const std::string file = fonts->files()[slot];
            faces.names[slot] =
                namer.check_handle(HPDF_LoadTTFontFromFile(namer.get(), file.c_str(), HPDF_FALSE), "");
            faces.defs[slot] = HPDF_Doc_FindFontDef(namer.get(), faces.names[slot].c_str());
        }
        Document taken, left;
        taken.fonts = left.fonts = fonts->files();
        taken.pages.emplace_back();
        left.pages.emplace_back();
        for (std::size_t slot = 0; slot < font_style_count; ++slot) {
            std::vector<char32_t> chars = fonts->face(static_cast<FontStyle>(slot)).mapped();
            for (const char32_t extra : {U'\u0301', U'\u200b', U'\u2060', U'\ufeff', U'\ue000', U'\uffff'})
                chars.push_back(extra);
            for (const char32_t cp : chars) {
                if (cp < 0x80 || cp >= 0x10000 || (cp >= 0xD800 && cp <= 0xDFFF)) continue;
                TextRun run;
                run.x = 20 + static_cast<double>(cp % 50) * 11;
                run.y = 20 + static_cast<double>(cp % 70) * 11;
                run.font = static_cast<FontStyle>(slot);
                run.text = encode_utf8(cp);
                Document one;
                one.fonts = taken.fonts;
                one.pages.emplace_back();
                one.pages[0].items.push_back(run);
                Document& to = pdf::paint_direct(one, faces) ? taken : left;
                if (to.pages.back().items.size() == 400) to.pages.emplace_back();
                to.pages.back().items.push_back(run);
            }
        }
        ASSERT_GT(taken.pages.size(), 2u);
        const Written own = write({taken}, PdfStreamWriter::Painting::direct);
        const Written libharu = write({taken}, PdfStreamWriter::Painting::libharu);
        EXPECT_EQ(own.direct, 1u);
        EXPECT_TRUE(own.bytes == libharu.bytes)
            << "the direct path shows text libharu does not, or not as it does";
        std::size_t zero_width = 0;
        for (const Page& page : left.pages)
            for (const Item& item : page.items)
                zero_width += std::get<TextRun>(item).text == "\u0301" ? 1 : 0;
        EXPECT_GT(zero_width, 0u) << "a combining accent alone has no width, so libharu shows nothing of it";
    }
}

// Proves a value libharu refuses gets libharu's own error on either path:
// the direct path declines the part rather than write what libharu would not.
TEST(StreamWriter, LibharusErrorsComeBackOnTheDirectPathToo) {
    for (const Item& bad : {Item{Rule{0, 0, 10, 10, 1, 2.0, {}}}, Item{Box{0, 0, 10, 10, -1, 0, {}}},
                            Item{TextRun{10, 10, FontStyle::regular, 11, 1.5, "Gray", {}}},
                            Item{TextRun{10, 10, FontStyle::regular, -3, 0, "Size", {}}}}) {
        std::vector<Document> parts = {scattered(lato(), 7, 1)};
        parts[0].pages[0].items.push_back(bad);
        std::string messages[2];
        for (const auto painting : {PdfStreamWriter::Painting::direct, PdfStreamWriter::Painting::libharu}) {
            try {
                write(parts, painting);
            } catch (const PdfError& e) {
                messages[painting == PdfStreamWriter::Painting::direct ? 0 : 1] = e.what();
            }
        }
        EXPECT_NE(messages[0].find("libharu failed while"), std::string::npos) << messages[0];
        EXPECT_EQ(messages[0], messages[1]);
    }
}

// Proves the operators write every number as libharu does (write_real
// against libharu's own HPDF_FToA): every multiple of 0.01 up to ±32767;
// from 0 to ±30 every multiple of 0.00001 and the halfway points between
// them where libharu's rounding turns, with the floats either side; a
// spread of all float bit patterns in the range and past the clamp; and the
// edges (zero, tiny negatives that print "-0", the clamp itself).
TEST(StreamWriter, RealsAreWrittenAsLibharuWritesThem) {
    char ours[32], theirs[32];
    std::size_t compared = 0, differing = 0;
    std::string first;
    const auto compare = [&](float v) {
        const std::string a(ours, static_cast<std::size_t>(pdf::write_real(ours, v) - ours));
        const char* end = HPDF_FToA(theirs, v, theirs + sizeof theirs - 1);
        const std::string b(theirs, static_cast<std::size_t>(end - theirs));
        ++compared;
        if (a != b && differing++ == 0) first = std::to_string(v) + ": " + a + " vs libharu's " + b;
    };
    for (std::int32_t k = -3276700; k <= 3276700; ++k) {
        const float v = static_cast<float>(k) / 100.0F;
        compare(v);
        compare(std::nextafter(v, 1e9F));
        compare(std::nextafter(v, -1e9F));
    }
    for (std::int32_t k = -3000000; k <= 3000000; ++k) {
        const double step = static_cast<double>(k) * 0.00001;
        compare(static_cast<float>(step));
        const float half = static_cast<float>(step + (k < 0 ? -0.000005 : 0.000005));
        compare(half);
        compare(std::nextafter(half, 1e9F));
        compare(std::nextafter(half, -1e9F));
    }
    for (std::uint32_t bits = 0; bits < 0xFF800000u; bits += 257) {
        float v;
        std::memcpy(&v, &bits, sizeof v);
        if (std::isfinite(v)) compare(v);
    }
    for (const float v : {0.0F, -0.0F, -0.000001F, -0.0000049F, 0.0000049F, 0.999995F, 32767.0F, -32767.0F,
                          32767.5F, 1e9F, -1e9F, 595.2756F, 841.8898F})
        compare(v);
    EXPECT_EQ(differing, 0u) << first;
    EXPECT_GT(compared, 50'000'000u);
}

// The copier writes libharu's names and strings as qpdf unparsed them (the
// bytes class sets had when qpdf read libharu's output back).
TEST(StreamWriter, WritesNamesAndStringsAsQpdfUnparsedThem) {
    EXPECT_EQ(pdf::name_text("FlateDecode"), "/FlateDecode");
    EXPECT_EQ(pdf::name_text("A B#(x)/%"), "/A#20B#23#28x#29#2f#25");
    EXPECT_EQ(pdf::string_text("Adobe"), "(Adobe)");
    EXPECT_EQ(pdf::string_text("a(b)c\\d\n"), "(a\\(b\\)c\\\\d\\n)");
    EXPECT_EQ(pdf::string_text(std::string("x\x01y", 3)), "<780179>");  // a control character: hex
    EXPECT_EQ(pdf::string_text("\xff\xfe\xfd\x41"), "<fffefd41>");      // mostly past ASCII: hex
    EXPECT_EQ(pdf::string_text("caf\xe9s and more"), "(caf\xe9s and more)");
    EXPECT_EQ(pdf::string_text(std::string("\x7f", 1) + "abcdefghij"), "(\\177abcdefghij)");
}

// HaruObject reads a saved libharu document's objects: the page's
// dictionary with its references, the font's strings and numbers, and a
// stream's data deflated as libharu wrote it.
TEST(StreamWriter, HaruObjectReadsWhatLibharuSaved) {
    Document doc;
    doc.fonts = lato().files();
    doc.pages.emplace_back();
    TextRun run;
    run.x = 50;
    run.y = 700;
    run.text = "Hello";
    doc.pages[0].items.push_back(run);
    const pdf::PdfDocument pdf;
    const std::vector<HPDF_Page> pages = pdf::paint_and_save(pdf, doc, /*embed_fonts=*/true);
    ASSERT_EQ(pages.size(), 1u);
    const pdf::HaruObject page = pdf::page_object(pages[0]);
    EXPECT_EQ(page.keys(), (std::vector<std::string>{"Contents", "MediaBox", "Parent", "Resources", "Type"}));
    EXPECT_EQ(page.at("Type").name(), "Page");
    EXPECT_TRUE(page.at("Contents").indirect());
    EXPECT_TRUE(page.at("Contents").is_stream());
    EXPECT_FALSE(page.at("Contents").has("Length")) << "a stream's copy says its own length";
    EXPECT_EQ(page.at("Contents").at("Filter").name(), "FlateDecode");
    EXPECT_EQ(page.at("MediaBox").size(), 4u);
    EXPECT_EQ(page.at("MediaBox").item(0).scalar(), "0");
    const pdf::HaruObject fonts = page.at("Resources").at("Font");
    ASSERT_EQ(fonts.keys().size(), 1u);
    const pdf::HaruObject font = fonts.at(fonts.keys()[0]);
    EXPECT_EQ(font.at("Subtype").name(), "Type0");
    const pdf::HaruObject cid = font.at("DescendantFonts").item(0);
    EXPECT_EQ(cid.at("CIDSystemInfo").at("Registry").scalar(), "(Adobe)");
    EXPECT_EQ(cid.at("CIDSystemInfo").at("Supplement").scalar(), "0");
    EXPECT_THROW(page.at("NoSuchKey"), PdfError);
    EXPECT_THROW((void)page.scalar(), PdfError);
}
