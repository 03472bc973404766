// Tests of the quiz page (`handout html`): self-contained, shows the sheet
// code, hides answers from the page source, and carries exactly the Variant
// the PDF of the same seed prints (question order, option letters).
// The page's behaviour in a browser is tested in tests/browser/.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "handout/html.hpp"
#include "handout/image.hpp"
#include "handout/load.hpp"
#include "handout/markup.hpp"
#include "handout/variant.hpp"
#include "html/quiz_words.hpp"
#include "support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

Worksheet load(const std::string& name) {
    Diagnostics diags;
    auto ws = load_worksheet(std::string(HANDOUT_SOURCE_DIR) + "/worksheets/" + name, diags);
    if (!ws) throw std::runtime_error(diags.format());
    return *ws;
}

// Markup text as html.cpp writes it into the page's JSON: HTML, then `"`,
// `\` and `<` escaped.
std::string json_html(const std::string& markup) {
    std::string out = "\"";
    for (char c : markup_to_html(markup)) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '<') out += "\\u003c";
        else out += c;
    }
    return out + "\"";
}

// `[1,0,2]`
std::string index_list(const std::vector<std::size_t>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
}

// The value of the `"sec":"…"` field after `from`.
std::string sec_after(const std::string& page, std::size_t from) {
    const std::size_t start = page.find("\"sec\":\"", from) + 7;
    return page.substr(start, page.find('"', start) - start);
}

// Every piece of answer text of a worksheet that must not be readable in
// the page: explanations, model answers, and gap answers of fills without a bank.
std::vector<std::string> secrets(const Worksheet& ws) {
    std::vector<std::string> out;
    for (const auto& s : ws.sections)
        for (const auto& q : s.questions) {
            if (!q.explain.empty()) out.push_back(plain_text(q.explain.text));
            if (const auto* s_ = std::get_if<ShortAnswer>(&q.body); s_ && !s_->model_answer.empty())
                out.push_back(plain_text(s_->model_answer.text));
            if (const auto* fill = std::get_if<Fill>(&q.body); fill && !fill->bank)
                for (const auto& part : fill->parts)
                    if (part.gap) out.push_back(part.text);
        }
    return out;
}

}  // namespace

TEST(Html, MarkupBecomesEscapedHtml) {
    EXPECT_EQ(markup_to_html("**bold** *it* `a<b` & \"q\""),
              "<strong>bold</strong> <em>it</em> <code>a&lt;b</code> &amp; &quot;q&quot;");
    EXPECT_EQ(markup_to_html("***both***"), "<strong><em>both</em></strong>");
    EXPECT_EQ(markup_to_html("2 \\* 3 < 7"), "2 * 3 &lt; 7");
}

TEST(Html, SecretsRoundTripAndDoNotShowThroughTheirEncoding) {
    const std::string text = "{\"ex\":\"Friction slows the ball\"}";
    const std::string encoded = encode_secret(text, 7, 3);
    EXPECT_EQ(encoded.find("Friction"), std::string::npos);
    EXPECT_EQ(decode_secret(encoded, 7, 3), text);
    // Another seed or question gives another key stream.
    EXPECT_NE(encode_secret(text, 8, 3), encoded);
    EXPECT_NE(encode_secret(text, 7, 4), encoded);
}

TEST(Html, PageIsSelfContainedWithImagesInline) {
    const Worksheet ws = load("forces-and-motion.yaml");
    const std::string page = render_html(ws, 3);
    for (const char* bad : {"src=\"http", "href=\"http", "src='http", "href='http", "<link", "<script src",
                            "url(http", "@import"})
        EXPECT_EQ(page.find(bad), std::string::npos) << bad;
    EXPECT_EQ(page.find("http://"), std::string::npos);
    EXPECT_EQ(page.find("https://"), std::string::npos);
    EXPECT_NE(page.find("\"img\":\"data:image/png;base64,iVBORw0KGgo"), std::string::npos);
    EXPECT_NE(page.find("Content-Security-Policy"), std::string::npos);
}

/// `text` decoded from base64 (RFC 4648); stops at the first other character.
static std::string from_base64(std::string_view text) {
    const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    unsigned bits = 0, count = 0;
    for (const char c : text) {
        const std::size_t v = digits.find(c);
        if (v == std::string::npos) break;
        bits = (bits << 6) | static_cast<unsigned>(v);
        if ((count += 6) >= 8) {
            count -= 8;
            out += static_cast<char>((bits >> count) & 0xFF);
        }
    }
    return out;
}

// Proves the quiz page carries only the decoded pictures, encoded again:
// a JPEG with an EXIF block (a phone's GPS position and camera) and a PNG
// padded with 5 MB after its end embed as small plain PNGs holding neither
// (they were embedded byte for byte: the GPS reached the students, and a
// padded 64 x 64 PNG gave a 419 MB page).
TEST(Html, PicturesAreEmbeddedDecodedWithoutTheirMetadataOrPadding) {
    const fs::path dir = fs::temp_directory_path() / ("handout-html-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const auto read = [](const fs::path& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    const std::string secret = "GPSLatitude 51.5007 N GPSLongitude 0.1246 W Pixel 8 Pro";
    // An APP1 "Exif" segment right after the JPEG's start marker: a TIFF
    // header with no entries, then the secret as the phone's payload.
    std::string app1 = std::string("Exif\0\0II*\0\x08\0\0\0\0\0", 16) + secret;
    const std::size_t length = app1.size() + 2;
    const std::string jpeg = read(fs::path(HANDOUT_TEST_DATA) / "images/photo.jpg");
    ASSERT_EQ(jpeg.substr(0, 2), "\xFF\xD8");
    std::ofstream(dir / "phone.jpg", std::ios::binary)
        << jpeg.substr(0, 2) << "\xFF\xE1" << static_cast<char>(length >> 8) << static_cast<char>(length & 0xFF)
        << app1 << jpeg.substr(2);
    std::ofstream(dir / "padded.png", std::ios::binary)
        << read(fs::path(HANDOUT_TEST_DATA) / "images/diagram.png") << std::string(5'000'000, 'P') << secret;
    std::ofstream(dir / "quiz.yaml") << "id: photos\ntitle: Photos\nquestions:\n"
                                        "  - {type: truefalse, prompt: A photo., answer: true, image: phone.jpg, alt: A photo}\n"
                                        "  - {type: truefalse, prompt: A diagram., answer: true, image: padded.png, alt: A diagram}\n";
    Diagnostics diags;
    const auto ws = load_worksheet((dir / "quiz.yaml").string(), diags);
    ASSERT_TRUE(ws) << diags.format();
    const std::string page = render_html(*ws, 1);
    EXPECT_LT(page.size(), 300'000u);
    int images = 0;
    for (std::size_t at = page.find("data:image/"); at != std::string::npos; at = page.find("data:image/", at + 1)) {
        ++images;
        const std::string prefix = "data:image/png;base64,";
        ASSERT_EQ(page.substr(at, prefix.size()), prefix);
        const std::string png = from_base64(std::string_view(page).substr(at + prefix.size()));
        EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1A\n");
        EXPECT_LT(png.size(), 100'000u);
        for (const char* leak : {"GPS", "Pixel", "Exif", "PPPP"}) EXPECT_EQ(png.find(leak), std::string::npos) << leak;
    }
    EXPECT_EQ(images, 2);
    fs::remove_all(dir);
}

// Proves a Chinese, Japanese or Korean worksheet without `lang:` gets its
// language on the page (the browser shapes CJK text itself and picks the
// glyph forms by it), while an English one keeps the default, en.
TEST(Html, ACjkWorksheetSaysItsLanguage) {
    for (const auto& [file, lang] :
         {std::pair{"chinese.yaml", "zh"}, {"japanese.yaml", "ja"}, {"korean.yaml", "ko"}}) {
        Diagnostics diags;
        const auto ws = load_worksheet(std::string(HANDOUT_TEST_DATA) + "/cjk/" + file, diags);
        ASSERT_TRUE(ws) << diags.format();
        EXPECT_NE(render_html(*ws, 1).find(std::string("<html lang=\"") + lang + "\">"), std::string::npos)
            << file;
    }
    EXPECT_NE(render_html(load("parallelism-quiz.yaml"), 1).find("<html lang=\"en\">"), std::string::npos);
}

// Proves every language with printed labels has every quiz message (none
// left to fall back on English), and that a Japanese worksheet's quiz page
// says `<html lang="ja">` and speaks Japanese: its buttons, True and False
// as the sheet prints them, and marks counted as 点 set against the number
// (the script's gap); a Taiwanese one (`zh-TW`) keeps its tag and speaks
// traditional Chinese.
TEST(Html, AJapaneseWorksheetGetsAJapaneseQuizPage) {
    for (std::string_view lang : label_languages()) EXPECT_TRUE(QuizWords::complete(lang)) << lang;
    const std::string japanese = test::slurp(std::string(HANDOUT_TEST_DATA) + "/cjk/japanese.yaml");
    Diagnostics diags;
    const auto ws = parse_worksheet("lang: ja\n" + japanese, "japanese.yaml", diags);
    ASSERT_TRUE(ws) << diags.format();
    const std::string page = render_html(*ws, 1);
    EXPECT_NE(page.find("<html lang=\"ja\">"), std::string::npos);
    for (const char* words : {"始める前に", "最初からやり直す", "この用紙を開く", "用紙コード",
                              "\"check\":\"答え合わせ\"", "\"tryAgain\":\"もう一度\"", "\"true\":\"正しい\"",
                              "\"false\":\"誤り\"", "\"one\":\"点\"", "\"gap\":\"\""})
        EXPECT_NE(page.find(words), std::string::npos) << words;
    EXPECT_EQ(page.find("Start over"), std::string::npos);

    const std::string chinese = test::slurp(std::string(HANDOUT_TEST_DATA) + "/cjk/chinese.yaml");
    const auto taiwan = parse_worksheet("lang: zh-TW\n" + chinese, "chinese.yaml", diags);
    ASSERT_TRUE(taiwan) << diags.format();
    const std::string traditional = render_html(*taiwan, 1);
    EXPECT_NE(traditional.find("<html lang=\"zh-TW\">"), std::string::npos);
    for (const char* words : {"開始之前", "重新開始", "\"check\":\"檢查\"", "\"true\":\"對\""})
        EXPECT_NE(traditional.find(words), std::string::npos) << words;
}

TEST(Html, FooterShowsTheSheetCodeOfTheSeed) {
    const Worksheet ws = load("parallelism-quiz.yaml");
    for (std::uint32_t seed : {0u, 1u, 42u}) {
        const std::string page = render_html(ws, seed);
        EXPECT_NE(page.find("<span id=\"sheet-code\">" + sheet_code(ws, seed) + "</span>"), std::string::npos);
    }
}

TEST(Html, AnswersAndExplanationsAreNotInThePageSource) {
    for (const char* name : {"forces-and-motion.yaml", "parallelism-quiz.yaml"}) {
        const Worksheet ws = load(name);
        const std::string page = render_html(ws, 5);
        for (const auto& secret : secrets(ws)) EXPECT_EQ(page.find(secret), std::string::npos) << name << ": " << secret;
        EXPECT_EQ(page.find("\"ex\":"), std::string::npos);
        EXPECT_EQ(page.find("\"perm\":"), std::string::npos);
    }
}

// The page carries the Variant of its seed: prompts in printed order, each
// choice's options in printed (lettered) order, and the encoded answer maps
// printed letters to the same options as the PDF's key.
TEST(Html, QuestionsAndLettersAreThoseOfTheVariant) {
    for (const char* name : {"forces-and-motion.yaml", "parallelism-quiz.yaml"}) {
        const Worksheet ws = load(name);
        for (std::uint32_t seed : {1u, 3u, 99u}) {
            const std::string page = render_html(ws, seed);
            const Variant v = make_variant(ws, seed);
            std::size_t at = page.find("id=\"quiz-data\"");
            ASSERT_NE(at, std::string::npos);
            std::uint32_t index = 0;
            for (const auto& section : v.sections)
                for (const auto& vq : section.questions) {
                    const Question& q = *vq.source;
                    at = page.find("{\"n\":" + std::to_string(vq.number) + ",", at);
                    ASSERT_NE(at, std::string::npos) << name << " question " << vq.number;
                    EXPECT_NE(page.find("\"type\":\"" + std::string(type_name(q.type())) + "\"", at), std::string::npos);
                    if (!q.prompt.empty()) {
                        const std::size_t prompt = page.find(json_html(q.prompt.text), at);
                        ASSERT_NE(prompt, std::string::npos) << q.prompt.text;
                        EXPECT_EQ(page.rfind("{\"n\":", prompt), at) << "prompt of question " << vq.number;
                    }
                    // Options in letter order A, B, C …
                    std::size_t option_at = at;
                    for (std::size_t pos = 0; pos < vq.option_order().size(); ++pos) {
                        const std::size_t found = page.find(json_html(options_of(q)[vq.option_order()[pos]].text), option_at);
                        ASSERT_NE(found, std::string::npos);
                        EXPECT_GT(found, option_at) << "option " << static_cast<char>('A' + pos);
                        option_at = found;
                    }
                    // The encoded answers decode to the variant's permutation and answer.
                    const std::string sec = decode_secret(sec_after(page, at), seed, index++);
                    if (q.type() == QuestionType::choice) {
                        const auto& order = vq.option_order();
                        const std::size_t answer = q.as<Choice>().answer;
                        EXPECT_NE(sec.find("\"perm\":" + index_list(order)), std::string::npos) << sec;
                        EXPECT_NE(sec.find("\"a\":" + std::to_string(answer)), std::string::npos) << sec;
                        EXPECT_EQ(static_cast<char>('A' + (std::find(order.begin(), order.end(), answer) - order.begin())),
                                  vq.correct_letter());
                    }
                    if (q.type() == QuestionType::match) {
                        EXPECT_NE(sec.find("\"perm\":" + index_list(vq.drawn<MatchDraw>().right_order)), std::string::npos) << sec;
                    }
                    if (q.type() == QuestionType::order) {
                        EXPECT_NE(sec.find("\"perm\":" + index_list(vq.drawn<OrderDraw>().item_order)), std::string::npos) << sec;
                    }
                    if (!q.explain.empty()) {
                        EXPECT_NE(sec.find(markup_to_html(q.explain.text)), std::string::npos) << sec;
                    }
                }
        }
    }
}

TEST(Html, SameSeedGivesTheSameBytes) {
    const Worksheet ws = load("forces-and-motion.yaml");
    EXPECT_EQ(render_html(ws, 12), render_html(ws, 12));
    EXPECT_NE(render_html(ws, 12), render_html(ws, 13));
}

// Teacher text cannot break out of the page's data block or inject markup.
TEST(Html, TeacherTextCannotCloseTheScriptOrInjectTags) {
    Worksheet ws;
    ws.id.text = "evil";
    ws.title.text = "</script><script>alert(1)</script>";
    Section s;
    Question q;
    q.body = TrueFalse{};
    q.prompt.text = "Is </script><img src=x onerror=alert(1)> fine?";
    q.explain.text = "\u2028 line separator";
    s.questions.push_back(q);
    ws.sections.push_back(s);
    const std::string page = render_html(ws, 1);
    EXPECT_EQ(page.find("<script>alert"), std::string::npos);
    EXPECT_EQ(page.find("<img src=x"), std::string::npos);
    // Exactly the two script elements of the page itself.
    std::size_t count = 0;
    for (std::size_t at = page.find("</script>"); at != std::string::npos; at = page.find("</script>", at + 1)) ++count;
    EXPECT_EQ(count, 2u);
}

// A numeric answer written `.5` (YAML, not JSON) still gives valid data: the
// value as a JSON number, the text as written for the feedback.
TEST(Html, NumericAnswersAreJsonNumbersAndKeepTheirSpelling) {
    Worksheet ws;
    ws.id.text = "numbers";
    ws.title.text = "Numbers";
    Section s;
    Question q;
    q.prompt.text = "Half?";
    q.body = Numeric{0.5, ".5", 0.01, ".01", {}};
    s.questions.push_back(q);
    ws.sections.push_back(s);
    const std::string page = render_html(ws, 1);
    const std::string sec = decode_secret(sec_after(page, page.find("id=\"quiz-data\"")), 1, 0);
    EXPECT_NE(sec.find("\"v\":0.5,\"tol\":0.01"), std::string::npos) << sec;
    EXPECT_NE(sec.find("\"vt\":\".5\",\"tt\":\".01\""), std::string::npos) << sec;
}

// The page carries what quiz.js needs to open any printed sheet of the
// worksheet from its code (the code up to its seed), the picture's `alt`
// text, the score inside a landmark, and the first screen's code field.
TEST(Html, CarriesTheCodeStemAltTextAndTheFirstScreen) {
    const Worksheet ws = load("forces-and-motion.yaml");
    const std::string page = render_html(ws, 17);
    const std::string fp = fingerprint(ws);
    const std::string stem = "W2-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-";
    // The fingerprint (codes W3, with their check character: codes.js), then
    // the stems of codes W2 (before check characters) and W1 (handout 0.1).
    EXPECT_NE(page.find("\"fp\":\"" + fp + "\""), std::string::npos);
    EXPECT_NE(page.find("\"stems\":[\"" + stem + "\",\"W1-" + fingerprint_v1(ws) + "-s\"]"), std::string::npos)
        << stem;
    EXPECT_NE(page.find("\"alt\":\"A box on the ground, pushed to the right"), std::string::npos);
    EXPECT_NE(page.find("<section class=\"scorebar\" id=\"scorebar\" aria-label=\"Score\">"), std::string::npos);
    EXPECT_NE(page.find("<input type=\"text\" id=\"code-input\""), std::string::npos);
    EXPECT_NE(page.find("<label for=\"code-input\">"), std::string::npos);
    // A worksheet without pictures has no alt text in its data.
    EXPECT_EQ(render_html(load("parallelism-quiz.yaml"), 1).find("\"alt\":"), std::string::npos);
}
