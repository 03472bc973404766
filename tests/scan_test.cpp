// Scan reading on synthetic scans with known truth: page codes, every input
// format, orientation, skew, scale, resolution, photocopies, 1-bit, JPEG 50,
// a missing corner, unreadable pages with their reason, mark judging and the
// per-question summary.

#include "handout/scan.hpp"
#include "synth/students.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

using namespace handout::scan;
using namespace handout::scan::synth;

namespace {

namespace fs = std::filesystem;

const std::string code_text = "HO1 W1-2JO38SQAEO2A4-S17 2";

/// The planted marks: single-answer groups get, in turn, a clean fill, a
/// changed answer, nothing, two fills, light pencil, a tick, a cross, a
/// partial fill, a stray dot, then clean fills; tick boxes every other one.
struct Planted {
    PageGeometry geometry;
    std::vector<Mark> marks;
    Raster page;  ///< 300 dpi, undegraded
};

Planted make_planted(Paper paper, double dpi) {
    Planted p;
    p.geometry = sample_geometry(paper);
    p.marks.assign(p.geometry.targets.size(), Mark::none);
    PageReading none;
    none.marks.assign(p.geometry.targets.size(), MarkReading{});
    int group = 0;
    for (const Answer& a : summarize(p.geometry, [&] {
             PageReading r;
             r.marks.assign(p.geometry.targets.size(), MarkReading{});
             return r;
         }())) {
        const auto& t = a.targets;
        if (a.kind == TargetKind::tick_box) {
            for (std::size_t i = 0; i < t.size(); i += 2) {
                p.marks[t[i]] = Mark::fill;
            }
            continue;
        }
        switch (group++) {
            case 0: p.marks[t[0]] = Mark::fill; break;
            case 1: p.marks[t[0]] = Mark::cancel; p.marks[t[1]] = Mark::fill; break;
            case 2: break;
            case 3: p.marks[t[0]] = Mark::fill; p.marks[t[1]] = Mark::fill; break;
            case 4: p.marks[t[1]] = Mark::light; break;
            case 5: p.marks[t[1]] = Mark::tick; break;
            case 6: p.marks[t[1]] = Mark::cross; break;
            case 7: p.marks[t[1]] = Mark::stray; break;
            default: p.marks[t[static_cast<std::size_t>(group) % t.size()]] = Mark::fill; break;
        }
    }
    p.page = draw_page(p.geometry, code_text, dpi);
    Rng rng(7);
    for (std::size_t i = 0; i < p.marks.size(); ++i) {
        paint_mark(p.page, p.geometry.targets[i], p.marks[i], p.geometry.height, rng);
    }
    return p;
}

const Planted& planted(double dpi = 300) {
    static std::map<double, Planted> pages;
    auto it = pages.find(dpi);
    if (it == pages.end()) {
        it = pages.emplace(dpi, make_planted(Paper::a4, dpi)).first;
    }
    return it->second;
}

PageReading read(const Raster& raster, const PageGeometry& geometry) {
    const Identification id = identify_page(raster);
    EXPECT_TRUE(id.ok()) << id.reason;
    EXPECT_EQ(id.code.text, code_text);
    return read_page(raster, id, geometry);
}

/// Every clean mark reads exactly as planted; every hard one as planted or
/// unclear, never the opposite (light pencil may vanish in a 1-bit scan).
void expect_truth(const PageReading& reading, const Planted& p, bool one_bit = false) {
    ASSERT_TRUE(reading.ok()) << reading.reason;
    ASSERT_EQ(reading.marks.size(), p.marks.size());
    for (std::size_t i = 0; i < p.marks.size(); ++i) {
        const Truth truth = truth_of(p.marks[i]);
        const MarkReading& m = reading.marks[i];
        if (!truth.hard) {
            EXPECT_EQ(m.state, truth.expected)
                << "target " << i << " (" << to_string(p.marks[i]) << ") fill " << m.fill << " ink " << m.ink
                << " ring " << m.ring << " shape " << to_string(m.shape) << " unexplained " << m.unexplained;
        } else if (!(one_bit && p.marks[i] == Mark::light)) {
            EXPECT_TRUE(m.state == truth.expected || m.state == MarkState::unclear)
                << "target " << i << " read " << to_string(m.state) << " fill " << m.fill;
        }
    }
}

fs::path temp_dir() {
    const fs::path dir = fs::temp_directory_path() / ("handout_scan_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST(PageCodeTest, ParsesVersionSheetAndPage) {
    const auto code = parse_page_code("HO1 W1-2JO38SQAEO2A4-S17 A2");
    ASSERT_TRUE(code);
    EXPECT_EQ(code->version, 1);
    EXPECT_EQ(code->sheet, "W1-2JO38SQAEO2A4-S17");
    EXPECT_EQ(code->page, "A2");
}

TEST(PageCodeTest, AW3SheetCodeTravelsCompactlyAndReadsBackAsPrinted) {
    // A class set's page code: 33 characters, a version-2 QR symbol at level M (38 at most).
    const std::string text = page_code_text("W3-1F82-E1DNP5J84-17-B", "A1", "BPDMP", "2VTC8");
    EXPECT_EQ(text, "HO1 1F82E1DNP5J84B17 A1 BPDMP 2VTC8");
    const auto code = parse_page_code(text);
    ASSERT_TRUE(code);
    EXPECT_EQ(code->sheet, "W3-1F82-E1DNP5J84-17-B");
    EXPECT_EQ(code->page, "A1");
    EXPECT_EQ(code->layout, "BPDMP");
    EXPECT_EQ(code->student, "2VTC8");
    // A fingerprint may begin with W: the dash after "W3" tells the printed form.
    EXPECT_EQ(parse_page_code(page_code_text("W3-W1F8-E1DNP5J84-0-*", "1"))->sheet, "W3-W1F8-E1DNP5J84-0-*");
    // Codes of other versions, and pages printed before, carry the code as printed.
    EXPECT_EQ(page_code_text("W2-1F82-E1DNP5J84-17", "1"), "HO1 W2-1F82-E1DNP5J84-17 1");
    EXPECT_EQ(parse_page_code("HO1 W3-1F82-E1DNP5J84-17-B 1")->sheet, "W3-1F82-E1DNP5J84-17-B");
    // A compact field that is not one (a seed with a leading zero, a short fingerprint) is not expanded.
    EXPECT_EQ(parse_page_code("HO1 1F82E1DNP5J84B017 1")->sheet, "1F82E1DNP5J84B017");
    EXPECT_EQ(parse_page_code("HO1 1F82E1DNP5B17 1")->sheet, "1F82E1DNP5B17");
}

TEST(PageCodeTest, RefusesOtherTexts) {
    for (const char* text : {"", "HO1", "HO1 W1", "HOx W1 1", "HO0 W1 1", "HO1 W1 1 extra", "HO1 w1 1",
                             "https://example.org", "HO1  W1 1"}) {
        EXPECT_FALSE(parse_page_code(text)) << text;
    }
}

TEST(ScanReadTest, CleanPageReadsExactlyAsPlanted) {
    const Planted& p = planted();
    const PageReading r = read(p.page, p.geometry);
    expect_truth(r, p);
    EXPECT_EQ(r.corners_found, 4);
    EXPECT_NEAR(r.dpi, 300, 1);
    EXPECT_EQ(r.rotation, 0);
    // On an undegraded page even the hard marks are exact: light pencil and
    // the cross reaching past its outline are flagged, the lone tick is its
    // question's answer, and the stray dot, in a question otherwise blank,
    // is ink nothing printed explains: for a person, never a silent blank.
    for (std::size_t i = 0; i < p.marks.size(); ++i) {
        const MarkState want =
            p.marks[i] == Mark::light || p.marks[i] == Mark::cross || p.marks[i] == Mark::stray
                ? MarkState::unclear
                : truth_of(p.marks[i]).expected;
        EXPECT_EQ(r.marks[i].state, want) << "target " << i;
    }
}

TEST(ScanReadTest, SummaryReportsBlankMultipleAndUnclear) {
    const Planted& p = planted();
    const auto answers = summarize(p.geometry, read(p.page, p.geometry));
    std::vector<AnswerStatus> single;
    std::vector<std::vector<std::string>> marked;
    for (const Answer& a : answers) {
        if (a.kind == TargetKind::tick_box) {
            EXPECT_EQ(a.status, AnswerStatus::ok);
            EXPECT_EQ(a.marked, (std::vector<std::string>{"A", "C", "E"}));
        } else {
            single.push_back(a.status);
            marked.push_back(a.marked);
        }
    }
    ASSERT_GT(single.size(), 9U);
    EXPECT_EQ(single[0], AnswerStatus::ok);
    EXPECT_EQ(marked[0], (std::vector<std::string>{"1:0"}));  // student number column 1
    EXPECT_EQ(single[1], AnswerStatus::ok);                    // changed answer: the cancelled one is not marked
    EXPECT_EQ(marked[1], (std::vector<std::string>{"2:1"}));
    EXPECT_EQ(single[2], AnswerStatus::blank);
    EXPECT_EQ(single[3], AnswerStatus::multiple);
    EXPECT_EQ(single[4], AnswerStatus::unclear);  // light pencil
    EXPECT_EQ(single[5], AnswerStatus::ok);       // a lone tick is the answer
    ASSERT_EQ(marked[5].size(), 1U);
    EXPECT_EQ(single[6], AnswerStatus::unclear);  // cross
    EXPECT_EQ(single[7], AnswerStatus::unclear);  // a stray dot: not an answer, not a blank either
    EXPECT_EQ(single[8], AnswerStatus::ok);
}

TEST(ScanReadTest, ALoneDarkMarkIsTheAnswerButNotBesideAFillNorALightOne) {
    // Question groups: a tick alone; a tick beside a fill; light pencil alone.
    PageGeometry g = sample_geometry(Paper::a4);
    std::vector<std::vector<std::size_t>> groups;
    for (const Answer& a : summarize(g, [&] {
             PageReading r;
             r.marks.assign(g.targets.size(), MarkReading{});
             return r;
         }())) {
        if (a.kind != TargetKind::tick_box && a.targets.size() >= 2) {
            groups.push_back(a.targets);
        }
    }
    ASSERT_GE(groups.size(), 3U);
    std::vector<Mark> marks(g.targets.size(), Mark::none);
    marks[groups[0][1]] = Mark::tick;
    marks[groups[1][0]] = Mark::fill;
    marks[groups[1][1]] = Mark::tick;
    marks[groups[2][1]] = Mark::light;
    Raster page = draw_page(g, code_text, 300);
    Rng rng(3);
    for (std::size_t i = 0; i < marks.size(); ++i) {
        paint_mark(page, g.targets[i], marks[i], g.height, rng);
    }
    const Identification id = identify_page(page);
    const PageReading on = read_page(page, id, g);
    ASSERT_TRUE(on.ok()) << on.reason;
    EXPECT_EQ(on.marks[groups[0][1]].state, MarkState::filled);
    EXPECT_EQ(on.marks[groups[1][0]].state, MarkState::filled);
    EXPECT_EQ(on.marks[groups[1][1]].state, MarkState::unclear);  // a fill and a tick: a person decides
    EXPECT_EQ(on.marks[groups[2][1]].state, MarkState::unclear);  // light: pencil or an erasure
    Thresholds off;
    off.lone_mark_ink = 0;
    EXPECT_EQ(read_page(page, id, g, off).marks[groups[0][1]].state, MarkState::unclear);
}

class OrientationTest : public testing::TestWithParam<int> {};

TEST_P(OrientationTest, AnyQuarterTurnReads) {
    const Planted& p = planted();
    Rng rng(11);
    Defects d;
    d.quarter_turns = GetParam();
    const PageReading r = read(degrade(p.page, d, rng), p.geometry);
    expect_truth(r, p);
    EXPECT_EQ(r.rotation, 90 * GetParam());
}

INSTANTIATE_TEST_SUITE_P(Turns, OrientationTest, testing::Values(0, 1, 2, 3));

struct DefectCase {
    const char* name;
    Defects defects;
    double dpi = 300;
};

void PrintTo(const DefectCase& c, std::ostream* os) { *os << c.name; }

class DefectTest : public testing::TestWithParam<DefectCase> {};

TEST_P(DefectTest, ReadsAsPlanted) {
    const DefectCase& c = GetParam();
    const Planted& p = planted(c.dpi);
    Rng rng(5);
    expect_truth(read(degrade(p.page, c.defects, rng), p.geometry), p, c.defects.one_bit);
}

Defects make(int turns, double skew, double scale, double blur, double noise, int copies, bool one_bit, int jpeg) {
    return {turns, skew, scale, blur, noise, copies, one_bit, jpeg};  // in Defects' field order
}

INSTANTIATE_TEST_SUITE_P(
    Scans, DefectTest,
    testing::Values(DefectCase{"skew_plus_10", make(0, 10, 1, 0, 0, 0, false, 0)},
                    DefectCase{"skew_minus_10_upside_down", make(2, -10, 1, 0, 0, 0, false, 0)},
                    DefectCase{"scale_92", make(0, 1.5, 0.92, 0, 0, 0, false, 0)},
                    DefectCase{"scale_105", make(1, -1.5, 1.05, 0, 0, 0, false, 0)},
                    DefectCase{"blur_and_noise", make(0, 0.5, 1, 0.1, 8, 0, false, 0)},
                    DefectCase{"jpeg_50", make(3, 4, 0.97, 0.05, 4, 0, false, 50)},
                    DefectCase{"one_bit", make(0, -3, 1, 0.05, 3, 0, true, 0)},
                    DefectCase{"second_generation_photocopy", make(2, 2, 0.95, 0, 2, 2, false, 75)},
                    DefectCase{"dpi_150", make(1, 6, 1, 0, 3, 0, false, 75), 150},
                    DefectCase{"dpi_200_one_bit", make(0, -2, 1, 0, 0, 0, true, 0), 200},
                    DefectCase{"dpi_600", make(2, 8, 0.94, 0.05, 3, 0, false, 60), 600}),
    [](const testing::TestParamInfo<DefectCase>& param) { return std::string(param.param.name); });

TEST(ScanReadTest, OneMissingCornerIsEnough) {
    const Planted& p = planted();
    for (int corner = 0; corner < 4; ++corner) {
        Raster page = p.page;
        cover_corner(page, p.geometry, corner);
        Rng rng(3);
        const PageReading r = read(degrade(page, make(corner, 3, 0.98, 0, 2, 0, false, 0), rng), p.geometry);
        expect_truth(r, p);
        EXPECT_EQ(r.corners_found, 3) << "corner " << corner;
    }
}

TEST(ScanReadTest, TwoMissingCornersAreReportedNotGuessed) {
    const Planted& p = planted();
    Raster page = p.page;
    cover_corner(page, p.geometry, 0);
    cover_corner(page, p.geometry, 2);
    const PageReading r = read(page, p.geometry);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.reason, "only 2 of the 4 corner marks found (top-right, bottom-left; 3 are needed)");
    EXPECT_TRUE(r.marks.empty());
}

TEST(ScanReadTest, PageWithoutCodeIsUnreadableWithReason) {
    Raster blank;
    blank.width = 1240;
    blank.height = 1754;
    blank.pixels.assign(1240 * 1754, 255);
    const Identification id = identify_page(blank);
    EXPECT_EQ(id.reason, "no page code (QR) found");
    const PageReading r = read_page(blank, [](const PageCode&) { return std::optional<PageGeometry>(); });
    EXPECT_EQ(r.reason, "no page code (QR) found");
}

TEST(ScanReadTest, ForeignQrCodeIsNotAPageCode) {
    const PageGeometry g = sample_geometry(Paper::letter);
    const Raster page = draw_page(g, "https://example.org/", 200);
    EXPECT_EQ(identify_page(page).reason, "the QR code \"https://example.org/\" is not a handout page code");
}

TEST(ScanReadTest, UnknownSheetIsReportedByTheLookup) {
    const Planted& p = planted();
    const PageReading r = read_page(p.page, [](const PageCode&) { return std::optional<PageGeometry>(); });
    EXPECT_EQ(r.reason, "no worksheet known for sheet W1-2JO38SQAEO2A4-S17 page 2");
    EXPECT_EQ(r.code.page, "2");
}

TEST(ScanReadTest, GeometryOfAnotherLayoutIsRefused) {
    // The letter geometry on an A4 page: the corner marks are not where the QR code says.
    const Planted& p = planted();
    PageGeometry wrong = sample_geometry(Paper::letter);
    const PageReading r = read(p.page, wrong);
    EXPECT_FALSE(r.ok());
}

TEST(ScanReadTest, CropIsUprightAtTheAskedResolution) {
    const Planted& p = planted();
    Rng rng(2);
    const Raster scanned = degrade(p.page, make(2, 4, 1, 0, 0, 0, false, 0), rng);
    const PageReading r = read(scanned, p.geometry);
    const Rect corner = corner_marks(p.geometry.width, p.geometry.height)[0];
    const Raster c = crop(scanned, r, {corner.x - 10, corner.y - 10, corner.w + 20, corner.h + 20}, 72);
    ASSERT_EQ(c.width, 31);
    ASSERT_EQ(c.height, 31);
    EXPECT_LT(c.at(15, 15), 60);  // the mark's middle
    EXPECT_GT(c.at(2, 2), 200);   // paper around it
}

TEST(ScanFileTest, PdfTiffPngAndJpegReadBack) {
    const fs::path dir = temp_dir();
    const Planted& p = planted(200);
    Rng rng(9);
    const Raster gray = degrade(p.page, make(1, 2, 1, 0, 3, 0, false, 0), rng);
    const Raster bw = degrade(p.page, make(2, -2, 1, 0, 0, 0, true, 0), rng);
    write_pdf((dir / "scan.pdf").string(), {gray, bw}, 60);
    write_tiff((dir / "scan.tif").string(), {gray, bw});
    write_image((dir / "bw.png").string(), bw, true);
    write_image((dir / "gray.jpg").string(), gray, false, 50);

    const auto pdf = read_scan((dir / "scan.pdf").string());
    ASSERT_EQ(pdf.size(), 2U);
    EXPECT_DOUBLE_EQ(pdf[0].raster.dpi, 200);  // the embedded images' resolution
    EXPECT_EQ(pdf[1].index, 2);
    const auto tiff = read_scan((dir / "scan.tif").string());
    ASSERT_EQ(tiff.size(), 2U);
    const auto folder = read_scan(dir.string());  // bw.png, gray.jpg, scan.pdf (2), scan.tif (2)
    ASSERT_EQ(folder.size(), 6U);
    EXPECT_EQ(fs::path(folder[0].source).filename(), "bw.png");
    for (const auto& page : folder) {
        ASSERT_TRUE(page.ok()) << page.source << ": " << page.error;
        expect_truth(read(page.raster, p.geometry), p, true);
    }
    fs::remove_all(dir);
}

TEST(ScanFileTest, BadFilesArePagesWithReasons) {
    const fs::path dir = temp_dir();
    std::ofstream(dir / "broken.pdf") << "%PDF-1.4\nnot really";
    std::ofstream(dir / "broken.png") << "not an image";
    EXPECT_EQ(read_scan((dir / "missing.png").string())[0].error, "no such file");
    const auto pdf = read_scan((dir / "broken.pdf").string());
    ASSERT_EQ(pdf.size(), 1U);
    EXPECT_FALSE(pdf[0].ok());
    const auto png = read_scan((dir / "broken.png").string());
    ASSERT_EQ(png.size(), 1U);
    EXPECT_EQ(png[0].error, "the file is not an image that can be decoded (PNG, JPEG or TIFF)");
    fs::remove_all(dir);
    fs::create_directories(dir);
    EXPECT_EQ(read_scan(dir.string())[0].error, "the folder holds no PDF, PNG, JPEG or TIFF file");
    fs::remove_all(dir);
}

TEST(SynthTest, SameSeedSameScan) {
    const Planted& p = planted();
    Rng a(42), b(42);
    const Defects d = make(1, 3, 0.97, 0.05, 5, 1, false, 70);
    EXPECT_EQ(degrade(p.page, d, a).pixels, degrade(p.page, d, b).pixels);
    EXPECT_EQ(make_planted(Paper::a4, 300).page.pixels, p.page.pixels);
}

TEST(ScanFileTest, PagesStreamOneAtATimeAndPdfResolutionCanBeChosen) {
    const fs::path dir = temp_dir();
    const Planted& p = planted(200);
    write_pdf((dir / "two.pdf").string(), {p.page, p.page}, 80);
    std::vector<int> seen;
    const std::size_t n = scan_pages((dir / "two.pdf").string(), [&](ScanPage&& page) {
        EXPECT_TRUE(page.ok()) << page.error;
        EXPECT_DOUBLE_EQ(page.raster.dpi, 100);
        EXPECT_EQ(page.raster.width, (p.page.width + 1) / 2);
        seen.push_back(page.index);
    }, ReadOptions{100});
    EXPECT_EQ(n, 2U);
    EXPECT_EQ(seen, (std::vector<int>{1, 2}));
    fs::remove_all(dir);
}

/// Mean absolute difference of two rasters of the same size, in gray levels.
static double mean_difference(const Raster& a, const Raster& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.pixels.size(); ++i) {
        sum += std::abs(static_cast<int>(a.pixels[i]) - static_cast<int>(b.pixels[i]));
    }
    return sum / static_cast<double>(a.pixels.size());
}

TEST(ScanFileTest, CopierPdfPagesAreDecodedDirectlyAndReadLikeTheRenderedPage) {
    // A copier's page is one full-page image (JPEG or 1-bit Flate), stored
    // upright or turned and placed back by its matrix, the page perhaps with a
    // /Rotate. Read directly it must equal the image itself (bit for bit where
    // the image is lossless or stored upright), and read like poppler's
    // rendering of the same page (ReadOptions{dpi} forces the renderer).
    const fs::path dir = temp_dir();
    const Planted& p = planted(200);
    Rng rng(5);
    const Raster gray = degrade(p.page, make(0, 3, 1, 0, 2, 0, false, 0), rng);
    const Raster bw = degrade(p.page, make(0, -2, 1, 0, 0, 0, true, 0), rng);
    write_image((dir / "gray.jpg").string(), gray, false, 60);
    const Raster jpeg = read_scan((dir / "gray.jpg").string()).at(0).raster;
    const std::vector<PdfPlacement> placements = {{0, 0}, {1, 0}, {2, 90}, {3, 270}, {0, 180}};
    for (const PdfPlacement& placement : placements) {
        SCOPED_TRACE("image turns " + std::to_string(placement.image_turns) + ", /Rotate " +
                     std::to_string(placement.rotate));
        const std::string file = (dir / "copier.pdf").string();
        write_pdf(file, {gray, bw}, 60, placement);
        const auto direct = read_scan(file);
        const auto rendered = read_scan(file, ReadOptions{200});
        ASSERT_EQ(direct.size(), 2U);
        ASSERT_EQ(rendered.size(), 2U);
        for (std::size_t i = 0; i < 2; ++i) {
            ASSERT_TRUE(direct[i].ok()) << direct[i].error;
            const Raster& d = direct[i].raster;
            const Raster& r = rendered[i].raster;
            EXPECT_NEAR(d.dpi, 200, 0.01);
            ASSERT_EQ(d.width, r.width);
            ASSERT_EQ(d.height, r.height);
            EXPECT_LT(mean_difference(d, r), 2.0);  // poppler's own JPEG decoder and image smoothing
            if (placement.rotate == 0) {
                if (i == 1) {
                    EXPECT_EQ(d.pixels, bw.pixels);
                } else if (placement.image_turns == 0) {
                    EXPECT_EQ(d.pixels, jpeg.pixels);
                }
            }
            const PageReading a = read(d, p.geometry);
            const PageReading b = read(r, p.geometry);
            expect_truth(a, p, i == 1);
            ASSERT_EQ(a.marks.size(), b.marks.size());
            for (std::size_t t = 0; t < a.marks.size(); ++t) {
                EXPECT_EQ(a.marks[t].state, b.marks[t].state) << "target " << t;
            }
        }
    }
    fs::remove_all(dir);
}

TEST(ScanFileTest, VectorPdfPagesAreRendered) {
    // A page that is not one image (here: the image plus a painted rectangle)
    // goes to the renderer, which draws both.
    const fs::path dir = temp_dir();
    const std::string file = (dir / "vector.pdf").string();
    std::ofstream(file, std::ios::binary)
        << "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
           "2 0 obj << /Type /Pages /Count 1 /Kids [3 0 R] >> endobj\n"
           "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 144 72] /Contents 4 0 R >> endobj\n"
           "4 0 obj << /Length 20 >> stream\n0 0 72 72 re f\n\nendstream endobj\n"
           "trailer << /Root 1 0 R >>\n%%EOF\n";
    const auto pages = read_scan(file);
    ASSERT_EQ(pages.size(), 1U);
    ASSERT_TRUE(pages[0].ok()) << pages[0].error;
    const Raster& r = pages[0].raster;
    EXPECT_DOUBLE_EQ(r.dpi, 200);  // no image: the fallback resolution
    ASSERT_EQ(r.width, 400);
    EXPECT_LT(r.at(100, 100), 20);   // the black square
    EXPECT_GT(r.at(300, 100), 235);  // white beside it
    fs::remove_all(dir);
}

// ---------------------------------------------------------------------------
// Phone photos: perspective, uneven light, a shadow, the desk around the page.

struct PhotoCase {
    const char* name;
    double perspective, light, shadow;
    int turns = 0;
};

void PrintTo(const PhotoCase& c, std::ostream* os) { *os << c.name; }

class PhotoTest : public testing::TestWithParam<PhotoCase> {};

TEST_P(PhotoTest, ReadsAsPlantedWhateverTheSeed) {
    const PhotoCase& c = GetParam();
    const Planted& p = planted();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Rng rng(seed);
        Photo photo;
        photo.perspective = c.perspective;
        photo.light = c.light;
        photo.shadow = c.shadow;
        photo.quarter_turns = c.turns;
        const Raster shot = photograph(p.page, photo, rng);
        SCOPED_TRACE("seed " + std::to_string(seed));
        const PageReading r = read(shot, p.geometry);
        expect_truth(r, p);
        EXPECT_EQ(r.corners_found, 4);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Photos, PhotoTest,
    testing::Values(PhotoCase{"straight", 0, 0.1, 0}, PhotoCase{"tilt_2", 0.02, 0.2, 0.3},
                    PhotoCase{"tilt_4_sideways", 0.04, 0.25, 0.35, 1}, PhotoCase{"tilt_6", 0.06, 0.3, 0.4},
                    PhotoCase{"tilt_8", 0.08, 0.3, 0.45},
                    PhotoCase{"tilt_8_upside_down", 0.08, 0.35, 0.3, 2}),
    [](const testing::TestParamInfo<PhotoCase>& param) { return std::string(param.param.name); });

// A photo taken at too strong an angle (corners moved a quarter of the page
// width) is read with every mark right or refused with what was seen, never
// read with a guessed geometry; up to 20 % every seed here reads.
TEST(PhotoRefusalTest, TooStrongAnAngleIsReadRightOrRefusedSayingWhatWasSeen) {
    const Planted& p = planted();
    Photo photo;
    photo.perspective = 0.25;
    photo.desk = 0.1;
    int refused = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        Rng rng(seed);
        const PageReading r = read(photograph(p.page, photo, rng), p.geometry);
        if (r.ok()) {
            expect_truth(r, p);
            continue;
        }
        ++refused;
        const bool named =
            r.reason.find("corner marks found (") != std::string::npos &&
            r.reason.find("the page looks photographed at an angle (corners about") != std::string::npos;
        EXPECT_TRUE(named ||
                    r.reason.find("photographed at too strong an angle (corners about") != std::string::npos)
            << r.reason;
        EXPECT_FALSE(r.misfit) << r.reason;
    }
    EXPECT_GE(refused, 1);
}

// A duplex sheet's blank back photographed on a desk (perspective, uneven
// light, a shadow's edge across it, the page's edges against the desk) has
// nothing printed on it; the printed page, photographed alike, has; and so
// has a plain scan of it, and a stray pen stroke on a blank one.
TEST(PhotoBlankTest, ABlankBackOnADeskHasNothingPrinted) {
    const Planted& p = planted();
    Raster blank = p.page;
    std::fill(blank.pixels.begin(), blank.pixels.end(), std::uint8_t{250});
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        Photo photo;
        photo.perspective = 0.08;
        photo.shadow = 0.45;
        Rng rng(seed), again(seed);
        EXPECT_TRUE(nothing_printed(photograph(blank, photo, rng))) << "seed " << seed;
        EXPECT_FALSE(nothing_printed(photograph(p.page, photo, again))) << "seed " << seed;
    }
    EXPECT_TRUE(nothing_printed(blank));
    EXPECT_FALSE(nothing_printed(p.page));
    Raster stroke = blank;
    for (int x = stroke.width / 3; x < stroke.width * 2 / 3; ++x) {
        for (int y = stroke.height / 2; y < stroke.height / 2 + 3; ++y) {
            stroke.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(stroke.width) +
                          static_cast<std::size_t>(x)] = 40;
        }
    }
    EXPECT_FALSE(nothing_printed(stroke));
}

TEST(PhotoRefusalTest, AMissingCornerMarkOnAPhotoIsNamed) {
    const Planted& p = planted();
    Raster page = p.page;
    cover_corner(page, p.geometry, 0);
    Photo photo;
    photo.perspective = 0.06;
    Rng rng(2);
    const PageReading r = read(photograph(page, photo, rng), p.geometry);
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(
        r.reason,
        "3 of the 4 corner marks found (top-right, bottom-right, bottom-left), too few to undo the angle "
        "the page was photographed at: the top-left one must be in the picture too");
    EXPECT_EQ(r.corners_found, 3);
}

// A flat scan with a corner mark covered and a solid square printed or
// filled 20 mm beside it (outside the scan's 24 mm search window around the
// mark, inside the photo search's window): the three marks read the page;
// the square is not taken for the fourth mark.
TEST(ScanReadTest, ASquareNearACoveredCornerIsNotTakenForItsMark) {
    const Planted& p = planted();
    const Rect mark = corner_marks(p.geometry.width, p.geometry.height)[0];
    const double k = 300 / 72.0, mm = 72 / 25.4;
    Raster page = p.page;
    cover_corner(page, p.geometry, 0);
    // Along the top margin, beside the covered mark, clear of the targets.
    const int x0 = static_cast<int>((mark.x + 20 * mm) * k);
    const int y0 = static_cast<int>((p.geometry.height - mark.y - mark.h) * k);
    const int side = static_cast<int>(3.8 * mm * k);
    for (int y = y0; y < y0 + side; ++y)
        for (int x = x0; x < x0 + side; ++x)
            page.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(page.width) +
                        static_cast<std::size_t>(x)] = 20;
    Rng rng(3);
    const PageReading r = read(degrade(page, make(0, 2, 1, 0, 2, 0, false, 0), rng), p.geometry);
    expect_truth(r, p);
    EXPECT_EQ(r.corners_found, 3);
    EXPECT_FALSE(r.corners[0].has_value());
}

// A 600 dpi JPEG scan is decoded at half size by libjpeg's scaled decoding
// and reads as planted; a 12 MP phone photo (360 dpi by its short side, the
// page in it about 310) and a 300 dpi scan are decoded whole.
TEST(ScanFileTest, FineJpegScansAreDecodedAtHalfSizePhotosWhole) {
    const Planted& fine = planted(600);
    const fs::path dir = temp_dir();
    write_image((dir / "fine.jpg").string(), fine.page, false, 90);
    const auto scans = read_scan((dir / "fine.jpg").string());
    ASSERT_EQ(scans.size(), 1u);
    ASSERT_TRUE(scans[0].ok()) << scans[0].error;
    EXPECT_EQ(scans[0].raster.width, (fine.page.width + 1) / 2);
    EXPECT_EQ(scans[0].raster.height, (fine.page.height + 1) / 2);
    expect_truth(read(scans[0].raster, fine.geometry), fine);

    const Planted& p = planted();
    Rng rng(4);
    Photo photo;
    photo.perspective = 0.06;
    photo.jpeg_quality = 0;
    write_image((dir / "photo.jpg").string(), photograph(p.page, photo, rng), false, 88);
    const auto photos = read_scan((dir / "photo.jpg").string());
    ASSERT_EQ(photos.size(), 1u);
    EXPECT_EQ(photos[0].raster.width, 3000);
    expect_truth(read(photos[0].raster, p.geometry), p);
    write_image((dir / "scan.jpg").string(), p.page, false, 90);
    EXPECT_EQ(read_scan((dir / "scan.jpg").string())[0].raster.width, p.page.width);
    fs::remove_all(dir);
}
