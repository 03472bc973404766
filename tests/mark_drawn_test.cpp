// Marks as people draw them, on a real answer sheet laid out and printed by
// handout (issue 27): a circled letter, ticks in every box of a tick-all
// question, digits written in a grid's boxes with no bubble filled, a
// teacher's circled score; each read as the answer or flagged with words a
// teacher understands, and a page left blank reads blank, nothing flagged
// for the printed text round the bubbles.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include <unistd.h>

#include "handout/scan.hpp"
#include "mark/answers.hpp"
#include "mark/catalog.hpp"
#include "synth/synth.hpp"
#include "support.hpp"

using namespace handout;
using namespace handout::mark;
using handout::test::run;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string binary = HANDOUT_BINARY;

/// One answer page of a printed forces-and-motion answer sheet at `dpi`,
/// its code and geometry, and the sheet it belongs to.
struct RealPage {
    scan::Raster raster;
    scan::Identification id;
    scan::PageGeometry geometry;
    const SheetLayout* sheet = nullptr;
};

/// The page styles the answer sheets are printed in: the worksheet's own
/// (classic), and the styles whose bubbles, letters and spacing differ most.
const std::vector<std::string> styles = {"", "large-print", "dyslexia", "compact"};

class MarkDrawn : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = std::filesystem::temp_directory_path() / ("handout-mark-drawn-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        const std::string ws = source_dir + "/worksheets/forces-and-motion.yaml";
        for (const std::string& style : styles) {
            const std::string option = style.empty() ? "" : " --template " + style;
            const auto r =
                run(binary + " batch " + ws + " --copies 1 --answer-sheet" + option + " -o " + pdf(style));
            ASSERT_EQ(r.status, 0) << r.out;
            catalogs_[style] = std::make_unique<Catalog>(std::vector<std::string>{ws}, style);
        }
    }
    static void TearDownTestSuite() {
        catalogs_.clear();
        std::filesystem::remove_all(dir_);
    }

    static std::string pdf(const std::string& style) {
        return (dir_ / ("c-" + (style.empty() ? std::string("classic") : style) + ".pdf")).string();
    }

    /// The first answer page in `style`, rendered at `dpi`.
    static RealPage page(double dpi, const std::string& style = "") {
        RealPage out;
        scan::ReadOptions options;
        options.pdf_dpi = dpi;
        Catalog& catalog = *catalogs_.at(style);
        scan::scan_pages(pdf(style), [&](scan::ScanPage&& p) {
            if (out.sheet != nullptr || !p.ok()) return;
            const scan::Identification id = scan::identify_page(p.raster);
            if (!id.ok()) return;  // a question page
            const Found found = catalog.find(id.code);
            if (found.sheet == nullptr || found.sheet->page(id.code.page) == nullptr) return;
            out = {std::move(p.raster), id, *found.sheet->page(id.code.page), found.sheet};
        });
        return out;
    }

    static std::filesystem::path dir_;
    static std::map<std::string, std::unique_ptr<Catalog>> catalogs_;
};

std::filesystem::path MarkDrawn::dir_;
std::map<std::string, std::unique_ptr<Catalog>> MarkDrawn::catalogs_;

/// The page's answer groups by question, as read.
std::map<int, std::vector<scan::Answer>> by_question(const scan::PageGeometry& g,
                                                     const scan::PageReading& r) {
    std::map<int, std::vector<scan::Answer>> out;
    for (const scan::Answer& a : scan::summarize(g, r)) out[a.question].push_back(a);
    return out;
}

void drawn_marks_are_read(RealPage p);

}  // namespace

// A page nobody marked: every question blank, nothing unclear, though
// question numbers, the teacher's label and the digit grid's boxes are
// printed round the bubbles.
TEST_F(MarkDrawn, AnUnmarkedRealPageReadsBlank) {
    for (const std::string& style : styles)
        for (double dpi : {150.0, 300.0}) {
            SCOPED_TRACE("style " + style + " at " + std::to_string(dpi) + " dpi");
            const RealPage p = page(dpi, style);
            ASSERT_NE(p.sheet, nullptr);
            EXPECT_FALSE(p.geometry.write_ins.empty())
                << "the digit grid's write-in boxes are in the geometry";
            const scan::PageReading r = scan::read_page(p.raster, p.id, p.geometry);
            ASSERT_TRUE(r.ok()) << r.reason;
            EXPECT_FALSE(r.one_bit);
            for (std::size_t i = 0; i < r.marks.size(); ++i)
                EXPECT_EQ(r.marks[i].state, scan::MarkState::empty)
                    << dpi << " dpi, target " << i << " " << p.geometry.targets[i].value << ": ring "
                    << r.marks[i].ring << " fill " << r.marks[i].fill << " ink " << r.marks[i].ink
                    << " strokes " << r.marks[i].strokes << " faint ring " << r.marks[i].ring_faint
                    << " unexplained " << r.marks[i].unexplained;
            for (double w : r.written) EXPECT_LT(w, scan::Thresholds{}.written_ink) << dpi << " dpi";
        }
}

// A circled letter alone, ticks in every box of the tick-all question,
// digits written with no bubble filled, a teacher's circled score.
TEST_F(MarkDrawn, MarksAsPeopleDrawThemAreReadOrFlaggedInWords) {
    for (const std::string& style : styles) {
        SCOPED_TRACE("style " + style);
        drawn_marks_are_read(page(200, style));
    }
}

namespace {

void drawn_marks_are_read(RealPage p) {
    ASSERT_NE(p.sheet, nullptr);
    const scan::PageGeometry& g = p.geometry;
    std::map<std::string, int> first;  // the first question of each type on the page
    for (const scan::Target& t : g.targets) {
        const VariantQuestion* vq = t.question > 0 ? p.sheet->question(t.question) : nullptr;
        if (vq == nullptr) continue;
        const QuestionType type = vq->source->type();
        first.try_emplace(marked_by_teacher(*vq->source)  ? "teacher"
                          : type == QuestionType::choice  ? "choice"
                          : type == QuestionType::multi   ? "multi"
                          : type == QuestionType::numeric ? "numeric"
                                                          : "other",
                          t.question);
    }
    ASSERT_TRUE(first.contains("choice") && first.contains("multi") && first.contains("numeric") &&
                first.contains("teacher"));
    const int choice = first["choice"], multi = first["multi"], numeric = first["numeric"],
              teacher = first["teacher"];

    scan::synth::Rng rng(21);
    std::set<std::string> ticked;
    std::string circled_score;
    int bubbles = 0, scores = 0;
    for (const scan::Target& t : g.targets) {
        scan::synth::Mark mark = scan::synth::Mark::none;
        if (t.question == choice && t.kind == scan::TargetKind::bubble && bubbles++ == 1)
            mark = scan::synth::Mark::circled;
        if (t.question == multi) {
            mark = scan::synth::Mark::tick;
            ticked.insert(t.value);
        }
        if (t.question == teacher && scores++ == 1) {
            mark = scan::synth::Mark::circled;
            circled_score = t.value;
        }
        scan::synth::paint_mark(p.raster, t, mark, g.height, rng);
    }
    for (const scan::WriteIn& w : g.write_ins)
        if (w.question == numeric) scan::synth::paint_digits(p.raster, w.box, "3", g.height, rng);

    const scan::PageReading r = scan::read_page(p.raster, p.id, g);
    ASSERT_TRUE(r.ok()) << r.reason;
    auto groups = by_question(g, r);
    const Reading circled = read_question(*p.sheet->question(choice), groups[choice]);
    EXPECT_EQ(circled.status, Status::ok) << circled.reason;
    EXPECT_EQ(circled.marked, "B");
    // Every box ticked: all read, or a person asked (in large print a thin
    // tick over a bold letter it has no single-answer group to compare with
    // is faint); never a box silently left out.
    const Reading ticks = read_question(*p.sheet->question(multi), groups[multi]);
    EXPECT_TRUE(ticks.status == Status::ok || ticks.status == Status::unclear) << ticks.reason;
    if (ticks.status == Status::ok) {
        EXPECT_EQ(ticks.marked.size(), 2 * ticked.size() - 1) << ticks.marked;
    }
    const Reading written = read_question(*p.sheet->question(numeric), groups[numeric]);
    EXPECT_EQ(written.status, Status::unclear);
    EXPECT_NE(written.reason.find("a digit is written in the box but no bubble filled"), std::string::npos)
        << written.reason;
    const Reading score = read_question(*p.sheet->question(teacher), groups[teacher]);
    EXPECT_EQ(score.status, Status::ok) << score.reason;
    EXPECT_EQ(score.marked, circled_score);
}

}  // namespace

// Reasons in a teacher's words: what the scanner saw, not "unclear".
TEST(MarkDrawnWords, ATeacherIsToldWhatWasSeen) {
    const Prepared prepared = [] {
        Diagnostics diags;
        auto p = prepare(source_dir + "/worksheets/forces-and-motion.yaml", "", source_dir, diags);
        EXPECT_TRUE(p) << diags.format();
        return std::move(*p);
    }();
    const Variant v = make_variant(prepared.worksheet, 3);
    for (const auto& section : v.sections)
        for (const auto& vq : section.questions) {
            if (!marked_by_teacher(*vq.source)) continue;
            scan::Answer two;
            two.question = vq.source_index;
            two.kind = scan::TargetKind::teacher_box;
            two.status = scan::AnswerStatus::unclear;
            two.note = "a score is circled and another filled";
            EXPECT_EQ(read_question(vq, {two}).reason, "a score is circled and another filled");
            two.status = scan::AnswerStatus::multiple;
            two.note = "two scores filled";
            EXPECT_EQ(read_question(vq, {two}).reason, "two scores filled");
            two.note.clear();
            EXPECT_EQ(read_question(vq, {two}).reason, "more than one score filled");
            return;
        }
    FAIL() << "forces-and-motion has a question the teacher marks";
}
