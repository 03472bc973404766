// Right-to-left pages (issue 34): `dir: rtl`, or a `lang` written right to
// left, mirrors the laid-out Document. Checked on the Document of one
// worksheet laid out both ways: every bubble and box where the left-to-right
// one is, mirrored; numbers right of their text, option A right of B, the
// left column of a match on the right, a digit grid's columns still in
// their left-to-right order, the footer and the QR code mirrored.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/render.hpp"
#include "handout/wrap.hpp"
#include "support.hpp"

using namespace handout;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;

/// A worksheet of every kind of answer area a scanner reads, in English so
/// that both directions set its text alike; `dir` as given ("" for none).
std::string worksheet(const std::string& dir) {
    return "id: rtl-layout\ntitle: Both ways\nbrand: Brand\nid_digits: 3\n" +
           (dir.empty() ? std::string() : "dir: " + dir + "\n") +
           "shuffle: {questions: false, options: false}\n"
           "questions:\n"
           "  - prompt: Pick one of these.\n"
           "    options: [Apple, Banana, Cherry]\n"
           "    answer: Apple\n"
           "  - type: multi\n"
           "    prompt: Tick the fruit.\n"
           "    options: [Pear, Stone, Plum]\n"
           "    answers: [Pear, Plum]\n"
           "  - type: match\n"
           "    prompt: Match them.\n"
           "    pairs: [[One, Uno], [Two, Dos]]\n"
           "  - type: numeric\n"
           "    prompt: How many?\n"
           "    answer: 12\n"
           "    unit: cm\n"
           "    grid: 3\n"
           "  - type: short\n"
           "    prompt: Say why.\n"
           "    answer: Because.\n"
           "  - type: fill\n"
           "    text: Water boils at [[100]] degrees.\n";
}

/// The worksheet written with `dir`, prepared in the shipped styles' folder.
Prepared prepared(const test::TempDir& tmp, const std::string& dir) {
    const std::string path = tmp / ("sheet-" + (dir.empty() ? std::string("none") : dir) + ".yaml");
    std::ofstream(path) << worksheet(dir);
    Diagnostics diags;
    auto p = prepare(path, "", source_dir, diags);
    if (!p) throw std::runtime_error(diags.format());
    return std::move(*p);
}

/// Seed 1's question pages (with their marks) or its answer sheet.
Document laid_out(const Prepared& p, bool answer_sheet) {
    LayoutOptions o;
    o.key = KeyMode::off;
    o.answer_sheet = answer_sheet;
    Document doc;
    layout_seed(p, 1, o, doc);
    return doc;
}

/// The middle of a bubble's or box's x extent, and its tag.
struct Target {
    Tag tag;
    double x = 0;
};

std::vector<Target> targets(const Page& page) {
    std::vector<Target> out;
    for (const Item& item : page.items) {
        if (const auto* c = std::get_if<Circle>(&item); c && c->tag.role != Role::none)
            out.push_back({c->tag, c->cx});
        if (const auto* b = std::get_if<Box>(&item); b && b->tag.role != Role::none)
            out.push_back({b->tag, b->x + b->w / 2});
    }
    return out;
}

const Target* find(const std::vector<Target>& all, const Tag& tag) {
    for (const Target& t : all)
        if (t.tag.role == tag.role && t.tag.question == tag.question && t.tag.value == tag.value) return &t;
    return nullptr;
}

/// The first text run reading `text`, and its extent.
struct Placed {
    double left = 0, right = 0, y = 0;
};

std::optional<Placed> run_of(const Page& page, const std::string& text, const FontSet& fonts) {
    for (const Item& item : page.items)
        if (const auto* r = std::get_if<TextRun>(&item); r && r->text == text)
            return Placed{r->x, r->x + fonts.width(r->font, r->text, r->size), r->y};
    return std::nullopt;
}

/// A digit grid's or student number's columns: column 1, 2 … to each
/// column's x (from its 0 bubble).
std::vector<double> columns(const std::vector<Target>& all, Role role, int question) {
    std::vector<double> out;
    for (int c = 1;; ++c) {
        const Target* t = find(all, Tag{role, question, 0, std::to_string(c) + ":0"});
        if (t == nullptr) return out;
        out.push_back(t->x);
    }
}

class RightToLeft : public ::testing::Test {
protected:
    test::TempDir tmp_{"rtl"};
    Prepared ltr_ = prepared(tmp_, "");
    Prepared rtl_ = prepared(tmp_, "rtl");
};

TEST(RightToLeftModel, DirIsReadOrTakenFromTheLanguage) {
    const test::TempDir tmp("rtl-dir");
    const auto direction = [&](const std::string& head) {
        const std::string path = tmp / "w.yaml";
        std::ofstream(path) << "id: w\ntitle: W\n"
                            << head << "questions:\n  - prompt: P\n    options: [A, B]\n    answer: A\n";
        Diagnostics diags;
        const auto ws = load_worksheet(path, diags);
        EXPECT_TRUE(ws.has_value()) << diags.format();
        return ws && ws->right_to_left();
    };
    EXPECT_FALSE(direction(""));
    EXPECT_TRUE(direction("dir: rtl\n"));
    EXPECT_FALSE(direction("dir: ltr\n"));
    EXPECT_TRUE(direction("lang: ar\n"));
    EXPECT_TRUE(direction("lang: he-IL\n"));
    EXPECT_TRUE(direction("lang: iw\n"));
    EXPECT_FALSE(direction("lang: ar\ndir: ltr\n"));
    EXPECT_FALSE(direction("lang: hi\n"));
    EXPECT_TRUE(direction("lang: fr\ndir: rtl\n"));
}

// Every bubble, tick box and write-in box of the question pages and of the
// answer sheet prints where the left-to-right one does, mirrored, but for
// the digit grids, which move whole: their columns keep their order.
TEST_F(RightToLeft, TargetsAreTheLeftToRightOnesMirrored) {
    std::size_t grids = 0, mirrored = 0;
    for (const bool answer_sheet : {false, true}) {
        const Document a = laid_out(ltr_, answer_sheet), b = laid_out(rtl_, answer_sheet);
        ASSERT_EQ(a.pages.size(), b.pages.size());
        for (std::size_t p = 0; p < a.pages.size(); ++p) {
            const auto left = targets(a.pages[p]), right = targets(b.pages[p]);
            ASSERT_EQ(left.size(), right.size());
            for (const Target& t : left) {
                const Target* m = find(right, t.tag);
                ASSERT_NE(m, nullptr) << t.tag.value;
                const bool grid =
                    t.tag.role == Role::digit || t.tag.role == Role::student_id ||
                    (t.tag.role == Role::answer_box && (t.tag.question == 4 || t.tag.question == 0));
                if (grid) continue;
                EXPECT_NEAR(m->x, a.width - t.x, 1e-9) << "question " << t.tag.question << " " << t.tag.value;
                ++mirrored;
            }
            // The grids: each column where the mirrored grid's same column
            // counted from the other end is, so in left-to-right order.
            for (const auto& [role, question] : {std::pair{Role::digit, 4}, std::pair{Role::student_id, 0}}) {
                const auto ltr = columns(left, role, question), rtl = columns(right, role, question);
                ASSERT_EQ(ltr.size(), rtl.size());
                if (ltr.empty()) continue;  // on another page
                ASSERT_EQ(ltr.size(), 3u);
                EXPECT_TRUE(std::is_sorted(rtl.begin(), rtl.end()));
                for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(rtl[c], a.width - ltr[2 - c], 1e-9);
                ++grids;
            }
        }
    }
    // The question's grid and the student number on the question pages, and
    // both again on the answer sheet, whose question pages repeat the question's.
    EXPECT_EQ(grids, 5u);
    EXPECT_GE(mirrored, 40u);  // bubbles, tick boxes and teacher boxes
}

// On the question page: the number right of its prompt, which ends at the
// mirrored margin; each bubble right of its option's text and A right of B;
// a match's left items right of its right items; the unit left of its
// digit grid; the footer's sheet code on the left, the brand on the right,
// the QR code at the bottom left.
TEST_F(RightToLeft, TextReadsRightToLeftAroundTheTargets) {
    const Document ltr = laid_out(ltr_, false), rtl = laid_out(rtl_, false);
    const Page& page = rtl.pages.at(0);
    const FontSet& fonts = rtl_.fonts;
    const auto all = targets(page);
    const auto number = run_of(page, "1.", fonts), prompt = run_of(page, "Pick one of these.", fonts);
    const auto was = run_of(ltr.pages.at(0), "1.", fonts);
    ASSERT_TRUE(number && prompt && was);
    EXPECT_GT(number->left, prompt->right);
    EXPECT_NEAR(number->right, rtl.width - was->left, 1e-9);

    const Target* a = find(all, Tag{Role::bubble, 1, 0, "A"});
    const Target* b = find(all, Tag{Role::bubble, 1, 0, "B"});
    const auto apple = run_of(page, "Apple", fonts), banana = run_of(page, "Banana", fonts);
    ASSERT_TRUE(a && b && apple && banana);
    EXPECT_GT(a->x, b->x);
    EXPECT_GT(a->x, apple->right);
    EXPECT_GT(apple->left, b->x);
    EXPECT_GT(b->x, banana->right);

    const auto one = run_of(page, "One", fonts), uno = run_of(page, "Uno", fonts);
    ASSERT_TRUE(one && uno);
    EXPECT_GT(one->left, uno->right);

    const auto unit = run_of(page, "cm", fonts);
    const auto grid = columns(all, Role::digit, 4);
    ASSERT_TRUE(unit);
    ASSERT_FALSE(grid.empty());
    EXPECT_LT(unit->right, grid.front());

    const auto brand = run_of(page, "Brand", fonts);
    ASSERT_TRUE(brand);
    EXPECT_GT(brand->left, rtl.width / 2);
    for (const Item& item : page.items) {
        if (const auto* r = std::get_if<TextRun>(&item); r && r->font == FontStyle::mono) {
            EXPECT_LT(r->x, rtl.width / 2) << r->text;
        }
        if (const auto* s = std::get_if<Symbol>(&item)) {
            EXPECT_LT(s->x + s->size, rtl.width / 2);
        }
    }
}

// A fill text without a right-to-left letter keeps its word order, the
// line moved whole to end at the mirrored margin, its number right of it.
TEST_F(RightToLeft, AnEnglishFillKeepsItsWordOrder) {
    const Document rtl = laid_out(rtl_, false);
    const FontSet& fonts = rtl_.fonts;
    for (const Page& page : rtl.pages) {
        const auto water = run_of(page, "Water", fonts), boils = run_of(page, "boils", fonts);
        const auto degrees = run_of(page, "degrees.", fonts), number = run_of(page, "6.", fonts);
        if (!water) continue;
        ASSERT_TRUE(boils && degrees && number);
        EXPECT_LT(water->right, boils->left);
        EXPECT_LT(boils->right, degrees->left);
        EXPECT_LT(degrees->right, number->left);
        return;
    }
    FAIL() << "no fill text";
}

// A sheet code after Hebrew text on a mirrored page (a key's or a slip's
// heading) keeps its closing "-*" at its end: the left-to-right mark that
// ends it orders the line, and never prints.
TEST_F(RightToLeft, ASheetCodeAfterHebrewKeepsItsEnd) {
    const FontSet& fonts = rtl_.fonts;
    if (fonts.shaped(ShapedScript::hebrew) == nullptr) GTEST_SKIP() << "no Hebrew face (fonts-noto-core)";
    const auto texts = [&](const std::string& text) {
        std::vector<std::string> out;
        for (const auto& line : wrap_spans(parse_markup(text), fonts, 11, 1000, -1, true))
            for (const PlacedRun& run : line) out.push_back(run.text);
        return out;
    };
    const auto marked = texts("\u05e9\u05d1\u05e8\u05d9\u05dd  \u00b7  W3-AB-1-*\u200e");
    EXPECT_NE(std::find(marked.begin(), marked.end(), "W3-AB-1-*"), marked.end())
        << testing::PrintToString(marked);
    for (const std::string& t : marked) EXPECT_EQ(t.find("\u200e"), std::string::npos);
    // Without the mark the closing "-*" goes to the other end of the code.
    const auto plain = texts("\u05e9\u05d1\u05e8\u05d9\u05dd  \u00b7  W3-AB-1-*");
    EXPECT_EQ(std::find(plain.begin(), plain.end(), "W3-AB-1-*"), plain.end())
        << testing::PrintToString(plain);
}

// A worksheet without `dir` in a left-to-right language lays out exactly as
// with `dir: ltr`.
TEST_F(RightToLeft, DirLtrChangesNothing) {
    const test::TempDir tmp("rtl-ltr");
    const Prepared written = prepared(tmp, "ltr");
    const Document a = laid_out(ltr_, true), b = laid_out(written, true);
    ASSERT_EQ(a.pages.size(), b.pages.size());
    for (std::size_t p = 0; p < a.pages.size(); ++p) {
        const auto left = targets(a.pages[p]), right = targets(b.pages[p]);
        ASSERT_EQ(left.size(), right.size());
        for (std::size_t i = 0; i < left.size(); ++i) EXPECT_EQ(left[i].x, right[i].x);
    }
}

}  // namespace
