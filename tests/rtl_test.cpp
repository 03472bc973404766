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

#include "handout/labels.hpp"
#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/render.hpp"
#include "handout/variant.hpp"
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

/// `yaml` written as `name`, prepared in the shipped styles' folder.
Prepared prepared_text(const test::TempDir& tmp, const std::string& name, const std::string& yaml) {
    const std::string path = tmp / name;
    std::ofstream(path) << yaml;
    Diagnostics diags;
    auto p = prepare(path, "", source_dir, diags);
    if (!p) throw std::runtime_error(diags.format());
    return std::move(*p);
}

/// The worksheet written with `dir`, prepared in the shipped styles' folder.
Prepared prepared(const test::TempDir& tmp, const std::string& dir) {
    return prepared_text(tmp, "sheet-" + (dir.empty() ? std::string("none") : dir) + ".yaml", worksheet(dir));
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
    EXPECT_TRUE(direction("lang: fa\n"));
    EXPECT_TRUE(direction("lang: ur-PK\n"));
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

/// The marking grid of two sheets (seeds 1 and 2) of `p`, laid out, of the
/// worksheet with `dir: rtl` when `rtl` (the same sheets and codes).
Document marking_grid(const Prepared& p, bool rtl) {
    Worksheet ws = p.worksheet;
    if (rtl) ws.dir.text = "rtl";
    MarkingGridBuilder rows(ws, 2, resolve_labels(ws, &p.style.labels));
    rows.set(0, make_variant(p.worksheet, 1), "Ada");
    rows.set(1, make_variant(p.worksheet, 2), "Ben");
    Document doc;
    layout_marking_grid(std::move(rows).finish(), p.style, p.fonts, doc);
    return doc;
}

/// The glyph codes of `glyphs`, left to right.
std::vector<unsigned> codes(const std::vector<Glyph>& glyphs) {
    std::vector<unsigned> out;
    for (const Glyph& g : glyphs) out.push_back(static_cast<unsigned>(g.code));
    return out;
}

// The marking grid of a right-to-left worksheet (`batch --keys`) is
// mirrored as its sheets are: every text, rule and box where the
// left-to-right grid's is, reflected, so that the sheet number column is at
// the right and the question columns run leftward from it; the sheet code
// under the title a run of its own left of its label, so that its "-…"
// stays at its end.
TEST_F(RightToLeft, TheMarkingGridIsMirrored) {
    const Document a = marking_grid(ltr_, false), b = marking_grid(ltr_, true);
    const FontSet& fonts = rtl_.fonts;
    ASSERT_EQ(a.pages.size(), b.pages.size());
    std::size_t texts = 0, rules = 0, split = 0;
    for (std::size_t p = 0; p < a.pages.size(); ++p) {
        EXPECT_FALSE(a.pages[p].right_to_left);
        EXPECT_TRUE(b.pages[p].right_to_left);
        const std::vector<Item>&left = a.pages[p].items, &right = b.pages[p].items;
        // The items in the same order, but for the sheet code's line, two
        // runs right to left.
        for (std::size_t i = 0, j = 0; i < left.size(); ++i, ++j) {
            ASSERT_LT(j, right.size());
            if (const auto* l = std::get_if<TextRun>(&left[i])) {
                const auto* r = std::get_if<TextRun>(&right[j]);
                ASSERT_NE(r, nullptr);
                const double w = fonts.width(l->font, l->text, l->size);
                if (l->text.starts_with("Sheet code: ") && r->text == "Sheet code: ") {
                    const auto* code = std::get_if<TextRun>(&right.at(++j));
                    ASSERT_NE(code, nullptr);
                    EXPECT_EQ(r->text + code->text, l->text);
                    EXPECT_NEAR(r->x + fonts.width(r->font, r->text, r->size), a.width - l->x, 1e-6);
                    EXPECT_NEAR(code->x + fonts.width(code->font, code->text, code->size), r->x, 1e-6);
                    ++split;
                    continue;
                }
                EXPECT_EQ(r->text, l->text);
                EXPECT_NEAR(r->x, a.width - l->x - w, 1e-6) << l->text;
                EXPECT_EQ(r->y, l->y);
                ++texts;
            } else if (const auto* lr = std::get_if<Rule>(&left[i])) {
                const auto* rr = std::get_if<Rule>(&right[j]);
                ASSERT_NE(rr, nullptr);
                EXPECT_NEAR(rr->x1, a.width - lr->x1, 1e-9);
                EXPECT_NEAR(rr->x2, a.width - lr->x2, 1e-9);
                ++rules;
            }
        }
    }
    EXPECT_EQ(split, 1u);
    EXPECT_GE(texts, 20u);
    EXPECT_GE(rules, 3u);
    // The header row: "#" right of the names, the names right of question 1's column.
    const auto hash = run_of(b.pages.at(0), "#", fonts), name = run_of(b.pages.at(0), "Name", fonts);
    const auto ada = run_of(b.pages.at(0), "Ada", fonts);
    ASSERT_TRUE(hash && name && ada);
    EXPECT_GT(hash->left, name->right);
    EXPECT_GT(hash->left, b.width / 2);
    EXPECT_NEAR(ada->right, name->right, 1e-6);
}

// On a mirrored page a text that stands alone (not a line the bidirectional
// algorithm has ordered) takes the page's direction: the "/ 6" after Total
// prints "6 /" (it reads "/ 6" from the right, after the write-in line), as
// in a browser's right-to-left paragraph; on a left-to-right page it is
// left as it is.
TEST_F(RightToLeft, TheTotalReadsRightToLeftOnAMirroredPage) {
    const Document ltr = laid_out(ltr_, false), rtl = laid_out(rtl_, false);
    const auto total = [](const Page& page) -> const TextRun* {
        for (const Item& item : page.items)
            if (const auto* r = std::get_if<TextRun>(&item); r && r->text.starts_with("/ ")) return r;
        return nullptr;
    };
    const TextRun *was = total(ltr.pages.at(0)), *is = total(rtl.pages.at(0));
    ASSERT_TRUE(was && is);
    EXPECT_TRUE(was->glyphs.empty());
    const std::vector<Glyph> ltr_glyphs = rtl_.fonts.shape(is->font, is->text, false);
    std::vector<unsigned> reversed = codes(ltr_glyphs);
    std::reverse(reversed.begin(), reversed.end());
    EXPECT_EQ(codes(is->glyphs), reversed) << is->text;
    // A sheet code and the brand keep their order (one left-to-right run).
    for (const Item& item : rtl.pages.at(0).items) {
        const auto* r = std::get_if<TextRun>(&item);
        if (r && (r->font == FontStyle::mono || r->text == "Brand")) {
            EXPECT_TRUE(r->glyphs.empty()) << r->text;
        }
    }
}

// A word bank line (one run) on a mirrored page is set right to left as a
// paragraph: its numbers print from the right in the order written.
TEST_F(RightToLeft, AWordBankReadsFromTheRight) {
    const test::TempDir tmp("rtl-bank");
    const auto bank = [&](const std::string& dir) {
        const Prepared p = prepared_text(tmp, "bank-" + dir + ".yaml",
                                         "id: bank\ntitle: Bank\ndir: " + dir +
                                             "\nquestions:\n  - type: fill\n    text: Water boils at [[100]] "
                                             "degrees.\n    bank: true\n    distractors: [50, 212]\n"
                                             "    shuffle: false\n");
        const Document doc = laid_out(p, false);
        for (const Item& item : doc.pages.at(0).items)
            if (const auto* r = std::get_if<TextRun>(&item); r && r->text.find("212") != std::string::npos)
                return std::pair{*r, codes(p.fonts.shape(r->font, "212", false))};
        throw std::runtime_error("no word bank");
    };
    const auto [ltr, ltr_212] = bank("ltr");
    const auto [rtl, rtl_212] = bank("rtl");
    EXPECT_EQ(ltr.text, rtl.text);  // "100   ·   50   ·   212"
    EXPECT_TRUE(ltr.glyphs.empty());
    ASSERT_GE(rtl.glyphs.size(), rtl_212.size());
    // 212, the last word written, is the first at the left.
    const std::vector<Glyph> first(rtl.glyphs.begin(),
                                   rtl.glyphs.begin() + static_cast<std::ptrdiff_t>(rtl_212.size()));
    EXPECT_EQ(codes(first), rtl_212);
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
