// The quiz page: the variant of a seed written as a JSON blob (questions in
// printed order, answers encoded), inside one HTML file with the quiz's CSS
// and JavaScript (src/html/quiz.css, src/html/quiz.js, embedded at build
// time). The page renders from the blob, so it is exactly this Variant.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "handout/html.hpp"

#include "handout/image.hpp"
#include "handout/io.hpp"
#include "handout/math.hpp"
#include "handout/load.hpp"
#include "handout/markup.hpp"
#include "handout/text.hpp"
#include "handout/variant.hpp"
#include "html/assets.hpp"
#include "html/quiz_words.hpp"

namespace handout {

namespace {

// The key stream that hides question `index`'s answers: SplitMix64 outputs,
// least significant byte first, from a state mixing the seed and the index.
// quiz.js (keyStream) computes the same bytes.
std::string key_stream(std::size_t length, std::uint32_t seed, std::uint32_t index) {
    SplitMix64 rng(0x48616E646F757400ULL ^ (std::uint64_t{seed} << 16) ^ index);
    std::string out;
    while (out.size() < length) {
        const std::uint64_t word = rng.next();
        for (int b = 0; b < 8 && out.size() < length; ++b) out += static_cast<char>((word >> (8 * b)) & 0xFF);
    }
    return out;
}

// ---- JSON building --------------------------------------------------------

// The page's data: objects keep their keys in the order written (nlohmann-json).
using Json = nlohmann::ordered_json;

// A list of indices as a JSON array.
Json index_array(const std::vector<std::size_t>& indices) {
    Json out = Json::array();
    for (std::size_t i : indices) out.push_back(i);
    return out;
}

// Each text as HTML (its markup turned into tags), as a JSON array.
Json html_array(const std::vector<std::string>& texts) {
    Json out = Json::array();
    for (const std::string& text : texts) out.push_back(markup_to_html(text));
    return out;
}

// A number as JSON, as short as it reads back: a whole number without a
// fraction (6, not 6.0), else the shortest decimal (0.5; the worksheet's own
// spelling, `.5` or `+3`, may not be JSON).
Json number_json(double value) {
    if (std::trunc(value) == value && std::abs(value) < 9e15) return static_cast<long long>(value);
    return value;
}

// A question's points as a JSON number: 2, 0.5, 1.5.
Json points_json(Points p) {
    if (p.halves % 2 == 0) return p.halves / 2;
    return p.halves / 2.0;
}

// The data as the text of a <script> element: compact JSON, safe there
// (script_safe_json).
std::string script_json(const Json& data) {
    return script_safe_json(data.dump(-1, ' ', false, Json::error_handler_t::replace));
}

// The image of a question as a data: URI: the picture decoded and encoded
// again as a plain PNG (as the PDF prints it, in gray), so nothing of the
// original file (EXIF, GPS position, camera, padding) reaches the page, and
// at most max_embedded_side pixels a side, so the page stays small.
std::string image_uri(const std::string& path) {
    return "data:image/png;base64," + base64(encode_png(decode_image(path), max_embedded_side));
}

// The options of a choice or multi question in printed order (`pub`) and
// the order they were drawn in (`sec`).
void option_json(const std::vector<Option>& options, const std::vector<std::size_t>& order, Json& pub,
                 Json& sec) {
    Json texts = Json::array(), pins = Json::array();
    for (std::size_t i : order) {
        texts.push_back(markup_to_html(options[i].text));
        pins.push_back(options[i].pin ? 1 : 0);
    }
    pub["opts"] = std::move(texts);
    pub["opin"] = std::move(pins);
    sec["perm"] = index_array(order);
}

// fill: the text with gaps as null; the gaps' answers only in `sec`; the
// word bank in printed order.
void fill_json(const VariantQuestion& vq, const Fill& b, Json& pub, Json& sec) {
    Json parts = Json::array(), gaps = Json::array();
    for (const auto& part : b.parts) {
        if (part.gap) {
            parts.push_back(nullptr);
            gaps.push_back(plain_text(part.text));
        } else {
            parts.push_back(markup_to_html(part.text));
        }
    }
    pub["parts"] = std::move(parts);
    sec["gaps"] = std::move(gaps);
    if (!b.bank) return;
    const std::vector<std::string> words = vq.bank_words();
    const auto& order = vq.drawn<FillDraw>().bank_order;
    std::vector<std::string> printed;
    printed.reserve(order.size());
    for (std::size_t i : order) printed.push_back(words[i]);
    pub["bank"] = html_array(printed);
    sec["perm"] = index_array(order);
}

// match: the left items in order, the right items (each once) in printed
// order; where pairs share a right item, each left item's in `sec`.
void match_json(const VariantQuestion& vq, const Match& b, Json& pub, Json& sec) {
    Json left = Json::array();
    for (const MatchPair& pair : b.pairs) left.push_back(markup_to_html(pair.left.text));
    pub["left"] = std::move(left);
    const auto& order = vq.drawn<MatchDraw>().right_order;
    const std::vector<std::size_t> rights = b.right_items();
    std::vector<std::string> right;
    right.reserve(order.size());
    for (std::size_t k : order) right.push_back(b.pairs[rights[k]].right.text);
    pub["right"] = html_array(right);
    sec["perm"] = index_array(order);
    if (rights.size() < b.pairs.size()) sec["to"] = index_array(b.right_of());
}

// One question as shown (`pub`, plain) and its answers (`sec`, encoded).
// Lists are in printed order; `perm` (inside sec) maps printed position to
// source index, so the page can rebuild source order to reshuffle.
Json question_json(const VariantQuestion& vq, std::size_t source_index, std::uint32_t seed,
                   std::uint32_t index) {
    const Question& q = *vq.source;
    Json pub = {{"n", vq.number}, {"type", type_name(q.type())},     {"si", source_index},
                {"pin", q.pin},   {"points", points_json(q.points)}, {"shuffle", q.shuffle_options}};
    Json sec = Json::object();
    if (!q.prompt.empty()) pub["prompt"] = markup_to_html(q.prompt.text);
    if (!q.image.empty()) {
        pub["img"] = image_uri(q.image.text);
        if (q.image_width_mm > 0) pub["imgW"] = std::llround(q.image_width_mm);
        if (!q.image_alt.empty()) pub["alt"] = plain_text(q.image_alt.text);
    }
    sec["ex"] = markup_to_html(q.explain.text);
    std::visit(Overloaded{
                   [&](const Choice& b) {
                       option_json(b.options, vq.option_order(), pub, sec);
                       sec["a"] = b.answer;
                   },
                   [&](const Multi& b) {
                       option_json(b.options, vq.option_order(), pub, sec);
                       sec["as"] = index_array(b.answers);
                       if (q.scoring == Scoring::partial) sec["sc"] = scoring_name(q.scoring);
                   },
                   [&](const TrueFalse& b) { sec["t"] = b.truth; },
                   [&](const ShortAnswer& b) { sec["model"] = markup_to_html(b.model_answer.text); },
                   [&](const Fill& b) { fill_json(vq, b, pub, sec); },
                   [&](const Match& b) { match_json(vq, b, pub, sec); },
                   [&](const Order& b) {
                       const auto& order = vq.drawn<OrderDraw>().item_order;
                       std::vector<std::string> printed;
                       printed.reserve(order.size());
                       for (std::size_t i : order) printed.push_back(b.items[i].text);
                       pub["items"] = html_array(printed);
                       sec["perm"] = index_array(order);
                   },
                   [&](const Numeric& b) {
                       if (!b.unit.empty()) pub["unit"] = markup_to_html(b.unit.text);
                       sec["v"] = number_json(b.value);
                       sec["tol"] = number_json(b.tolerance);
                       const AnswerDisplay shown = vq.answer();
                       sec["vt"] = shown.value;
                       sec["tt"] = shown.tolerance;
                   },
               },
               q.body);
    pub["sec"] = encode_secret(script_json(sec), seed, index);
    return pub;
}

// The whole variant as the page's data blob.
std::string quiz_json(const Worksheet& ws, const Variant& v, const QuizWords& say) {
    // The page opens any seed's variant from a code typed in or given after
    // `#`: codes W3 from `fp` (codes.js checks them), and from these stems
    // codes W2 (printed before check characters) and W1 (handout 0.1).
    const std::string fp = fingerprint(ws);
    Json root = {
        {"format", 1},
        {"fp", fp},
        {"seed", v.seed},
        {"keySeed", v.seed},
        {"stems", {"W2-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-", "W1-" + fingerprint_v1(ws) + "-s"}},
        {"shuffleQ", ws.shuffle_questions},
        {"shuffleO", ws.shuffle_options}};
    // Numbers that vary: the page holds this seed's numbers only, so it
    // neither reshuffles nor opens another seed's code.
    bool fixed = false;
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions) fixed = fixed || !q.vars.empty();
    if (fixed) root["fixed"] = true;
    std::uint32_t index = 0;
    Json sections = Json::array();
    for (const auto& vs : v.sections) {
        Json s = Json::object();
        if (!vs.source->title.empty()) s["title"] = markup_to_html(vs.source->title.text);
        if (!vs.source->instructions.empty())
            s["instructions"] = markup_to_html(vs.source->instructions.text);
        if (!vs.source->passage.empty()) s["passage"] = markup_to_html(vs.source->passage.text);
        Json questions = Json::array();
        for (const auto& vq : vs.questions) {
            const auto source_index = static_cast<std::size_t>(vq.written - vs.source->questions.data());
            questions.push_back(question_json(vq, source_index, v.seed, index++));
        }
        s["questions"] = std::move(questions);
        sections.push_back(std::move(s));
    }
    root["sections"] = std::move(sections);
    root["words"] = say.json();
    return script_json(root);
}

// The first screen's box: how answers count, and the field that opens the
// variant of a printed sheet from its code (quiz.js fills in the rest).
std::string start_box(const std::string& code, const QuizWords& say) {
    std::string rules = escape_html(say("rules"));
    const std::string check = "{check}";
    if (const auto at = rules.find(check); at != std::string::npos)
        rules.replace(at, check.size(), "<strong>" + escape_html(say("check")) + "</strong>");
    std::string box = "<section class=\"start\" id=\"start\" aria-labelledby=\"start-title\" hidden>\n";
    box += "<h2 id=\"start-title\">" + escape_html(say("beforeStart")) + "</h2>\n";
    box += "<p>" + rules + "</p>\n";
    box += "<form id=\"code-form\" class=\"code-form\" novalidate>\n<label for=\"code-input\">" +
           escape_html(say("codePrompt")) + " <span class=\"code-example\">" + escape_html(code) +
           "</span></label>\n<div class=\"code-row\"><input type=\"text\" id=\"code-input\" autocomplete=\"off\" "
           "autocapitalize=\"characters\" spellcheck=\"false\" aria-describedby=\"code-message\">"
           "<button type=\"submit\" class=\"btn secondary\">" + escape_html(say("openSheet")) + "</button></div>\n"
           "<p id=\"code-message\" class=\"code-message\" role=\"status\"></p>\n</form>\n";
    box += "<p class=\"hint\">" + escape_html(say("kept")) + "</p>\n<div class=\"actions\"><button type=\"button\" "
           "class=\"btn secondary\" id=\"start-over\">" + escape_html(say("startOver")) + "</button></div>\n";
    return box + "</section>\n";
}

}  // namespace

namespace {

std::string spans_to_html(std::string_view text) {
    std::string out;
    for (const Span& span : parse_markup(text)) {
        const std::string body = escape_html(span.text);
        switch (span.font) {
            case FontStyle::regular: out += body; break;
            case FontStyle::bold: out += "<strong>" + body + "</strong>"; break;
            case FontStyle::italic: out += "<em>" + body + "</em>"; break;
            case FontStyle::bold_italic: out += "<strong><em>" + body + "</em></strong>"; break;
            case FontStyle::mono: out += "<code>" + body + "</code>"; break;
        }
    }
    return out;
}

}  // namespace

std::string markup_to_html(std::string_view text) {
    if (!may_have_math(text)) return spans_to_html(text);
    // Formulas as MathML (math.hpp), the text around them as markup.
    return map_math(
        text, [](const std::string& t) { return spans_to_html(t); }, math_to_mathml);
}

std::string encode_secret(std::string_view bytes, std::uint32_t seed, std::uint32_t index) {
    std::string mixed(bytes);
    const std::string key = key_stream(mixed.size(), seed, index);
    for (std::size_t i = 0; i < mixed.size(); ++i) mixed[i] = static_cast<char>(mixed[i] ^ key[i]);
    return base64(mixed);
}

std::string decode_secret(std::string_view text, std::uint32_t seed, std::uint32_t index) {
    std::string bytes;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        int d;
        if (c >= 'A' && c <= 'Z') d = c - 'A';
        else if (c >= 'a' && c <= 'z') d = c - 'a' + 26;
        else if (c >= '0' && c <= '9') d = c - '0' + 52;
        else if (c == '+') d = 62;
        else if (c == '/') d = 63;
        else if (c == '=') break;
        else return {};
        acc = (acc << 6) | static_cast<std::uint32_t>(d);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            bytes += static_cast<char>((acc >> bits) & 0xFF);
        }
    }
    const std::string key = key_stream(bytes.size(), seed, index);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(bytes[i] ^ key[i]);
    return bytes;
}

std::string render_html(const Worksheet& ws, std::uint32_t seed) {
    const Variant v = make_variant(ws, seed);
    const Labels labels = resolve_labels(ws, nullptr);
    const QuizWords say(labels);

    // The meta line and footer, as on the PDF.
    std::string meta;
    for (const Text* part : {&ws.subject, &ws.topic})
        if (!part->empty()) meta += (meta.empty() ? "" : " \u00b7 ") + part->text;
    if (!ws.ages.empty()) meta += (meta.empty() ? "" : " \u00b7 ") + labels.ages + " " + ws.ages.text;
    std::string brand;
    for (const Text* part : {&ws.brand, &ws.url})
        if (!part->empty()) brand += (brand.empty() ? "" : " \u00b7 ") + part->text;

    std::string page;
    // Without `lang:`, a Chinese, Japanese or Korean sheet still says which
    // (the browser picks the glyph forms of the language by it), and a Thai,
    // Lao, Khmer or Burmese one too (lines break between its words by it).
    std::string lang = ws.lang.text;
    if (ws.lang.loc.line == 0) {
        if (std::string cjk = cjk_language(ws); !cjk.empty())
            lang = std::move(cjk);
        else if (std::string unspaced = unspaced_language(ws); !unspaced.empty())
            lang = std::move(unspaced);
    }
    // A sheet that reads right to left (`dir: rtl`, or Arabic, Hebrew, Persian and Urdu):
    // the page's direction says so (the browser then aligns text, lists and
    // form controls to the right), as its printed pages are mirrored.
    const bool rtl = ws.right_to_left();
    page += "<!DOCTYPE html>\n<html lang=\"" + escape_html(lang) + "\"" + (rtl ? " dir=\"rtl\"" : "") +
            ">\n<head>\n<meta charset=\"utf-8\">\n";
    page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    // Nothing may load from anywhere: only inline style, inline script, data: images.
    page += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; "
            "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n";
    page += "<meta name=\"generator\" content=\"handout " HANDOUT_VERSION "\">\n";
    page += "<title>" + escape_html(plain_text(ws.title.text)) + "</title>\n";
    page += "<style>\n" + std::string(html_assets::css) + "</style>\n</head>\n<body>\n";
    page += "<a class=\"skip\" href=\"#quiz\">" + escape_html(say("skip")) + "</a>\n";
    page += "<header class=\"sheet-head\">\n<h1 id=\"title\" tabindex=\"-1\">" + markup_to_html(ws.title.text) + "</h1>\n";
    if (!ws.subtitle.empty()) page += "<p class=\"subtitle\">" + markup_to_html(ws.subtitle.text) + "</p>\n";
    if (!meta.empty()) page += "<p class=\"meta\">" + escape_html(meta) + "</p>\n";
    page += "</header>\n";
    page += "<section class=\"scorebar\" id=\"scorebar\" aria-label=\"" + escape_html(say("scoreAria")) +
            "\"><p id=\"score\"></p></section>\n";
    page += "<main id=\"quiz\">\n";
    if (!ws.instructions.empty())
        page += "<p class=\"instructions\">" + markup_to_html(ws.instructions.text) + "</p>\n";
    page += start_box(v.code, say);
    std::string noscript = escape_html(say("noscript"));
    if (const auto at = noscript.find("{code}"); at != std::string::npos) noscript.replace(at, 6, escape_html(v.code));
    page += "<noscript><p class=\"noscript\">" + noscript + "</p></noscript>\n";
    page += "<div id=\"questions\"></div>\n";
    page += "<section id=\"summary\" class=\"summary\" aria-live=\"polite\" hidden></section>\n";
    page += "</main>\n<footer class=\"sheet-foot\">";
    if (!brand.empty()) page += "<span>" + escape_html(brand) + "</span> ";
    page += "<span class=\"code\">" + escape_html(say("sheetCode")) + " <span id=\"sheet-code\">" + escape_html(v.code) + "</span></span>";
    page += "</footer>\n";
    page += "<script type=\"application/json\" id=\"quiz-data\">" + quiz_json(ws, v, say) + "</script>\n";
    page += "<script>\n" + std::string(html_assets::js) + "</script>\n</body>\n</html>\n";
    return page;
}

}  // namespace handout
