// The review page of `handout mark --report`: every question carries the
// answers a person may give it on that student's sheet (printed letters,
// rows and items in that sheet's order, the teacher box's scores), the page
// holds them and the corrections the run started from, and nothing that
// comes from a scan or a roster reaches the page unescaped. The page's
// behaviour is tested in Chromium (tests/browser/review.test.mjs).

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "handout/mark.hpp"
#include "handout/markup.hpp"
#include "handout/render.hpp"
#include "handout/text.hpp"
#include "handout/variant.hpp"
#include "mark/catalog.hpp"
#include "synth/synth.hpp"
#include "support.hpp"

using namespace handout;
using namespace handout::mark;
using handout::test::run;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string binary = HANDOUT_BINARY;
const std::string scangen = HANDOUT_SCANGEN;

/// `value` as the review page writes its data (compact, safe in <script>).
std::string json_text(const nlohmann::ordered_json& value) { return script_safe_json(value.dump()); }

std::size_t letter(const std::string& text) { return static_cast<std::size_t>(text.at(0) - 'A'); }

/// A class of forces-and-motion (every question type) on answer sheets,
/// scanned with hard marks on half the answer groups, read in-process.
class ReviewClass : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = std::filesystem::temp_directory_path() / ("handout-review-" + std::to_string(getpid()));
        std::filesystem::create_directories(dir_);
        const std::string d = dir_.string();
        ASSERT_EQ(
            run(binary + " batch " + worksheet() + " --copies 3 --answer-sheet -o " + d + "/c.pdf").status,
            0);
        ASSERT_EQ(run(scangen + " " + d + "/scan.pdf --class " + d + "/c.pdf --from " + worksheet() +
                      " --dpi 150 --hard 0.5 --seed 5")
                      .status,
                  0);
    }
    static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

    static std::string worksheet() { return source_dir + "/worksheets/forces-and-motion.yaml"; }
    static Results read(const std::string& fixes = "") {
        Options o;
        o.scans = {(dir_ / "scan.pdf").string()};
        o.from = {worksheet()};
        o.fixes = fixes;
        Diagnostics diags;
        Results r = mark::mark(o, diags);
        EXPECT_FALSE(diags.has_errors()) << diags.format();
        return r;
    }

    static std::filesystem::path dir_;
};

std::filesystem::path ReviewClass::dir_;

}  // namespace

// The choices agree with the key as that sheet prints it: the correct
// letter's text is the correct option's, each match row's correct letter
// names its right item, each order item sits at its correct place, and a
// teacher box offers 0 up to the question's points.
TEST_F(ReviewClass, EveryQuestionCarriesTheAnswersItsSheetPrints) {
    const Results r = read();
    ASSERT_EQ(r.sheets.size(), 3u);
    Diagnostics diags;
    const auto prepared = prepare(worksheet(), "", source_dir, diags);
    ASSERT_TRUE(prepared) << diags.format();
    std::set<std::string> types;
    for (const auto& s : r.sheets) {
        const Variant v = make_variant(prepared->worksheet, s.seed);
        for (const auto& section : v.sections) {
            for (const auto& vq : section.questions) {
                const QuestionResult& q = s.questions.at(static_cast<std::size_t>(vq.source_index - 1));
                const Question& src = *vq.source;
                types.insert(q.type);
                SCOPED_TRACE(s.sheet + " question " + std::to_string(q.question) + " (" + q.type + ")");
                ASSERT_EQ(q.choice_texts.size(), q.choices.size());
                if (marked_by_teacher(src)) {
                    ASSERT_GE(q.choices.size(), 2u);
                    EXPECT_EQ(q.choices.front(), "0");
                    EXPECT_EQ(q.choices.back(), points_decimal(src.points));
                    EXPECT_TRUE(q.rows.empty());
                    continue;
                }
                switch (src.type()) {
                    case QuestionType::choice: {
                        ASSERT_EQ(q.choices.size(), src.as<Choice>().options.size());
                        EXPECT_EQ(q.choices.front(), "A");
                        EXPECT_EQ(q.choice_texts.at(letter(q.correct)),
                                  plain_text(src.as<Choice>().options[src.as<Choice>().answer].text));
                        break;
                    }
                    case QuestionType::multi: {
                        const auto& m = src.as<Multi>();
                        ASSERT_EQ(q.choices.size(), m.options.size());
                        std::vector<std::string> right, said;
                        for (std::size_t i : m.answers) right.push_back(plain_text(m.options[i].text));
                        for (const auto& l : split(q.correct, ';'))
                            said.push_back(q.choice_texts.at(letter(l)));
                        std::sort(right.begin(), right.end());
                        std::sort(said.begin(), said.end());
                        EXPECT_EQ(said, right);
                        break;
                    }
                    case QuestionType::truefalse:
                        EXPECT_EQ(q.choices, (std::vector<std::string>{"T", "F"}));
                        break;
                    case QuestionType::match: {
                        const auto& pairs = src.as<Match>().pairs;
                        ASSERT_EQ(q.rows.size(), pairs.size());
                        const auto correct = split(q.correct, ';');
                        for (std::size_t row = 0; row < pairs.size(); ++row) {
                            EXPECT_EQ(q.rows[row], plain_text(pairs[row].left.text));
                            EXPECT_EQ(q.choice_texts.at(letter(correct.at(row))),
                                      plain_text(pairs[row].right.text));
                        }
                        break;
                    }
                    case QuestionType::order: {
                        const auto& items = src.as<Order>().items;
                        ASSERT_EQ(q.rows.size(), items.size());
                        EXPECT_EQ(q.choices.back(), std::to_string(items.size()));
                        const auto places = split(q.correct, ';');
                        for (std::size_t k = 0; k < items.size(); ++k)
                            EXPECT_EQ(q.rows[k], plain_text(items[std::stoul(places.at(k)) - 1].text));
                        break;
                    }
                    case QuestionType::numeric:  // a grid: the number is typed
                        EXPECT_TRUE(q.choices.empty());
                        break;
                    default: ADD_FAILURE() << "a type the page does not know";
                }
            }
        }
    }
    EXPECT_EQ(types.size(), 8u) << "every question type";

    // The page holds each question's choices, and an item with a picture for each undecided one.
    const std::string html = review_html(r);
    std::size_t flags = 0, undecided = 0;
    for (std::size_t at = 0; (at = html.find("<li class=\"item flag\"", at)) != std::string::npos; ++at)
        ++flags;
    for (const auto& s : r.sheets) {
        undecided += s.undecided();
        for (const auto& q : s.questions)
            EXPECT_NE(html.find(",\"choices\":" + json_text(q.choices) + ",\"texts\":" +
                                json_text(q.choice_texts) + ",\"rows\":" + json_text(q.rows) + "}"),
                      std::string::npos)
                << s.sheet << " question " << q.question;
    }
    EXPECT_GT(undecided, 3u) << "hard marks leave something to decide";
    EXPECT_EQ(flags, undecided);
    EXPECT_NE(html.find("<script type=\"application/json\" id=\"review-data\">"), std::string::npos);
    EXPECT_EQ(html.find("<script src"), std::string::npos) << "no external script";
    EXPECT_EQ(html.find("<link"), std::string::npos) << "no external style or font";
}

// A run given corrections carries them, in the file's order, so that the
// file the page saves holds them and the new decisions.
TEST_F(ReviewClass, TheCorrectionsARunStartedFromAreInThePage) {
    const Results first = read();
    std::string file = "sheet,question,marked\n";
    std::vector<Correction> want;
    for (const auto& s : first.sheets)
        for (const auto& q : s.questions)
            if (!q.points && want.size() < 3) {
                std::string value =
                    q.choices.empty() ? "7" : q.choices.back();  // a number, a letter, full points
                if (!q.rows.empty()) {  // match, order: the first choice in every row
                    value.clear();
                    for (std::size_t k = 0; k < q.rows.size(); ++k)
                        value += (k ? ";" : "") + q.choices.front();
                }
                want.push_back({s.sheet, q.question, value});
                file += s.sheet + "," + std::to_string(q.question) + "," + want.back().marked + "\n";
            }
    ASSERT_FALSE(want.empty());
    const std::string path =
        (std::filesystem::temp_directory_path() / ("review-fixes-" + std::to_string(getpid()) + ".csv"))
            .string();
    std::ofstream(path) << file;
    const Results r = read(path);
    std::filesystem::remove(path);
    ASSERT_EQ(r.corrections.size(), want.size());
    std::string json = "\"corrections\":[";
    for (std::size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(r.corrections[i].sheet, want[i].sheet);
        EXPECT_EQ(r.corrections[i].question, want[i].question);
        EXPECT_EQ(r.corrections[i].marked, want[i].marked);
        json += std::string(i ? "," : "") + "[" + json_text(want[i].sheet) + "," +
                std::to_string(want[i].question) + "," + json_text(want[i].marked) + "]";
    }
    const std::string html = review_html(r);
    EXPECT_NE(html.find(json + "]"), std::string::npos);
    // Another set of decisions is another run: the page keeps them apart.
    const auto run_of = [](const std::string& page) {
        const auto at = page.find("{\"run\":\"");
        return at == std::string::npos ? std::string() : page.substr(at + 8, 16);
    };
    EXPECT_EQ(run_of(html).size(), 16u);
    EXPECT_NE(run_of(html), run_of(review_html(first)));
    EXPECT_EQ(run_of(review_html(first)), run_of(review_html(read())))
        << "the same run has the same identity";
}

// A digit grid that needs a person is pictured with the boxes above its
// bubbles, where the student wrote the digits: the crop reaches at least a
// box's height (1.5 bubble diameters) above the top bubbles.
TEST_F(ReviewClass, ADigitGridsPictureShowsItsWriteInBoxes) {
    // The first scanned sheet with two more bubbles filled in the grid's first column.
    std::vector<scan::ScanPage> pages = scan::read_scan((dir_ / "scan.pdf").string());
    ASSERT_FALSE(pages.empty());
    scan::Raster page = std::move(pages.front().raster);
    const scan::Identification id = scan::identify_page(page);
    ASSERT_TRUE(id.ok()) << id.reason;
    Catalog catalog({worksheet()}, "");
    const Found found = catalog.find(id.code);
    ASSERT_TRUE(found.sheet) << found.reason;
    const scan::PageGeometry& g = *found.sheet->page(id.code.page);
    int question = 0, painted = 0;
    double top = 0, bottom = g.height, diameter = 0;
    scan::synth::Rng rng(1);
    for (const auto& t : g.targets) {
        if (t.kind != scan::TargetKind::digit) continue;
        question = t.question;
        top = std::max(top, t.box.y + t.box.h);
        bottom = std::min(bottom, t.box.y);
        diameter = t.box.h;
        if ((t.value == "1:1" || t.value == "1:2") && painted < 2) {
            scan::synth::paint_mark(page, t, scan::synth::Mark::fill, g.height, rng);
            ++painted;
        }
    }
    ASSERT_EQ(painted, 2);
    const std::string png = (dir_ / "grid.png").string();
    scan::synth::write_image(png, page);

    Options o;
    o.scans = {png};
    o.from = {worksheet()};
    Diagnostics diags;
    const Results r = mark::mark(o, diags);
    ASSERT_EQ(r.sheets.size(), 1u) << diags.format();
    const QuestionResult& q = r.sheets[0].questions.at(static_cast<std::size_t>(question - 1));
    EXPECT_EQ(q.status, Status::multiple);
    ASSERT_GE(q.crop_png.size(), 24u);
    std::uint32_t height = 0;  // the PNG's IHDR height
    for (std::size_t i = 20; i < 24; ++i) height = (height << 8) | static_cast<unsigned char>(q.crop_png[i]);
    constexpr double crop_dpi = 110, crop_margin = 8;  // read.cpp's pictures: resolution, margin on each side
    const double bubbles_only = (top - bottom + 2 * crop_margin) * crop_dpi / 72;
    EXPECT_GE(height, bubbles_only + 1.5 * diameter * crop_dpi / 72)
        << "the picture reaches above the bubbles over the write-in boxes";
}

// QR text, file names and roster names are text: never markup, never the
// end of a script.
namespace {

/// An unclear choice question of `texts` (lettered from A), as read.
QuestionResult unclear_choice(int question, const std::vector<std::string>& texts) {
    QuestionResult q;
    q.question = question;
    q.printed = question;
    q.type = "choice";
    q.status = Status::unclear;
    q.reason = "a mark is unclear";
    for (std::size_t k = 0; k < texts.size(); ++k) q.choices.emplace_back(1, static_cast<char>('A' + k));
    q.choice_texts = texts;
    return q;
}

}  // namespace

TEST(ReviewPage, TextFromScansAndRostersIsEscaped) {
    Results r;
    r.problems.push_back(
        {"scan<img src=x onerror=alert(1)>.png", 1, "", "", "no page code (QR) found: </script>", {}});
    SheetResult s;
    s.sheet = "W2-AAAA-BBBBBBBBB-1";
    s.name = "Eve </script><script>alert(1)</script> <b>";
    s.questions.push_back(unclear_choice(1, {"</script><script>alert(2)</script>", "<b>bold</b>"}));
    r.sheets.push_back(s);
    r.corrections.push_back({"W2-</script>", 1, "A"});
    const std::string html = review_html(r);
    EXPECT_EQ(html.find("<img src=x"), std::string::npos);
    EXPECT_EQ(html.find("<script>alert"), std::string::npos);
    EXPECT_EQ(html.find("<b>bold"), std::string::npos);
    EXPECT_EQ(html.find("Eve </script>"), std::string::npos);
    EXPECT_NE(html.find("scan&lt;img src=x onerror=alert(1)&gt;.png"), std::string::npos);
    EXPECT_NE(html.find("Eve &lt;/script&gt;"), std::string::npos);
    // Two script elements: the data and review.js, each closed once.
    std::size_t ends = 0;
    for (std::size_t at = 0; (at = html.find("</script", at)) != std::string::npos; ++at) ++ends;
    EXPECT_EQ(ends, 2u);
}

// A formula in a choice or a row shows as MathML on the page (as on the quiz
// page), made from escaped text: the page's script puts that HTML in the
// buttons, so markup written in a worksheet never becomes the page's.
TEST(ReviewPage, FormulasShowAsMathMLMadeFromEscapedText) {
    Results r;
    SheetResult s;
    s.sheet = "W2-AAAA-BBBBBBBBB-1";
    s.questions.push_back(unclear_choice(1, {"$\\frac{1}{2}$", "<b>bold</b> and $x^2$", "plain"}));
    s.questions.push_back(unclear_choice(2, {"one", "two", "three"}));
    r.sheets.push_back(s);
    const std::string html = review_html(r);
    const std::size_t first = html.find("\"textsHtml\":");
    ASSERT_NE(first, std::string::npos) << "the question with formulas carries them as HTML";
    EXPECT_EQ(html.find("\"textsHtml\":", first + 1), std::string::npos) << "the plain one does not";
    const std::string data = html.substr(first, html.find(']', first) - first);
    EXPECT_NE(data.find("math alttext=\\\"\\\\frac{1}{2}\\\""), std::string::npos) << data;
    EXPECT_NE(data.find("mfrac"), std::string::npos) << data;
    EXPECT_NE(data.find("msup"), std::string::npos) << data;
    EXPECT_NE(data.find("&lt;b&gt;bold&lt;/b&gt; and "), std::string::npos) << data;
    EXPECT_EQ(data.find("<b>"), std::string::npos) << data;
}
