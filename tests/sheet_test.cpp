// Machine-readable sheets (issue 11), read back with real tools: the QR page
// codes decode with zbarimg, `handout layout --json` agrees with the pixels
// of the rendered PDF, and every line, bubble, box and mark survives a
// black-and-white copy (150 dpi, 50 % threshold).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "handout/layout.hpp"
#include "handout/render.hpp"
#include "handout/variant.hpp"
#include "support.hpp"

using namespace handout;
using namespace handout::test;

namespace {

/// A page code without its layout tag (the last of four fields: five
/// Crockford characters), which the test checks is there.
/// "HO1 <sheet> <page>" of a decoded page code with its layout tag, the
/// sheet code as printed (the QR carries a W3 code compactly).
std::string without_layout_tag(const std::string& code) {
    const auto parsed = scan::parse_page_code(code);
    EXPECT_TRUE(parsed.has_value()) << code;
    if (!parsed) return code;
    EXPECT_EQ(std::count(code.begin(), code.end(), ' '), 3) << code;
    EXPECT_EQ(parsed->layout.size(), 5u) << code;
    EXPECT_LE(code.size(), 38u) << code << ": more than a version-2 QR symbol at level M holds";
    return "HO1 " + parsed->sheet + " " + parsed->page;
}

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string handout_bin = HANDOUT_BINARY;

/// An 8-bit gray raster read from a binary PGM (what `pdftoppm -gray` writes).
struct Gray {
    int width = 0, height = 0;
    double dpi = 0;
    std::string pixels;

    /// The pixel under page point (x, y) (points from the bottom-left), 255 off the page.
    int at_point(double x, double y) const {
        const int px = static_cast<int>(std::floor(x * dpi / 72));
        const int py = static_cast<int>(std::floor((height * 72 / dpi - y) * dpi / 72));
        return at(px, py);
    }
    int at(int px, int py) const {
        if (px < 0 || py < 0 || px >= width || py >= height) return 255;
        return static_cast<unsigned char>(pixels[static_cast<std::size_t>(py) * static_cast<std::size_t>(width) +
                                                 static_cast<std::size_t>(px)]);
    }
    /// Whether any pixel within `reach` pixels of page point (x, y) is darker than `cut`.
    bool dark_near(double x, double y, int reach, int cut) const {
        const int cx = static_cast<int>(std::floor(x * dpi / 72));
        const int cy = static_cast<int>(std::floor((height * 72 / dpi - y) * dpi / 72));
        for (int dy = -reach; dy <= reach; ++dy)
            for (int dx = -reach; dx <= reach; ++dx)
                if (at(cx + dx, cy + dy) < cut) return true;
        return false;
    }
};

Gray read_pgm(const std::string& path, double dpi) {
    const std::string data = slurp(path);
    Gray g;
    g.dpi = dpi;
    std::smatch m;
    static const std::regex header(R"(^P5\s+(\d+)\s+(\d+)\s+255\s)");
    if (!std::regex_search(data, m, header)) return g;
    g.width = std::stoi(m[1]);
    g.height = std::stoi(m[2]);
    g.pixels = data.substr(static_cast<std::size_t>(m.length(0)));
    if (g.pixels.size() != static_cast<std::size_t>(g.width) * static_cast<std::size_t>(g.height)) g = Gray{};
    return g;
}

class Sheets : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("handout-sheet-" + std::to_string(::getpid()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    Proc handout(const std::string& args) const { return run(quote(handout_bin) + " " + args); }
    static std::string worksheet(const std::string& name) { return quote(source_dir + "/worksheets/" + name); }

    /// Page `page` (1-based) of a PDF at `dpi`, gray.
    Gray raster(const std::string& pdf, int page, double dpi) const {
        const std::string stem = path("page");
        const Proc r = run("pdftoppm -gray -r " + std::to_string(static_cast<int>(dpi)) + " -f " +
                           std::to_string(page) + " -l " + std::to_string(page) + " -singlefile " + quote(pdf) + " " +
                           quote(stem));
        EXPECT_EQ(r.status, 0) << r.out;
        return read_pgm(stem + ".pgm", dpi);
    }

    std::filesystem::path dir_;
};

Prepared prepared(const std::string& name, const std::string& style = "") {
    Diagnostics diags;
    auto p = prepare(source_dir + "/worksheets/" + name, style, source_dir, diags);
    EXPECT_TRUE(p.has_value()) << diags.format();
    return std::move(*p);
}

Document laid_out(const Prepared& p, std::uint32_t seed, KeyMode key = KeyMode::on) {
    LayoutOptions o;
    o.key = key;
    Document doc;
    layout_seed(p, seed, o, doc);
    return doc;
}

/// zbarimg's decoded texts of an image file (QR codes only), one per symbol.
std::vector<std::string> zbar(const std::string& image) {
    // zbarimg's stderr (D-Bus chatter on some machines) stays out of the output.
    const Proc r = run("(zbarimg --quiet --raw -Sdisable -Sqrcode.enable " + quote(image) + " 2>/dev/null)");
    std::vector<std::string> out;
    std::string line;
    for (char c : r.out) {
        if (c == '\n') {
            if (!line.empty()) out.push_back(line);
            line.clear();
        } else {
            line += c;
        }
    }
    if (!line.empty()) out.push_back(line);
    return out;
}

}  // namespace

// Proves the done-when of issue 11: a 30-copy batch rendered at 150 dpi has
// a QR code on every student page that Debian's zbarimg decodes to that
// page's own code ("HO1 <sheet code> <page>"); the marking pack's key pages
// carry none.
TEST_F(Sheets, ZbarDecodesThePageCodeOfEveryPageOfA30CopyBatch) {
    const std::string sheets = path("class.pdf"), keys = path("keys.pdf");
    const Proc r = handout("batch " + worksheet("split-the-work.yaml") + " --copies 30 -o " + quote(sheets) +
                           " --keys " + quote(keys));
    ASSERT_EQ(r.status, 0) << r.out;
    const Worksheet& ws = prepared("split-the-work.yaml").worksheet;
    ASSERT_EQ(run("pdftoppm -gray -r 150 " + quote(sheets) + " " + quote(path("s"))).status, 0);
    std::set<std::string> expected, found;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) expected.insert("HO1 " + sheet_code(ws, seed) + " 1");
    int pages = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
        if (entry.path().extension() != ".pgm") continue;
        ++pages;
        const auto codes = zbar(entry.path().string());
        ASSERT_EQ(codes.size(), 1u) << entry.path().filename();
        found.insert(without_layout_tag(codes[0]));
    }
    EXPECT_EQ(pages, 30);
    EXPECT_EQ(found, expected);
    ASSERT_EQ(run("pdftoppm -gray -r 150 -f 1 -l 3 " + quote(keys) + " " + quote(path("k"))).status, 0);
    for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
        if (entry.path().filename().string().rfind("k-", 0) != 0) continue;
        EXPECT_TRUE(zbar(entry.path().string()).empty()) << entry.path().filename();
    }
}

// Proves `handout layout --json` is where the PDF draws: for every target of
// every page of forces-and-motion (every question type), the outline's
// pixels at 300 dpi are dark on the outline the JSON gives and light a
// point and a half inside and outside it (so it is neither shifted nor
// resized by half a millimetre); the QR and corner marks likewise.
TEST_F(Sheets, LayoutJsonAgreesWithThePdf) {
    const std::string pdf = path("fm.pdf"), json = path("fm.json");
    ASSERT_EQ(handout("render " + worksheet("forces-and-motion.yaml") + " --seed 3 --key off -o " + quote(pdf)).status, 0);
    const Proc r = handout("layout " + worksheet("forces-and-motion.yaml") + " --seed 3 --json -o " + quote(json));
    ASSERT_EQ(r.status, 0) << r.out;
    const auto layout = nlohmann::json::parse(slurp(json));
    std::map<int, Gray> pages;
    int checked = 0;
    std::set<std::string> kinds;
    for (const auto& page_json : layout.at("pages"))
        for (const auto& t : page_json.at("targets")) {
            const int page = t.at("page").get<int>();
            if (!pages.count(page)) pages[page] = raster(pdf, page, 300);
            const Gray& g = pages[page];
            const double x = t.at("x"), y = t.at("y"), w = t.at("w"), h = t.at("h");
            const std::string kind = t.at("kind");
            kinds.insert(kind);
            SCOPED_TRACE("page " + std::to_string(page) + " question " + t.at("question").dump() + " " +
                         kind + " " + t.at("value").get<std::string>());
            const double cx = x + w / 2, cy = y + h / 2;
            for (int k = 0; k < 16; ++k) {
                const double a = 2 * M_PI * (k + 0.5) / 16, ux = std::cos(a), uy = std::sin(a);
                // The outline point in direction a: on the circle, or on the square's edge.
                const double s = kind == "tick_box" ? 1 / std::max(std::abs(ux), std::abs(uy)) : 1.0;
                const double ox = cx + ux * s * w / 2, oy = cy + uy * s * h / 2;
                EXPECT_TRUE(g.dark_near(ox, oy, 1, 128)) << "no outline at angle " << k;
                EXPECT_GT(g.at_point(ox + ux * 1.5, oy + uy * 1.5), 200)
                    << "ink outside the outline at angle " << k;
            }
            ++checked;
        }
    // truefalse 2 + choice 4 + 4 + multi 5 + match 4 × 4 + order 4 × 4 + digit grid 1 + 4 × 11
    // + teacher boxes 3 + 3
    EXPECT_EQ(checked, 98);
    EXPECT_EQ(kinds, (std::set<std::string>{"bubble", "digit", "teacher_box", "tick_box"}));
    const auto& qr = layout.at("pages").at(0).at("qr");
    const double x = qr.at("x"), y = qr.at("y"), w = qr.at("w");
    const Gray& g = pages.begin()->second;
    // Finder patterns: dark just inside the top-left, top-right and bottom-left corners; light just outside.
    for (const auto& [px, py] : {std::pair{x + 0.5, y + w - 0.5}, {x + w - 0.5, y + w - 0.5}, {x + 0.5, y + 0.5}})
        EXPECT_LT(g.at_point(px, py), 60);
    EXPECT_GT(g.at_point(x - 1, y + w / 2), 200);
    EXPECT_GT(g.at_point(x + w + 1, y + w / 2), 200);
    for (const auto& c : scan::corner_marks(595.28, 841.89)) {
        EXPECT_LT(g.at_point(c.x + c.w / 2, c.y + c.h / 2), 60);
        EXPECT_GT(g.at_point(c.x - 1.5, c.y + c.h / 2), 200);
        EXPECT_GT(g.at_point(c.x + c.w + 1.5, c.y + c.h / 2), 200);
    }
}

// Proves the pages survive a black-and-white photocopy: every shipped
// worksheet under every shipped style, rendered at 150 dpi and cut at 50 %
// gray, still shows every line, bubble, box and corner mark of its Document
// (each checked at points along its whole outline), and its QR code still
// decodes from the cut image.
TEST_F(Sheets, EveryLineBubbleBoxAndMarkSurvivesAFiftyPercentThreshold) {
    int items = 0;
    for (const char* name : {"split-the-work.yaml", "forces-and-motion.yaml", "parallelism-quiz.yaml"}) {
        for (const char* style : {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"}) {
            const Prepared p = prepared(name, style);
            const Document doc = laid_out(p, 7);
            const std::string pdf = path("t.pdf");
            ASSERT_EQ(handout("render " + worksheet(name) + " --seed 7 --template " + style + " -o " + quote(pdf)).status, 0);
            for (std::size_t i = 0; i < doc.pages.size(); ++i) {
                SCOPED_TRACE(std::string(name) + " " + style + " page " + std::to_string(i + 1));
                const Gray g = raster(pdf, static_cast<int>(i) + 1, 150);
                ASSERT_GT(g.width, 0);
                const auto along = [&](double x1, double y1, double x2, double y2, const char* what) {
                    int missing = 0;
                    for (int k = 0; k <= 20; ++k) {
                        const double t = k / 20.0;
                        missing += !g.dark_near(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t, 1, 128);
                    }
                    EXPECT_EQ(missing, 0) << what << " from (" << x1 << ", " << y1 << ") to (" << x2 << ", " << y2 << ")";
                };
                for (const Item& item : doc.pages[i].items) {
                    if (const auto* rule = std::get_if<Rule>(&item)) {
                        along(rule->x1, rule->y1, rule->x2, rule->y2, "rule");
                    } else if (const auto* c = std::get_if<Circle>(&item)) {
                        int missing = 0;
                        for (int k = 0; k < 24; ++k) {
                            const double a = 2 * M_PI * k / 24;
                            missing += !g.dark_near(c->cx + c->r * std::cos(a), c->cy + c->r * std::sin(a), 1, 128);
                        }
                        EXPECT_EQ(missing, 0) << "circle at (" << c->cx << ", " << c->cy << ")";
                    } else if (const auto* b = std::get_if<Box>(&item)) {
                        along(b->x, b->y, b->x + b->w, b->y, "box bottom");
                        along(b->x, b->y + b->h, b->x + b->w, b->y + b->h, "box top");
                        along(b->x, b->y, b->x, b->y + b->h, "box left");
                        along(b->x + b->w, b->y, b->x + b->w, b->y + b->h, "box right");
                    } else if (const auto* s = std::get_if<Solid>(&item)) {
                        for (double fx : {0.2, 0.5, 0.8})
                            for (double fy : {0.2, 0.5, 0.8})
                                EXPECT_LT(g.at_point(s->x + s->w * fx, s->y + s->h * fy), 128) << "corner mark";
                    } else {
                        continue;
                    }
                    ++items;
                }
                if (page_code_of(doc.pages[i])) {
                    // The cut image, as a copier would make it, still decodes.
                    Gray cut = g;
                    for (char& px : cut.pixels) px = static_cast<unsigned char>(px) < 128 ? '\0' : '\xff';
                    const std::string pgm = path("cut.pgm");
                    std::ofstream(pgm, std::ios::binary) << "P5\n" << cut.width << " " << cut.height << "\n255\n" << cut.pixels;
                    const auto codes = zbar(pgm);
                    ASSERT_EQ(codes.size(), 1u);
                    EXPECT_EQ(codes[0], page_code_of(doc.pages[i])->code.text);
                }
            }
        }
    }
    EXPECT_GT(items, 500);
}

// Proves the page code and corner marks cost little ink: their black area
// (four 4 mm squares and the QR's dark modules) is at most 0.25 % of an A4
// page, on every student page of every shipped worksheet; and that every
// student page has exactly four corner marks and one page code naming its
// sheet and page, while key pages have neither.
TEST(SheetMarks, CostAtMostAQuarterPercentOfThePageAndSitOnEveryStudentPage) {
    for (const char* name : {"split-the-work.yaml", "forces-and-motion.yaml", "parallelism-quiz.yaml"}) {
        const Prepared p = prepared(name);
        for (std::uint32_t seed : {0u, 1u, 4294967295u}) {
            const Document doc = laid_out(p, seed);
            const std::string code = sheet_code(p.worksheet, seed);
            int student = 0;
            for (const Page& page : doc.pages) {
                double black = 0;
                int marks = 0, codes = 0;
                for (const Item& item : page.items) {
                    if (const auto* s = std::get_if<Solid>(&item)) {
                        black += s->w * s->h;
                        marks += s->tag.role == Role::corner_mark;
                    } else if (const auto* q = std::get_if<Symbol>(&item)) {
                        const double module = q->size / q->modules;
                        for (auto d : q->dark) black += d ? module * module : 0;
                        ++codes;
                    }
                }
                const auto pc = page_code_of(page);
                if (!pc) {
                    EXPECT_EQ(marks + codes, 0) << name << " seed " << seed << ": a key page with marks";
                    continue;
                }
                ++student;
                EXPECT_EQ(marks, 4);
                EXPECT_EQ(codes, 1);
                EXPECT_EQ(pc->code.sheet, code);
                EXPECT_EQ(pc->code.page, std::to_string(student));
                EXPECT_LE(black / (doc.width * doc.height), 0.0025) << name << " seed " << seed;
            }
            EXPECT_GT(student, 0);
        }
    }
}

// Proves `--answer-sheet`: the question pages carry no page code, corner
// marks or teacher boxes; the answer sheet (one page for forces-and-motion)
// carries them with page code "A1", and holds exactly the targets the
// question pages would have held without it (same kinds, questions, printed
// numbers and values), so one reader handles both.
TEST(AnswerSheet, HoldsEveryTargetOfTheQuestionPagesAndTheirMarks) {
    const Prepared p = prepared("forces-and-motion.yaml");
    for (std::uint32_t seed : {0u, 3u, 11u}) {
        LayoutOptions plain, with_sheet;
        plain.key = with_sheet.key = KeyMode::off;
        with_sheet.answer_sheet = true;
        Document a, b;
        layout_seed(p, seed, plain, a);
        layout_seed(p, seed, with_sheet, b);
        using Key = std::tuple<std::string, int, std::string, std::string>;
        std::multiset<Key> on_questions, on_sheet;
        for (std::size_t i = 0; i < a.pages.size(); ++i) {
            const auto g = page_geometry(a, i);
            ASSERT_TRUE(g.has_value()) << "every question page carries a page code without an answer sheet";
            for (const auto& t : g->targets)
                on_questions.insert({std::string(scan::to_string(t.kind)), t.question, t.printed, t.value});
        }
        std::vector<std::string> codes;
        for (std::size_t i = 0; i < b.pages.size(); ++i) {
            const auto g = page_geometry(b, i);
            if (!g) {
                for (const Item& item : b.pages[i].items) {
                    EXPECT_NE(tag_of(item).role, Role::corner_mark);
                    EXPECT_NE(tag_of(item).role, Role::teacher_box);
                }
                continue;
            }
            codes.push_back(page_code_of(b.pages[i])->code.page);
            for (const auto& t : g->targets)
                on_sheet.insert({std::string(scan::to_string(t.kind)), t.question, t.printed, t.value});
        }
        EXPECT_EQ(codes, std::vector<std::string>{"A1"}) << "seed " << seed;
        EXPECT_EQ(on_sheet, on_questions) << "seed " << seed;
        EXPECT_GT(on_sheet.size(), 90u);
    }
}

// Proves `id_digits: N` prints a student-number grid of N columns of 0–9
// bubbles (values "column:digit") on the first page, or on the answer sheet
// when there is one, and nowhere else.
TEST(AnswerSheet, StudentNumberGridGoesOnTheFirstPageOrTheAnswerSheet) {
    Prepared p = prepared("split-the-work.yaml");
    p.worksheet.id_digits = 5;
    for (bool answer_sheet : {false, true}) {
        LayoutOptions o;
        o.key = KeyMode::off;
        o.answer_sheet = answer_sheet;
        Document doc;
        layout_seed(p, 2, o, doc);
        std::map<std::size_t, std::set<std::string>> ids;
        for (std::size_t i = 0; i < doc.pages.size(); ++i)
            for (const Item& item : doc.pages[i].items)
                if (tag_of(item).role == Role::student_id) ids[i].insert(tag_of(item).value);
        ASSERT_EQ(ids.size(), 1u) << "answer sheet " << answer_sheet;
        EXPECT_EQ(ids.begin()->first, answer_sheet ? doc.pages.size() - 1 : 0u);
        EXPECT_EQ(ids.begin()->second.size(), 50u);
        EXPECT_TRUE(ids.begin()->second.count("5:9"));
        EXPECT_FALSE(ids.begin()->second.count("1:."));
    }
}

// Proves `batch --booklet`: one master-copy booklet (seed 0, no page code),
// then an answer sheet per copy in the master order whose page codes zbarimg
// reads as "HO1 <seed-0 code> A1-<sheet number>", each copy its own.
TEST_F(Sheets, ABookletBatchHasOneBookletAndAnAnswerSheetPerCopy) {
    const std::string pdf = path("booklet.pdf");
    const Proc r = handout("batch " + worksheet("split-the-work.yaml") + " --copies 12 --booklet -o " + quote(pdf));
    ASSERT_EQ(r.status, 0) << r.out;
    ASSERT_EQ(run("pdftoppm -gray -r 150 " + quote(pdf) + " " + quote(path("b"))).status, 0);
    const std::string code = sheet_code(prepared("split-the-work.yaml").worksheet, 0);
    std::vector<std::string> found;
    std::vector<std::filesystem::path> pages;
    for (const auto& entry : std::filesystem::directory_iterator(dir_))
        if (entry.path().extension() == ".pgm") pages.push_back(entry.path());
    std::sort(pages.begin(), pages.end());
    ASSERT_EQ(pages.size(), 13u) << "a one-page booklet and 12 answer sheets";
    EXPECT_TRUE(zbar(pages[0].string()).empty()) << "the booklet carries no page code";
    for (std::size_t i = 1; i < pages.size(); ++i) {
        const auto codes = zbar(pages[i].string());
        ASSERT_EQ(codes.size(), 1u) << pages[i];
        found.push_back(without_layout_tag(codes[0]));
    }
    std::vector<std::string> expected;
    for (int i = 1; i <= 12; ++i) expected.push_back("HO1 " + code + " A1-" + (i < 10 ? "0" : "") + std::to_string(i));
    EXPECT_EQ(found, expected);
    EXPECT_EQ(handout("batch " + worksheet("split-the-work.yaml") + " --copies 2 --booklet --first-seed 5 -o " +
                      quote(path("x.pdf"))).status, 2);
}

// Proves a teacher box stays a row a teacher can use, however many points:
// half points up to 6, whole points up to 12, then coarser steps, never more
// than 13 bubbles, always from 0 to the question's points.
TEST(TeacherBox, OffersZeroToThePointsInAtMostThirteenBubbles) {
    Prepared p = prepared("forces-and-motion.yaml");
    Question* short_question = nullptr;
    int index = 0, short_index = 0;
    for (auto& section : p.worksheet.sections)
        for (auto& q : section.questions) {
            ++index;
            if (q.type() == QuestionType::short_answer) short_question = &q, short_index = index;
        }
    ASSERT_NE(short_question, nullptr);
    const std::map<int, std::vector<std::string>> expected{
        {2, {"0", "0.5", "1"}},
        {12, {"0", "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5", "5.5", "6"}},
        {14, {"0", "1", "2", "3", "4", "5", "6", "7"}},
        {26, {"0", "2", "4", "6", "8", "10", "12", "13"}},
        {200, {"0", "10", "20", "30", "40", "50", "60", "70", "80", "90", "100"}},
    };
    for (const auto& [halves, values] : expected) {
        short_question->points.halves = halves;
        const Document doc = laid_out(p, 0, KeyMode::off);
        std::vector<std::string> seen;
        for (std::size_t i = 0; i < doc.pages.size(); ++i) {
            const auto g = page_geometry(doc, i);
            ASSERT_TRUE(g.has_value());
            for (const auto& t : g->targets)
                if (t.kind == scan::TargetKind::teacher_box && t.question == short_index) seen.push_back(t.value);
        }
        EXPECT_EQ(seen, values) << halves << " half points";
    }
}

namespace {

/// What a scanner and a marker read off a laid-out sheet, whatever its
/// size and page count: the sheet codes of its page codes, then every
/// target's kind, question, printed number and value, in page order.
std::vector<std::string> readable_marks(const Document& doc) {
    std::set<std::string> sheets;
    std::vector<std::string> out;
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        const auto geometry = page_geometry(doc, i);
        if (!geometry) continue;
        if (const auto code = page_code_of(doc.pages[i])) sheets.insert(code->code.sheet);
        for (const auto& t : geometry->targets)
            out.push_back(std::string(scan::to_string(t.kind)) + " q" + std::to_string(t.question) + " #" +
                          t.printed + " " + t.value);
    }
    out.insert(out.begin(), sheets.begin(), sheets.end());
    return out;
}

/// The words of a key PDF in reading order, without each page's footer
/// (its page count depends on the print size).
std::string key_words(const std::string& pdf) {
    const Proc r = run("pdftotext -raw " + quote(pdf) + " -");
    EXPECT_EQ(r.status, 0) << r.out;
    std::string words;
    std::istringstream lines(r.out);
    static const std::regex footer(R"(page \d+ of \d+\s*$)");
    for (std::string line; std::getline(lines, line);) {
        if (std::regex_search(line, footer) || line.find("lightmysky.com") != std::string::npos) continue;
        std::istringstream in(line);
        for (std::string w; in >> w;) words += (words.empty() ? "" : " ") + w;
    }
    return words;
}

}  // namespace

// Proves the access styles print the same variant as the standard one: for
// every shipped worksheet, modified-large-print and dyslexia sheets of a seed
// carry the same page codes (so the same sheet code), the same question
// numbers and option letters on every bubble, box and teacher box of the
// question pages and of the answer sheet, and their keys read the same,
// word for word, once pdftotext has read them back.
TEST_F(Sheets, AccessStylesPrintTheSameVariantCodeNumbersAndKey) {
    for (const char* name : {"split-the-work.yaml", "forces-and-motion.yaml", "parallelism-quiz.yaml"}) {
        std::vector<std::string> standard_marks, standard_sheet_marks;
        std::string standard_key;
        for (const char* style : {"classic", "modified-large-print", "dyslexia"}) {
            SCOPED_TRACE(std::string(name) + " " + style);
            const Prepared p = prepared(name, style);
            EXPECT_EQ(p.style.name, style);
            LayoutOptions o;
            o.key = KeyMode::off;
            Document pages;
            layout_seed(p, 7, o, pages);
            o.answer_sheet = true;
            Document sheet;
            layout_seed(p, 7, o, sheet);
            const std::string key_pdf = path(std::string("key-") + style + ".pdf");
            ASSERT_EQ(handout("render " + worksheet(name) + " --seed 7 --key only --template " + style + " -o " +
                              quote(key_pdf)).status, 0);
            const auto marks = readable_marks(pages);
            const auto sheet_marks = readable_marks(sheet);
            const std::string key = key_words(key_pdf);
            ASSERT_FALSE(marks.empty());
            ASSERT_FALSE(sheet_marks.empty());
            EXPECT_TRUE(marks.front().starts_with("W3-") && marks.front().find("-7-") != std::string::npos) << marks.front();
            if (standard_key.empty()) {
                standard_marks = marks;
                standard_sheet_marks = sheet_marks;
                standard_key = key;
                continue;
            }
            EXPECT_EQ(marks, standard_marks);
            EXPECT_EQ(sheet_marks, standard_sheet_marks);
            EXPECT_EQ(key, standard_key);
        }
    }
}

namespace {

/// The text of page `page` (1-based) of a PDF, as pdftotext reads it.
std::string page_text(const std::string& pdf, int page) {
    return run("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + quote(pdf) + " -").out;
}

/// The page count of a PDF, as pdfinfo reads it.
int page_count(const std::string& pdf) {
    std::smatch m;
    const std::string info = run("pdfinfo " + quote(pdf)).out;
    static const std::regex pages(R"(Pages:\s+(\d+))");
    return std::regex_search(info, m, pages) ? std::stoi(m[1]) : 0;
}

/// The base font names (subset tag cut off) pdffonts lists for one page.
std::set<std::string> page_fonts(const std::string& pdf, int page) {
    const std::string out = run("pdffonts -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + quote(pdf)).out;
    std::set<std::string> fonts;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);) {
        const auto plus = line.find('+');
        if (plus == std::string::npos || plus > 7) continue;
        // "Lato-Bold,Bold": the name up to the first comma or space.
        fonts.insert(line.substr(plus + 1, line.find_first_of(" ,", plus) - plus - 1));
    }
    return fonts;
}

/// Every sheet code (W3-…) a text holds, in order.
std::vector<std::string> codes_in(const std::string& text) {
    static const std::regex code(R"(W3-[0-9A-Z]{4}-[0-9A-Z]{9}-\d+-[0-9A-Z*~$=])");
    std::vector<std::string> out;
    for (std::sregex_iterator it(text.begin(), text.end(), code), end; it != end; ++it) out.push_back(it->str());
    return out;
}

}  // namespace

// Proves the done-when of issue 14 items 1-2: a batch whose roster asks for
// `large` for two students and `dyslexia` for one prints those students'
// pages in those styles (pdffonts: Lato Bold only for modified large print,
// Lato Regular and Bold for dyslexia, Lato Light for the others) inside the
// one batch PDF, with the same sheet codes, page for page, as the batch of the
// same roster without the column, and a marking pack that reads the same,
// key for key, apart from the grid naming the two styles.
TEST_F(Sheets, ARosterStyleColumnPrintsThoseStudentsSheetsInTheirStylesWithTheSameCodesAndKeys) {
    const std::string styled = path("styled.csv"), plain = path("plain.csv");
    std::ofstream(styled) << "name,needs\nAnn Lee,large\nBob Ray,\nCid Day,dyslexia\nDee Fox,Large\nEve Kim,standard\n";
    std::ofstream(plain) << "name\nAnn Lee\nBob Ray\nCid Day\nDee Fox\nEve Kim\n";
    for (const auto& [csv, stem] : {std::pair{styled, "styled"}, std::pair{plain, "plain"}}) {
        const Proc r = handout("batch " + worksheet("forces-and-motion.yaml") + " --roster " + quote(csv) + " -o " +
                               quote(path(std::string(stem) + ".pdf")) + " --keys " +
                               quote(path(std::string(stem) + "-keys.pdf")));
        ASSERT_EQ(r.status, 0) << r.out;
    }

    // Page by page: whose sheet (its code's seed), and in which faces.
    const std::map<std::string, std::string> style_of_seed = {
        {"1", "modified-large-print"}, {"2", "classic"}, {"3", "dyslexia"}, {"4", "modified-large-print"}, {"5", "classic"}};
    const std::map<std::string, std::set<std::string>> faces = {
        {"classic", {"Lato-Light", "Lato-Regular", "LiberationMono"}},
        {"modified-large-print", {"Lato-Bold", "LiberationMono"}},
        {"dyslexia", {"Lato-Regular", "Lato-Bold", "LiberationMono"}},
    };
    std::vector<std::string> styled_codes, plain_codes;
    std::map<std::string, int> pages_of;
    const int pages = page_count(path("styled.pdf"));
    ASSERT_GT(pages, 10);
    for (int i = 1; i <= pages; ++i) {
        SCOPED_TRACE("page " + std::to_string(i));
        const auto codes = codes_in(page_text(path("styled.pdf"), i));
        ASSERT_EQ(codes.size(), 1u);
        if (styled_codes.empty() || styled_codes.back() != codes[0]) styled_codes.push_back(codes[0]);
        // W3-XXXX-XXXXXXXXX-<seed>-<check>: the seed sits between the last two dashes.
        const std::size_t check_dash = codes[0].rfind('-');
        const std::size_t seed_dash = codes[0].rfind('-', check_dash - 1);
        const std::string seed = codes[0].substr(seed_dash + 1, check_dash - seed_dash - 1);
        const std::string& style = style_of_seed.at(seed);
        ++pages_of[style];
        auto used = page_fonts(path("styled.pdf"), i);
        used.erase("Lato-Italic");  // the classic style's bold italic, when a page has any
        used.erase("Lato-LightItalic");
        used.erase("Lato-BoldItalic");
        for (const auto& f : used) EXPECT_TRUE(faces.at(style).count(f)) << f << " on a " << style << " page";
        EXPECT_TRUE(used.count(style == "modified-large-print" ? "Lato-Bold" : style == "dyslexia" ? "Lato-Regular" : "Lato-Light"))
            << style;
    }
    for (int i = 1, n = page_count(path("plain.pdf")); i <= n; ++i) {
        const auto codes = codes_in(page_text(path("plain.pdf"), i));
        ASSERT_EQ(codes.size(), 1u);
        if (plain_codes.empty() || plain_codes.back() != codes[0]) plain_codes.push_back(codes[0]);
    }
    EXPECT_EQ(styled_codes, plain_codes);
    EXPECT_EQ(styled_codes.size(), 5u);
    // Larger print takes more pages than the classic sheets of the same variant.
    EXPECT_GT(pages_of["modified-large-print"] / 2, pages_of["classic"] / 2);

    // The marking pack: the grid names the styles (its columns wrap to the
    // wider names); every key after it reads the same, word for word.
    const std::string styled_keys = key_words(path("styled-keys.pdf"));
    const std::string plain_keys = key_words(path("plain-keys.pdf"));
    EXPECT_NE(styled_keys.find("01 Ann Lee \u00b7 modified-large-print 1-"), std::string::npos) << styled_keys;
    EXPECT_NE(styled_keys.find("03 Cid Day \u00b7 dyslexia 3-"), std::string::npos);
    EXPECT_NE(styled_keys.find("02 Bob Ray 2-"), std::string::npos);
    const auto keys_of = [](const std::string& pack) { return pack.substr(std::min(pack.size(), pack.find("Answer key"))); };
    EXPECT_GT(keys_of(styled_keys).size(), 1000u);
    EXPECT_EQ(keys_of(styled_keys), keys_of(plain_keys));
}

// Proves a roster's style cell that names no page style, or a style on
// another paper size than the class set's, is a located error with a hint,
// both reported at once, and the batch writes nothing.
TEST_F(Sheets, ARosterStyleThatCannotPrintIsALocatedErrorAndNothingIsWritten) {
    const std::string csv = path("r.csv"), out = path("out.pdf");
    std::ofstream(csv) << "name,style\nAnn,huge\nBob,letter\nCid,dyslexia\n";
    const Proc r = handout("batch " + worksheet("forces-and-motion.yaml") + " --roster " + quote(csv) + " -o " + quote(out));
    EXPECT_EQ(r.status, 1) << r.out;
    EXPECT_NE(r.out.find("r.csv:2:5: error: no page style 'huge' for this student's sheet"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("hint: write large (modified-large-print), dyslexia or a page style's name (cannot read "
                         "template 'huge'"),
              std::string::npos);
    EXPECT_NE(r.out.find("compact, dyslexia, large-print, letter, modified-large-print)"), std::string::npos);
    EXPECT_NE(r.out.find("r.csv:3:5: error: page style 'letter' prints on another paper size than the class set's"),
              std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out));
}
