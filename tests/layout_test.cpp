// Tests of the layout stage: word wrapping, page geometry, keep-together,
// the key page, and goldens of the shipped worksheets as stable text.
// Set HANDOUT_UPDATE_GOLDENS=1 to rewrite the goldens after a deliberate
// change (then read the diff before committing it).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/pdf.hpp"
#include "handout/render.hpp"
#include "support.hpp"

using namespace handout;

namespace fs = std::filesystem;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;

Prepared prepared(const std::string& worksheet, const std::string& template_name = "") {
    Diagnostics diags;
    auto p = prepare(source_dir + "/worksheets/" + worksheet, template_name, source_dir, diags);
    if (!p) throw std::runtime_error(diags.format());
    return std::move(*p);
}

LayoutOptions options(KeyMode key, bool duplex = false, std::string name = "") {
    LayoutOptions o;
    o.key = key;
    o.duplex = duplex;
    o.student_name = std::move(name);
    return o;
}

Document laid_out(const Prepared& p, std::uint32_t seed, LayoutOptions options = {}) {
    Document doc;
    layout_seed(p, seed, options, doc);
    return doc;
}

std::vector<const TextRun*> texts(const Page& page) {
    std::vector<const TextRun*> out;
    for (const auto& item : page.items)
        if (const auto* t = std::get_if<TextRun>(&item)) out.push_back(t);
    return out;
}

bool page_has(const Page& page, const std::string& s) {
    for (const auto* t : texts(page))
        if (t->text.find(s) != std::string::npos) return true;
    return false;
}

// A worksheet of `n` questions in two sections, built in code.
Worksheet long_worksheet(int n) {
    Worksheet ws;
    ws.id.text = "long";
    ws.title.text = "A long worksheet";
    for (int s = 0; s < 2; ++s) {
        Section sec;
        sec.title.text = "Section " + std::to_string(s + 1);
        for (int i = 0; i < n / 2; ++i) {
            Question q;
            const std::string tag = "q" + std::to_string(s) + "-" + std::to_string(i);
            q.prompt.text = "Prompt " + tag + " asks something that takes a little room on the line";
            Choice& body = q.body.emplace<Choice>();
            for (int o = 0; o < 4; ++o)
                body.options.push_back({"Option " + tag + "-" + std::to_string(o) +
                                         " which is long enough to need a line of its own, surely",
                                     false, {}});
            body.answer = 2;
            sec.questions.push_back(q);
        }
        ws.sections.push_back(sec);
    }
    ws.uses_sections = true;
    return ws;
}

}  // namespace

// Proves wrapped lines never exceed the width, words stay whole when they
// fit, and no character is lost.
TEST(WrapText, LinesFitTheWidthAndKeepEveryWord) {
    auto p = prepared("split-the-work.yaml");
    const std::string s =
        "Pooling gradients keeps every copy learning the same update, while finer splits chatter constantly.";
    for (double width : {60.0, 120.0, 200.0, 400.0}) {
        auto lines = wrap_text(s, p.fonts, FontStyle::regular, 11, width);
        std::string joined;
        for (const auto& l : lines) {
            EXPECT_LE(p.fonts.width(FontStyle::regular, l, 11), width + 1e-9) << l;
            joined += (joined.empty() ? "" : " ") + l;
        }
        EXPECT_EQ(joined, s);
    }
}

// Proves a word wider than a line is broken between characters (UTF-8
// aware) instead of overflowing the margin.
TEST(WrapText, BreaksAnOverlongWordInsteadOfOverflowing) {
    auto p = prepared("split-the-work.yaml");
    const std::string word = "Überlanges·Wort-ohne-Leerzeichen-das-nie-passt-ÄÖÜßΩЖ";
    auto lines = wrap_text(word, p.fonts, FontStyle::regular, 11, 50);
    ASSERT_GT(lines.size(), 2u);
    std::string joined;
    for (const auto& l : lines) {
        EXPECT_LE(p.fonts.width(FontStyle::regular, l, 11), 50.0);
        std::u32string decoded;
        EXPECT_TRUE(decode_utf8(l, decoded)) << "a line was cut inside a UTF-8 sequence";
        joined += l;
    }
    EXPECT_EQ(joined, word);
}

// Proves the shipped worksheet prints on one student page plus one key page
// for fifty seeds, with body text of at least 11 pt.
TEST(Layout, SplitTheWorkIsOneSheetAndOneKeyPageForEverySeed) {
    auto p = prepared("split-the-work.yaml");
    for (std::uint32_t seed = 0; seed <= 50; ++seed) {
        Document doc = laid_out(p, seed);
        ASSERT_EQ(doc.pages.size(), 2u) << "seed " << seed;
        EXPECT_TRUE(page_has(doc.pages[0], "page 1 of 1"));
        EXPECT_TRUE(page_has(doc.pages[1], "Answer key"));
    }
    EXPECT_GE(p.style.body_size, 11.0);
}

/// Checks that nothing of `doc` is drawn outside the margins of `p`'s style.
void expect_inside_margins(const Document& doc, const Prepared& p, const std::string& what) {
    const PageStyle& s = p.style;
    for (const auto& page : doc.pages)
        for (const auto& item : page.items) {
            if (const auto* t = std::get_if<TextRun>(&item)) {
                const double w = p.fonts.width(t->font, t->text, t->size);
                EXPECT_GE(t->x, s.margin_left - 0.01) << what << ": " << t->text;
                EXPECT_LE(t->x + w, s.page_width - s.margin_right + 0.01) << what << ": " << t->text;
                EXPECT_GE(t->y, s.margin_bottom - t->size - 0.01) << what << ": " << t->text;
                EXPECT_LE(t->y + t->size, s.page_height - s.margin_top + 0.01) << what << ": " << t->text;
            } else if (const auto* c = std::get_if<Circle>(&item)) {
                EXPECT_GE(c->cx - c->r, s.margin_left - 0.01) << what;
                EXPECT_LE(c->cx + c->r, s.page_width - s.margin_right + 0.01) << what;
            } else if (const auto* r = std::get_if<Rule>(&item)) {
                EXPECT_GE(std::min(r->x1, r->x2), s.margin_left - 0.01) << what;
                EXPECT_LE(std::max(r->x1, r->x2), s.page_width - s.margin_right + 0.01) << what;
            }
        }
}

// Proves nothing is drawn outside the page margins (footer included) on
// any page of either shipped worksheet.
TEST(Layout, EverythingStaysInsideTheMargins) {
    for (const char* file : {"split-the-work.yaml", "parallelism-quiz.yaml"}) {
        auto p = prepared(file);
        for (std::uint32_t seed : {0u, 1u, 3u, 99u}) expect_inside_margins(laid_out(p, seed), p, file);
    }
}

// Proves long texts that print beside or inside an answer area stay inside
// the margins, in every shipped style and on the answer sheet: a numeric
// unit of many words or of one long word (beside the answer box and beside
// a digit grid), a gap whose answer is longer than a line (its blank), and
// a word longer than a line in a fill text. They used to run off the page.
TEST(Layout, LongUnitsBlanksAndWordsStayInsideTheMargins) {
    const fs::path dir = fs::temp_directory_path() / ("handout-layout-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string words = "metres per second squared measured along the slope of the ramp in the lab";
    const std::string word(300, 'w');
    std::ofstream(dir / "long.yaml")
        << "id: long\ntitle: Long texts\nquestions:\n"
        << "  - {type: numeric, prompt: How fast, answer: 3, unit: '" << words << " " << words << "'}\n"
        << "  - {type: numeric, prompt: How fast, answer: 3, unit: " << word << "}\n"
        << "  - {type: numeric, prompt: How fast, answer: 3, grid: 6, unit: '" << words << " " << words << "'}\n"
        << "  - {type: numeric, prompt: How fast, answer: 3, grid: 4, unit: " << word << "}\n"
        << "  - {type: fill, text: 'It is [[" << words << " " << words << "]] and " << word << " too.'}\n";
    for (const char* style : {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"}) {
        Diagnostics diags;
        auto p = prepare((dir / "long.yaml").string(), style, source_dir, diags);
        ASSERT_TRUE(p) << diags.format();
        expect_inside_margins(laid_out(*p, 1), *p, style);
        LayoutOptions sheet = options(KeyMode::off);
        sheet.answer_sheet = true;
        expect_inside_margins(laid_out(*p, 1, sheet), *p, std::string(style) + " answer sheet");
    }
    fs::remove_all(dir);
}

// Proves every bubble sits on a line of text: its centre is at the middle of
// the option text's x-height, and its letter is centred inside it.
TEST(Layout, BubblesSitOnTheTextBaseline) {
    auto p = prepared("parallelism-quiz.yaml");
    Document doc = laid_out(p, 5);
    int bubbles = 0;
    for (const auto& page : doc.pages) {
    const auto& items = page.items;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto* c = std::get_if<Circle>(&items[i]);
        if (!c) continue;
        ++bubbles;
        ASSERT_LT(i + 2, items.size());
        const auto* letter = std::get_if<TextRun>(&items[i + 1]);
        const auto* option = std::get_if<TextRun>(&items[i + 2]);
        ASSERT_TRUE(letter && option);
        EXPECT_NEAR(c->cy - option->y, 0.34 * option->size, 0.01) << option->text;
        EXPECT_GT(option->x, c->cx + c->r) << "option text must start right of its bubble";
        const double lw = p.fonts.width(letter->font, letter->text, letter->size);
        EXPECT_NEAR(letter->x + lw / 2, c->cx, 0.01);
        EXPECT_EQ(letter->text.size(), 1u);
    }
    }
    EXPECT_EQ(bubbles, 32);  // 8 questions × 4 options
}

// Proves a question never splits across pages and a section heading stays
// with its first question, on a worksheet long enough to need several pages.
TEST(Layout, QuestionsNeverSplitAndHeadingsStayWithTheirFirstQuestion) {
    Prepared p = prepared("split-the-work.yaml");
    p.worksheet = long_worksheet(24);
    Document doc = laid_out(p, 4, options(KeyMode::off));
    ASSERT_GT(doc.pages.size(), 2u);
    std::map<std::string, std::set<std::size_t>> pages_of;  // question tag → pages it is on
    for (std::size_t pg = 0; pg < doc.pages.size(); ++pg)
        for (const auto* t : texts(doc.pages[pg])) {
            auto at = t->text.find(" q");
            if (t->text.rfind("Prompt", 0) == 0 || t->text.rfind("Option", 0) == 0) {
                auto tag = t->text.substr(at + 1, t->text.find(' ', at + 1) - at - 1);
                tag = tag.substr(0, tag.find('-', 3));  // q0-7-2 → q0-7
                pages_of[tag].insert(pg);
            }
        }
    EXPECT_EQ(pages_of.size(), 24u);
    for (const auto& [tag, pages] : pages_of) EXPECT_EQ(pages.size(), 1u) << tag << " splits across pages";
    // "Section 2" is followed on its page by a question of section 2.
    for (const auto& page : doc.pages) {
        auto ts = texts(page);
        for (std::size_t i = 0; i < ts.size(); ++i)
            if (ts[i]->text == "Section 2") {
                bool followed = false;
                for (std::size_t j = i + 1; j < ts.size(); ++j) followed |= ts[j]->text.find("Prompt q1-") == 0;
                EXPECT_TRUE(followed) << "section heading left alone at the bottom of a page";
            }
    }
}

// Proves the key starts on a page of its own, and with --duplex on a new
// sheet of paper (an odd page number), every page carrying the sheet code.
TEST(Layout, KeyStartsOnItsOwnPageAndOnANewSheetWhenDuplex) {
    auto p = prepared("split-the-work.yaml");
    Document simplex = laid_out(p, 3);
    ASSERT_EQ(simplex.pages.size(), 2u);
    EXPECT_FALSE(page_has(simplex.pages[0], "Answer key"));
    EXPECT_TRUE(page_has(simplex.pages[1], "Answer key"));
    Document duplex = laid_out(p, 3, options(KeyMode::on, true));
    ASSERT_EQ(duplex.pages.size(), 4u);
    EXPECT_TRUE(page_has(duplex.pages[2], "Answer key"));
    const std::string code = make_variant(p.worksheet, 3).code;
    for (const auto& page : duplex.pages) EXPECT_TRUE(page_has(page, code));
    Document only = laid_out(p, 3, options(KeyMode::only));
    ASSERT_EQ(only.pages.size(), 1u);
    EXPECT_TRUE(page_has(only.pages[0], "Answer key"));
}

// Proves a roster name is written on the Name line.
TEST(Layout, StudentNameIsWrittenInTheNameField) {
    auto p = prepared("split-the-work.yaml");
    Document doc = laid_out(p, 2, options(KeyMode::off, false, "Ada Lovelace"));
    EXPECT_TRUE(page_has(doc.pages[0], "Ada Lovelace"));
    EXPECT_EQ(doc.bookmarks.at(0).title, "Ada Lovelace \u00b7 " + make_variant(p.worksheet, 2).code);
}

// Golden layouts of the shipped worksheets: any change to placement shows up
// as a readable diff of tests/golden/*.txt.
TEST(Layout, MatchesTheGoldens) {
    struct Case {
        const char* worksheet;
        std::uint32_t seed;
        const char* template_name;
        const char* golden;
    };
    const bool update = std::getenv("HANDOUT_UPDATE_GOLDENS") != nullptr;
    for (const Case& c : {Case{"split-the-work.yaml", 0, "", "split-the-work-s0.txt"},
                          Case{"split-the-work.yaml", 3, "", "split-the-work-s3.txt"},
                          Case{"parallelism-quiz.yaml", 1, "", "parallelism-quiz-s1.txt"},
                          // every question type, an image and markup, in each shipped style
                          Case{"forces-and-motion.yaml", 2, "", "forces-and-motion-s2.txt"},
                          Case{"forces-and-motion.yaml", 2, "large-print", "forces-and-motion-s2-large-print.txt"},
                          Case{"forces-and-motion.yaml", 2, "compact", "forces-and-motion-s2-compact.txt"},
                          Case{"forces-and-motion.yaml", 2, "modified-large-print",
                               "forces-and-motion-s2-modified-large-print.txt"},
                          Case{"forces-and-motion.yaml", 2, "dyslexia", "forces-and-motion-s2-dyslexia.txt"},
                          // numbers that vary: the student's numbers on the sheet and in the key
                          Case{"newtons-second-law.yaml", 5, "", "newtons-second-law-s5.txt"}}) {
        const std::string actual = dump(laid_out(prepared(c.worksheet, c.template_name), c.seed));
        const std::string path = source_dir + "/tests/golden/" + c.golden;
        if (update) {
            std::ofstream(path, std::ios::binary) << actual;
            continue;
        }
        std::ifstream in(path, std::ios::binary);
        ASSERT_TRUE(in) << "missing golden " << path << " (run with HANDOUT_UPDATE_GOLDENS=1)";
        std::stringstream expected;
        expected << in.rdbuf();
        EXPECT_EQ(actual, expected.str()) << "layout changed: " << c.golden
                                          << " (rerun with HANDOUT_UPDATE_GOLDENS=1 if deliberate)";
    }
}

// Proves every variant (seeds 1–50) of every shipped worksheet has the same
// page count under each shipped template, so a class set never has one
// student with an extra page (and that it looked at them: an empty or moved
// folder fails).
TEST(Layout, EveryVariantOfAShippedWorksheetHasTheSamePageCount) {
    std::set<std::string> checked;
    for (const auto& entry : std::filesystem::directory_iterator(source_dir + "/worksheets")) {
        if (entry.path().extension() != ".yaml") continue;
        checked.insert(entry.path().filename().string());
        for (const char* style : {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"}) {
            const auto p = prepared(entry.path().filename().string(), style);
            std::set<std::size_t> counts;
            for (std::uint32_t seed = 1; seed <= 50; ++seed) counts.insert(laid_out(p, seed, options(KeyMode::off)).pages.size());
            EXPECT_EQ(counts.size(), 1u) << entry.path().filename() << " with " << style << ": page counts differ by seed";
        }
    }
    EXPECT_TRUE(checked.count("split-the-work.yaml") && checked.count("forces-and-motion.yaml"))
        << "the shipped worksheets were not found in " << source_dir << "/worksheets";
}

// Proves a picture taller than the page (a phone screenshot, 1080 × 2340,
// at the widest image_width allowed) is scaled down whole to fit the text
// area, in every shipped style: it used to run off the paper while its
// question split over five pages.
TEST(Layout, APictureTallerThanThePageIsScaledToFitTheTextArea) {
    for (const char* style : {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"}) {
        Prepared p = prepared("forces-and-motion.yaml", style);
        auto screenshot = std::make_shared<GrayImage>();
        screenshot->width = 1080;
        screenshot->height = 2340;
        screenshot->pixels.assign(std::size_t{1080} * 2340, 200);
        for (auto& [name, image] : p.images) image = screenshot;
        for (auto& section : p.worksheet.sections)
            for (auto& q : section.questions)
                if (!q.image.empty()) q.image_width_mm = 180;
        const Document doc = laid_out(p, 0, options(KeyMode::off));
        int pictures = 0;
        for (const auto& page : doc.pages)
            for (const auto& item : page.items)
                if (const auto* pic = std::get_if<Picture>(&item)) {
                    ++pictures;
                    EXPECT_GE(pic->y, p.style.margin_bottom) << style;
                    EXPECT_LE(pic->y + pic->h, p.style.page_height - p.style.margin_top + 1e-6) << style;
                    EXPECT_GE(pic->x, p.style.margin_left) << style;
                    EXPECT_LE(pic->x + pic->w, p.style.page_width - p.style.margin_right + 1e-6) << style;
                    EXPECT_NEAR(pic->h / pic->w, 2340.0 / 1080.0, 1e-9) << style;
                    const double area = p.style.page_height - p.style.margin_top - p.style.margin_bottom;
                    EXPECT_LE(pic->h, area * 2 / 3) << style;
                }
        EXPECT_EQ(pictures, 1) << style;
    }
}

// Proves each question type lays out what a student needs: tick boxes and
// "Fill the box of every answer that applies." (multi), bubbles T and F
// (truefalse), writing lines (short), numbered blanks and a word bank in a
// light box (fill), a bubble row per left item and lettered right items
// (match), a row of place bubbles per item (order), an answer box with its
// unit (numeric), and the picture.
TEST(Layout, EachQuestionTypeDrawsItsAnswerArea) {
    const auto p = prepared("forces-and-motion.yaml");
    const Document doc = laid_out(p, 0, options(KeyMode::off));
    int boxes = 0, rules = 0, pictures = 0, circles = 0;
    std::string all;
    for (const auto& page : doc.pages)
        for (const auto& item : page.items) {
            if (const auto* t = std::get_if<TextRun>(&item)) all += t->text + "\n";
            boxes += std::holds_alternative<Box>(item);
            circles += std::holds_alternative<Circle>(item);
            rules += std::holds_alternative<Rule>(item);
            pictures += std::holds_alternative<Picture>(item);
        }
    EXPECT_NE(all.find("Fill the box of every answer that applies."), std::string::npos);
    EXPECT_NE(all.find("(1)"), std::string::npos);
    EXPECT_NE(all.find("(3)"), std::string::npos);
    EXPECT_NE(all.find("m/s"), std::string::npos);
    EXPECT_NE(all.find("fill bubble 1 for the first"), std::string::npos);
    EXPECT_EQ(all.find("**"), std::string::npos) << "markup must not print";
    EXPECT_EQ(pictures, 1);
    // 5 multi boxes + 1 bank box + 4 digit-grid write-in boxes
    EXPECT_EQ(boxes, 10);
    // truefalse 2 + choice 4 + 4 + match 4 × 4 + order 4 × 4 + digit grid 1 + 4 × 11
    // + teacher boxes 0, ½, 1 of the short and the fill question
    EXPECT_EQ(circles, 93);
    // 2 field lines + the total's line + 3 fill blanks + 3 short-answer lines
    EXPECT_EQ(rules, 9);
}

// Proves every printed answer area carries its role, its question (source
// index and printed number) and its printed value, so a reader can find
// "bubble B of question 3" in a Document without recomputing the layout:
// one bubble per option lettered A, B, … for each choice question, T and F
// for truefalse, a tick box per option for multi, a bubble row per match row
// ("row:letter") and order item ("item:place"), a numeric answer box, one
// gap per fill blank and one writing line per short line; and each page's
// code and corner marks.
TEST(Layout, TagsNameTheRoleQuestionAndValueOfEachAnswerArea) {
    const auto p = prepared("forces-and-motion.yaml");
    const std::uint32_t seed = 3;
    const Document doc = laid_out(p, seed, options(KeyMode::on));
    const Variant v = make_variant(p.worksheet, seed);

    // source index (1-based, sections flattened) of each question
    std::map<const Question*, int> index;
    for (const auto& section : p.worksheet.sections)
        for (const auto& q : section.questions) index[&q] = static_cast<int>(index.size()) + 1;

    // Tags seen, by source index: role → printed values in page order.
    std::map<int, std::map<Role, std::vector<std::string>>> seen;
    std::map<int, int> printed;
    for (const auto& page : doc.pages)
        for (const auto& item : page.items) {
            const Tag& t = tag_of(item);
            if (t.role == Role::none || t.role == Role::page_code || t.role == Role::corner_mark) {
                EXPECT_EQ(t.question, 0);
                continue;
            }
            EXPECT_TRUE(std::holds_alternative<Circle>(item) || std::holds_alternative<Box>(item) ||
                        std::holds_alternative<Rule>(item));
            seen[t.question][t.role].push_back(t.value);
            printed[t.question] = t.printed;
        }

    const auto letters = [](std::size_t n) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < n; ++i) out.emplace_back(1, static_cast<char>('A' + i));
        return out;
    };
    const auto numbers = [](std::size_t n) {
        std::vector<std::string> out;
        for (std::size_t i = 0; i < n; ++i) out.push_back(std::to_string(i + 1));
        return out;
    };
    // "1:A", "1:B", … "2:A", …: one row of `values` per printed row.
    const auto rows = [](std::size_t n, const std::vector<std::string>& values) {
        std::vector<std::string> out;
        for (std::size_t r = 1; r <= n; ++r)
            for (const auto& value : values) out.push_back(std::to_string(r) + ":" + value);
        return out;
    };
    int choice_questions = 0;
    for (const auto& section : v.sections)
        for (const auto& q : section.questions) {
            const Question& src = *q.source;
            const int i = index.at(&src);
            SCOPED_TRACE("question " + std::to_string(i) + " printed " + std::to_string(q.number));
            std::map<Role, std::vector<std::string>> expected;
            EXPECT_EQ(q.source_index, i);
            std::visit(Overloaded{
                           [&](const Choice& b) {
                               ++choice_questions;
                               expected[Role::bubble] = letters(b.options.size());
                           },
                           [&](const Multi& b) { expected[Role::tick_box] = letters(b.options.size()); },
                           [&](const Match& b) { expected[Role::bubble] = rows(b.pairs.size(), letters(b.pairs.size())); },
                           [&](const Order& b) { expected[Role::bubble] = rows(b.items.size(), numbers(b.items.size())); },
                           [&](const Numeric& b) {
                               ASSERT_GT(b.grid, 0) << "forces-and-motion asks for a digit grid";
                               std::vector<std::string> grid{"1:-"};
                               for (const char* ch : {".", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"})
                                   for (int c = 1; c <= b.grid; ++c) grid.push_back(std::to_string(c) + ":" + ch);
                               expected[Role::digit] = grid;
                               expected[Role::answer_box] = numbers(static_cast<std::size_t>(b.grid));  // write-in boxes
                           },
                           [&](const ShortAnswer& b) {
                               expected[Role::write_line] = numbers(static_cast<std::size_t>(b.lines));
                               expected[Role::teacher_box] = {"0", "0.5", "1"};
                           },
                           [&](const Fill& b) {
                               std::size_t gaps = 0;
                               for (const auto& part : b.parts) gaps += part.gap;
                               expected[Role::gap] = numbers(gaps);
                               expected[Role::teacher_box] = {"0", "0.5", "1"};
                           },
                           [&](const TrueFalse&) { expected[Role::bubble] = {"T", "F"}; },
                       },
                       src.body);
            EXPECT_EQ(seen[i], expected);
            if (!expected.empty()) {
                EXPECT_EQ(printed[i], q.number);
            }
        }
    EXPECT_EQ(choice_questions, 2);
    // Nothing tagged for a question that does not exist.
    for (const auto& [i, roles] : seen) EXPECT_TRUE(i >= 1 && i <= static_cast<int>(index.size())) << i;
}

// Proves no key item stands alone on the key's last page: for worksheets of
// 10 to 90 questions (so some key would end one item over a page), the last
// key page holds at least two items whenever the key needs two pages or more.
TEST(Layout, NoKeyItemStandsAloneOnTheLastPage) {
    Prepared p = prepared("split-the-work.yaml");
    const Question model = p.worksheet.sections.at(0).questions.at(0);
    int checked = 0;
    for (std::size_t n = 10; n <= 90; n += 1) {
        p.worksheet.sections.at(0).questions.assign(n, model);
        const Document doc = laid_out(p, 1, options(KeyMode::only));
        if (doc.pages.size() < 2) continue;
        ++checked;
        int items = 0;
        for (const auto& t : texts(doc.pages.back())) {
            const std::string& s = t->text;
            items += s.size() >= 2 && s.back() == '.' && s.find_first_not_of("0123456789") == s.size() - 1;
        }
        EXPECT_GE(items, 2) << n << " questions: the key's last page holds " << items << " item(s)";
    }
    EXPECT_GT(checked, 30);
}

// Proves the points on the student sheet: each question's label ("1½
// marks") ends at the text's right edge on its number's baseline, every
// prompt line on the number line ends clear of it, the first page has
// `Total: ____ / N` in the fields row and section titles carry their
// points; `show_points: false` prints none of it.
TEST(Layout, PointsStandBesideEachQuestionAndTheTotalOnThePage) {
    Prepared p = prepared("forces-and-motion.yaml");
    Question& first = p.worksheet.sections.at(0).questions.at(0);
    first.points = Points{3};
    first.prompt.text = "A prompt long enough to reach the right edge of the text on its first line, surely, "
                        "so that it must wrap before the points";
    const double right = p.style.page_width - p.style.margin_right;
    const Document doc = laid_out(p, 0, options(KeyMode::off));
    const Page& page = doc.pages.at(0);
    const auto runs = texts(page);
    int labels = 0;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const TextRun* t = runs[i];
        if (t->text.find(" mark") == std::string::npos || t->text.find("(") != std::string::npos) continue;
        ++labels;
        EXPECT_NEAR(t->x + p.fonts.width(t->font, t->text, t->size), right, 0.01) << t->text;
        EXPECT_DOUBLE_EQ(t->size, p.style.meta_size);
        // The next run is the question's number, on the same baseline; the
        // runs after it on that baseline end before the label.
        ASSERT_LT(i + 1, runs.size());
        EXPECT_DOUBLE_EQ(runs[i + 1]->y, t->y) << runs[i + 1]->text;
        for (std::size_t k = i + 1; k < runs.size(); ++k) {
            if (runs[k]->y != t->y) continue;
            EXPECT_LT(runs[k]->x + p.fonts.width(runs[k]->font, runs[k]->text, runs[k]->size), t->x)
                << runs[k]->text << " runs into " << t->text;
        }
    }
    EXPECT_TRUE(page_has(page, "1\u00bd marks"));
    EXPECT_TRUE(page_has(page, "Total:"));
    EXPECT_TRUE(page_has(page, "/ 9\u00bd"));
    EXPECT_TRUE(page_has(page, "Part A \u00b7 Forces (5\u00bd marks)"));
    EXPECT_GE(labels, 5);

    p.worksheet.show_points = false;
    const Document plain = laid_out(p, 0, options(KeyMode::off));
    for (const auto& pg : plain.pages)
        for (const auto* t : texts(pg)) {
            EXPECT_EQ(t->text.find("mark"), std::string::npos) << t->text;
            EXPECT_EQ(t->text.find("Total"), std::string::npos) << t->text;
        }
}

// Proves the key shows each question's points at the right edge (and
// "partial" for a multi scored so) and the total under its heading.
TEST(Layout, KeyShowsEachQuestionsPointsAndTheTotal) {
    Prepared p = prepared("forces-and-motion.yaml");
    for (auto& q : p.worksheet.sections.at(0).questions)
        if (q.type() == QuestionType::multi) q.scoring = Scoring::partial, q.points = Points::whole(2);
    p.worksheet.show_points = false;  // the key shows them all the same
    const Document doc = laid_out(p, 0, options(KeyMode::only));
    const Page& key = doc.pages.at(0);
    EXPECT_TRUE(page_has(key, "Total: 10 marks"));
    EXPECT_TRUE(page_has(key, "2 marks \u00b7 partial"));
    EXPECT_TRUE(page_has(key, "1 mark"));
}

// Proves no two texts of a page's footer run into each other, in every
// shipped style, on question pages, answer sheets and keys: the brand gives
// way (shrinks, or is left out) when the sheet code and page number need its
// room (the modified-large-print answer sheet printed its brand over them).
TEST(Layout, FooterTextsNeverOverlapInAnyStyle) {
    for (const char* style : {"classic", "large-print", "compact", "letter", "modified-large-print", "dyslexia"}) {
        const auto p = prepared("forces-and-motion.yaml", style);
        auto o = options(KeyMode::on);
        o.answer_sheet = true;
        const Document doc = laid_out(p, 7, o);
        for (std::size_t i = 0; i < doc.pages.size(); ++i) {
            // The footer: the texts on the page's lowest baseline.
            const auto all = texts(doc.pages[i]);
            ASSERT_FALSE(all.empty());
            double lowest = all.front()->y;
            for (const TextRun* t : all) lowest = std::min(lowest, t->y);
            std::vector<const TextRun*> footer;
            for (const TextRun* t : all)
                if (std::abs(t->y - lowest) < 0.01) footer.push_back(t);
            EXPECT_GE(footer.size(), 2u) << style << " page " << i + 1;
            for (const TextRun* a : footer)
                for (const TextRun* b : footer) {
                    if (a == b || a->x > b->x) continue;
                    const double a_end = a->x + p.fonts.width(a->font, a->text, a->size);
                    EXPECT_LE(a_end, b->x + 0.01) << style << " page " << i + 1 << ": '" << a->text << "' runs into '"
                                                  << b->text << "'";
                }
        }
    }
}

// Proves append merges the face files of documents set in different page
// styles: files shared keep one slot, new files take free slots, and every
// text run still names the file it was measured with (the PDF of a class
// set with large-print students would otherwise print them in the wrong faces).
TEST(Layout, AppendKeepsEachTextRunInItsOwnFaceFile) {
    std::vector<Document> parts;
    for (const char* style : {"classic", "modified-large-print", "dyslexia", "classic"})
        parts.push_back(laid_out(prepared("forces-and-motion.yaml", style), 3, options(KeyMode::on)));
    // Before: each run's file, part by part.
    std::vector<std::string> expected;
    for (const auto& part : parts)
        for (const auto& page : part.pages)
            for (const TextRun* t : texts(page)) expected.push_back(part.fonts[static_cast<std::size_t>(t->font)]);
    Document all;
    for (auto& part : parts) append(all, std::move(part));
    std::vector<std::string> actual;
    for (const auto& page : all.pages)
        for (const TextRun* t : texts(page)) actual.push_back(all.fonts[static_cast<std::size_t>(t->font)]);
    EXPECT_EQ(actual, expected);
    // Each file once; the first part's files in their own slots.
    std::set<std::string> files;
    std::size_t used = 0;
    for (const auto& f : all.fonts)
        if (!f.empty()) files.insert(f), ++used;
    EXPECT_EQ(files.size(), used);
    EXPECT_NE(all.fonts[0].find("Lato-Light.ttf"), std::string::npos);
    EXPECT_NE(all.fonts[static_cast<std::size_t>(FontStyle::mono)].find("LiberationMono"), std::string::npos);
    EXPECT_GT(used, font_style_count);
}

// Proves the marking grid of 30 students × 12 questions of mixed types and
// points (issue 32: it took 7 pages, one question column a band, because
// long cells such as "joules / watts (1)" set their columns' widths) fits
// on 2 pages: long answers print as keys ("[1]") explained under the grid,
// and the sheet code's shared start prints once, above it.
TEST(Layout, AThirtyByTwelveMarkingGridFitsOnTwoPages) {
    Diagnostics diags;
    auto p = prepare(std::string(HANDOUT_TEST_DATA) + "/grid/energy-twelve.yaml", "", source_dir, diags);
    ASSERT_TRUE(p) << diags.format();
    const std::size_t sheets = 30;
    const Labels labels = resolve_labels(p->worksheet, &p->style.labels);
    MarkingGridBuilder builder(p->worksheet, sheets, labels);
    for (std::size_t i = 0; i < sheets; ++i)
        builder.set(i, make_variant(p->worksheet, static_cast<std::uint32_t>(i + 1)),
                    "Student Number" + std::to_string(i + 1) + " Longername");
    const MarkingGrid grid = std::move(builder).finish();
    ASSERT_EQ(grid.rows[0].answers.size(), 12u);
    Document doc;
    layout_marking_grid(grid, p->style, p->fonts, doc);
    EXPECT_LE(doc.pages.size(), 2u);
    std::string all;
    for (const auto& page : doc.pages)
        for (const TextRun* t : texts(page)) all += t->text + "\n";
    // Every long answer is in the legend once, and its key in the cells.
    const std::string fp = fingerprint(p->worksheet);
    EXPECT_NE(all.find("[1] joules / watts"), std::string::npos) << all;
    EXPECT_NE(all.find("joules / watts"), std::string::npos) << all;
    EXPECT_EQ(all.find("joules / watts"), all.rfind("joules / watts")) << all;
    EXPECT_NE(all.find("\n[1]\n"), std::string::npos) << all;
    EXPECT_NE(all.find("Sheet code: W3-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-\u2026"), std::string::npos) << all;
    EXPECT_NE(all.find("\n17-" + std::string(1, check_symbol(fp, 17)) + "\n"), std::string::npos) << all;
}

// Proves the marking grid of a large class set, handed on a few pages at a
// time (as `batch` paints it, so it is never held whole), is the grid laid
// out whole, page for page: the same items, "page n of N" footers, the
// bookmark on the first part only; and that its rows may be set in any
// order (workers finish sheets out of order).
TEST(Layout, TheMarkingGridInPartsIsTheWholeGrid) {
    const auto p = prepared("split-the-work.yaml");
    const std::size_t sheets = 400;
    const Labels labels = resolve_labels(p.worksheet, &p.style.labels);
    MarkingGridBuilder in_order(p.worksheet, sheets, labels), reversed(p.worksheet, sheets, labels);
    for (std::size_t i = 0; i < sheets; ++i) {
        in_order.set(i, make_variant(p.worksheet, static_cast<std::uint32_t>(i + 1)), "Student " + std::to_string(i));
        const std::size_t j = sheets - 1 - i;
        reversed.set(j, make_variant(p.worksheet, static_cast<std::uint32_t>(j + 1)), "Student " + std::to_string(j));
    }
    const MarkingGrid grid = std::move(in_order).finish();
    const MarkingGrid same = std::move(reversed).finish();
    ASSERT_EQ(grid.rows.size(), sheets);
    for (std::size_t i = 0; i < sheets; ++i) EXPECT_EQ(grid.rows[i].answers, same.rows[i].answers);
    EXPECT_EQ(grid.summary, same.summary);

    Document whole;
    layout_marking_grid(grid, p.style, p.fonts, whole);
    ASSERT_GT(whole.pages.size(), 6u);
    Document joined;
    std::size_t parts = 0, bookmarks = 0;
    layout_marking_grid(grid, p.style, p.fonts, 3, [&](Document&& part) {
        ++parts;
        EXPECT_LE(part.pages.size(), 3u);
        EXPECT_EQ(part.fonts, whole.fonts);
        bookmarks += part.bookmarks.size();
        for (Page& page : part.pages) joined.pages.push_back(std::move(page));
    });
    EXPECT_EQ(parts, (whole.pages.size() + 2) / 3);
    EXPECT_EQ(bookmarks, 1u);
    joined.width = whole.width;
    joined.height = whole.height;
    joined.fonts = whole.fonts;
    joined.title = whole.title;
    joined.bookmarks = whole.bookmarks;
    EXPECT_EQ(dump(joined), dump(whole));
    const std::string last = "Marking grid \u00b7 page " + std::to_string(whole.pages.size()) + " of " +
                             std::to_string(whole.pages.size());
    EXPECT_TRUE(page_has(whole.pages.back(), last));
}

// Proves a fill question's gaps are as wide as its `width` list says, gap by
// gap (never wider than the line), and that without one every gap of the
// worksheet is the same width, whatever the answer's length.
TEST(Layout, AFillWidthListSetsEachGapsWidth) {
    const fs::path dir = fs::temp_directory_path() / ("handout-gap-widths-" + std::to_string(getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "gaps.yaml") << R"(id: gaps
title: Gaps
questions:
  - type: fill
    prompt: Fill in.
    text: "[[Rome]] is the capital of [[Italy]] and [[Vatican City]] lies in it."
    width: [20, 60, 150]
  - type: fill
    prompt: Fill in.
    text: "[[A]] and [[a much longer answer]]."
)";
    Diagnostics diags;
    auto p = prepare((dir / "gaps.yaml").string(), "", source_dir, diags);
    fs::remove_all(dir);
    ASSERT_TRUE(p) << diags.format();
    const Document doc = laid_out(*p, 0);
    const double mm = 72 / 25.4, line = p->style.page_width - p->style.margin_left - p->style.margin_right;
    std::vector<double> widths;  // gaps in printed order
    for (const auto& item : doc.pages.at(0).items)
        if (const auto* r = std::get_if<Rule>(&item); r && r->tag.role == Role::gap) widths.push_back(r->x2 - r->x1);
    ASSERT_EQ(widths.size(), 5u);
    // Questions are shuffled: find the listed gaps by their widths.
    std::sort(widths.begin(), widths.end());
    EXPECT_NEAR(widths[0], 20 * mm, 0.01);
    EXPECT_NEAR(widths[1], widths[2], 0.01) << "the unlisted gaps are alike";
    EXPECT_NEAR(widths[3], 60 * mm, 0.01);
    EXPECT_LT(widths[4], line) << "150 mm is cut to the line beside its label";
    EXPECT_GT(widths[4], 120 * mm);
}

namespace {

/// A gray PGM (P5, 8 bits) as pdftoppm writes it.
struct Gray {
    int width = 0, height = 0;
    std::string pixels;
    int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * width + x)]); }
};

Gray read_pgm(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string magic;
    int most = 0;
    Gray g;
    in >> magic >> g.width >> g.height >> most;
    in.get();
    g.pixels.assign(static_cast<std::size_t>(g.width * g.height), '\0');
    in.read(g.pixels.data(), static_cast<std::streamsize>(g.pixels.size()));
    return g;
}

}  // namespace

// Proves the small print a student relies on (gap numbers, the hints under
// a prompt, the letters and numbers in bubbles and boxes, match row numbers)
// survives a copier or a scanner's black-and-white cut: each such run,
// painted, rasterised at 150 dpi and cut at 50 %, keeps at least a quarter
// of the pixels it inks (a thin "." or "−" in a bubble keeps about that
// much even in black). In the styles with muted gray text (classic's 0.55
// vanished whole). Decorative asides (points, footers) may stay light.
TEST(Layout, CuesSurviveAFiftyPercentCut) {
    const fs::path dir = fs::temp_directory_path() / ("handout-cut-" + std::to_string(getpid()));
    fs::create_directories(dir);
    for (const char* style : {"classic", "compact", "large-print", "dyslexia"}) {
        SCOPED_TRACE(style);
        const auto p = prepared("forces-and-motion.yaml", style);
        ASSERT_LT(p.style.cue_gray(), p.style.muted_gray);
        EXPECT_LE(p.style.cue_gray(), 0.35);
        const Document doc = laid_out(p, 1);
        const std::string pdf = (dir / "cut.pdf").string();
        std::ofstream(pdf, std::ios::binary) << paint_pdf(doc);
        int gaps = 0, letters = 0, hints = 0;
        for (std::size_t n = 0; n < doc.pages.size(); ++n) {
            const std::string pgm = (dir / "page").string();
            ASSERT_EQ(test::run("pdftoppm -r 150 -gray -singlefile -f " + std::to_string(n + 1) + " -l " +
                                std::to_string(n + 1) + " " + pdf + " " + pgm).status, 0);
            const Gray g = read_pgm(pgm + ".pgm");
            const double s = 150.0 / 72;
            for (const auto* t : texts(doc.pages[n])) {
                // Cues: runs in cue_gray, and the bold letters in bubbles and boxes.
                const bool letter = t->font == FontStyle::bold && count_code_points(t->text) <= 2;
                if (t->gray != p.style.cue_gray() && !letter) continue;
                gaps += t->text.starts_with("(");
                letters += letter;
                hints += t->font == FontStyle::italic;
                const double w = p.fonts.width(t->font, t->text, t->size);
                int ink = 0, dark = 0;
                for (int y = static_cast<int>((doc.height - t->y - 0.75 * t->size) * s);
                     y <= static_cast<int>((doc.height - t->y + 0.2 * t->size) * s); ++y)
                    for (int x = static_cast<int>(t->x * s); x <= static_cast<int>((t->x + w) * s); ++x) {
                        if (x < 0 || y < 0 || x >= g.width || y >= g.height) continue;
                        ink += g.at(x, y) < 230;
                        dark += g.at(x, y) < 128;
                    }
                EXPECT_GT(dark, 0) << t->text;
                EXPECT_GE(4 * dark, ink) << "page " << n + 1 << " \"" << t->text << "\" at " << t->x << ", " << t->y;
            }
        }
        EXPECT_GT(gaps, 0);
        EXPECT_GT(letters, 20);
        EXPECT_GT(hints, 0);
    }
    fs::remove_all(dir);
}

// Proves a match question in the narrow compact column gives its left items
// the room they need: each prints whole on one line (it used to break
// "Forc/e" and "Spee/d" beside four bubbles), its bubbles still clear of
// the right column's letters, and the right items still whole.
TEST(Layout, CompactMatchRowsKeepTheirItemsWhole) {
    const auto p = prepared("forces-and-motion.yaml", "compact");
    const Document doc = laid_out(p, 1);
    std::set<std::string> runs;
    int rows = 0;
    for (const auto& page : doc.pages)
        for (const auto* t : texts(page)) {
            runs.insert(t->text);
            if (t->text != "Force" && t->text != "Mass" && t->text != "Speed" && t->text != "Time") continue;
            // Its row: the bubbles after it end before the right column's letter.
            ++rows;
            double bubbles_end = 0, letter_x = 1e9;
            for (const auto& item : page.items) {
                if (const auto* c = std::get_if<Circle>(&item); c && std::abs(c->cy - t->y) < p.style.body_size && c->cx > t->x)
                    bubbles_end = std::max(bubbles_end, c->cx + c->r);
                if (const auto* l = std::get_if<TextRun>(&item); l && std::abs(l->y - t->y) < 0.01 &&
                                                                  l->font == FontStyle::bold && l->text.size() == 1)
                    letter_x = std::min(letter_x, l->x);
            }
            EXPECT_GT(bubbles_end, t->x + p.fonts.width(t->font, t->text, t->size)) << t->text;
            EXPECT_LT(bubbles_end, letter_x) << t->text;
        }
    EXPECT_EQ(rows, 4) << "every left item whole, on one line";
    for (const char* whole : {"kilogram", "metres per second", "second", "newton"}) EXPECT_TRUE(runs.count(whole)) << whole;
}
