// Which language a worksheet is written in, from its short words (articles,
// "is", "and", "which"): enough to suggest `lang:` to a worksheet that
// prints English labels beside French questions.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "handout/labels.hpp"
#include "handout/model.hpp"
#include "handout/text.hpp"

namespace handout {

namespace {

struct Words {
    std::string_view lang;
    std::string_view words;  ///< space-separated, lower case, each one counted
};

// Frequent short words of each language with built-in labels; words two
// languages share count for both.
constexpr std::array<Words, 10> common_words = {{
    {"en", " the is are of and to which what does how why this that with for from not "},
    {"fr",
     " le la les des est une un du quel quelle quels et dans pour que qui sont au aux ce cette l d qu "
     "sur par pas "},
    {"de",
     " der die das und ist ein eine einen welche welcher welches nicht mit wie den dem von zu im "
     "auf sind wird "},
    {"es", " el la los las es una un qué cuál y del en por que son se al con para "},
    {"it", " il lo la gli le è una un che quale del della di e per sono si al nel con "},
    {"pt", " o a os as é uma um que qual do da de e em para são se no na com "},
    {"nl", " de het een is van en welke wat niet met zijn op te voor die er "},
    {"pl", " jest nie i w z na się jak co który która które czy to do od "},
    {"ru", " и в не на что как это какой какая какие с по из для "},
    {"el", " και το η ο τι είναι ποιο ποια του της με σε τα οι να "},
}};

// The words of `text`, lower case where ASCII; apostrophes split (l'eau).
template <class F>
void each_word(std::string_view text, F&& f) {
    std::string word;
    const auto flush = [&] {
        if (!word.empty()) f(word);
        word.clear();
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            // ’ (U+2019) splits like an apostrophe; other non-ASCII bytes are letters.
            if (text.substr(i, 3) == "\u2019") {
                flush();
                i += 2;
            } else {
                word += static_cast<char>(c);
            }
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            word += ascii_lower(static_cast<char>(c));
        } else {
            flush();
        }
    }
    flush();
}

// Frequent Han characters of school texts whose simplified and traditional
// forms differ, in pairs: a text with more of the traditional ones is
// written in traditional characters.
constexpr std::u32string_view simplified_forms =
    U"这个们会来时说为对国学体点题么与开长门问间东车马风见语发动种边实习数图书几样还没写认识计积级线";
constexpr std::u32string_view traditional_forms =
    U"這個們會來時說為對國學體點題麼與開長門問間東車馬風見語發動種邊實習數圖書幾樣還沒寫認識計積級線";
static_assert(simplified_forms.size() == traditional_forms.size());

/// The language `guess_language` sees in the short words of the
/// worksheet's texts ("" for English or none clear).
std::string guess_from_words(const Worksheet& ws) {
    std::array<int, common_words.size()> hits{};
    int words = 0;
    const auto count = [&](const std::string& text) {
        each_word(text, [&](const std::string& w) {
            ++words;
            const std::string padded = " " + w + " ";
            for (std::size_t k = 0; k < common_words.size(); ++k)
                if (common_words[k].words.find(padded) != std::string_view::npos) ++hits[k];
        });
    };
    for_each_printed_text(ws, [&](const std::string& text, const Loc&, PrintedText) { count(text); });
    // The best language must stand clear of English and of the runner-up,
    // on enough words to tell.
    std::size_t best = 0;
    for (std::size_t k = 1; k < hits.size(); ++k)
        if (hits[k] > hits[best]) best = k;
    int second = 0;
    for (std::size_t k = 0; k < hits.size(); ++k)
        if (k != best) second = std::max(second, hits[k]);
    constexpr int least_hits = 6;
    if (common_words[best].lang == "en" || hits[best] < least_hits || words < 2 * least_hits) return {};
    if (hits[best] < 2 * hits[0] || 2 * hits[best] < 3 * second) return {};
    return std::string(common_words[best].lang);
}

// "ar", "he" or "hi" for a worksheet written mostly in Arabic, Hebrew or
// Devanagari letters (more of them than half its Latin letters); "" else.
// Arabic letters that Arabic does not use show Persian (پ چ ژ گ ک ی: "fa")
// or, with letters only Urdu has among them (ٹ ڈ ڑ ں ہ ے), Urdu ("ur");
// Marathi's ळ shows a language with no labels ("").
std::string script_language(const Worksheet& ws) {
    constexpr std::u32string_view persian_letters = U"\u067e\u0686\u0698\u06af\u06a9\u06cc";
    constexpr std::u32string_view urdu_letters = U"\u0679\u0688\u0691\u06ba\u06c1\u06d2";
    std::size_t arabic = 0, hebrew = 0, devanagari = 0, latin = 0;
    bool persian = false, urdu = false, marathi = false;
    for_each_printed_text(ws, [&](const std::string& text, const Loc&, PrintedText) {
        for (std::size_t pos = 0; pos < text.size();) {
            const char32_t cp = next_code_point(text, pos);
            if (cp < 0x80) latin += (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z' ? 1 : 0;
            arabic += cp >= 0x0620 && cp <= 0x06FF ? 1 : 0;
            hebrew += cp >= 0x05D0 && cp <= 0x05EA ? 1 : 0;
            devanagari += cp >= 0x0900 && cp <= 0x097F ? 1 : 0;
            persian = persian || persian_letters.find(cp) != std::u32string_view::npos;
            urdu = urdu || urdu_letters.find(cp) != std::u32string_view::npos;
            marathi = marathi || cp == 0x0933;
        }
    });
    const std::size_t most = std::max({arabic, hebrew, devanagari});
    if (most == 0 || 2 * most < latin) return {};
    if (most == arabic) return urdu ? "ur" : persian ? "fa" : "ar";
    if (most == hebrew) return "he";
    return marathi ? "" : "hi";
}

}  // namespace

std::string guess_language(const Worksheet& ws) {
    if (std::string words = guess_from_words(ws); !words.empty()) return words;
    if (std::string cjk = cjk_language(ws); !cjk.empty()) return cjk;
    return script_language(ws);
}

std::string cjk_language(const Worksheet& ws) {
    std::size_t kana = 0, hangul = 0, han = 0, latin = 0, simplified = 0, traditional = 0;
    for_each_printed_text(ws, [&](const std::string& text, const Loc&, PrintedText) {
        for (std::size_t pos = 0; pos < text.size();) {
            const char32_t cp = next_code_point(text, pos);
            if (cp < 0x80)
                latin += (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z' ? 1 : 0;
            else if (hangul_character(cp))
                ++hangul;
            else if (cp >= 0x3040 && cp <= 0x30FF)
                ++kana;  // Hiragana and Katakana
            else if (cjk_character(cp) && script_of(cp) == "Han") {
                ++han;
                simplified += simplified_forms.find(cp) != std::u32string_view::npos ? 1 : 0;
                traditional += traditional_forms.find(cp) != std::u32string_view::npos ? 1 : 0;
            }
        }
    });
    if (2 * (kana + hangul + han) < latin || kana + hangul + han == 0) return {};
    if (kana > 0) return "ja";
    if (hangul > han) return "ko";
    if (han == 0) return "";
    return traditional > simplified ? "zh-Hant" : "zh";
}

std::string unspaced_language(const Worksheet& ws) {
    std::size_t thai = 0, lao = 0, khmer = 0, myanmar = 0, latin = 0;
    for_each_printed_text(ws, [&](const std::string& text, const Loc&, PrintedText) {
        for (std::size_t pos = 0; pos < text.size();) {
            const char32_t cp = next_code_point(text, pos);
            if (cp < 0x80) latin += (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z' ? 1 : 0;
            const std::optional<ShapedScript> script = shaped_script_of(cp);
            if (!script) continue;
            thai += *script == ShapedScript::thai ? 1 : 0;
            lao += *script == ShapedScript::lao ? 1 : 0;
            khmer += *script == ShapedScript::khmer ? 1 : 0;
            myanmar += *script == ShapedScript::myanmar ? 1 : 0;
        }
    });
    const std::size_t most = std::max({thai, lao, khmer, myanmar});
    if (most == 0 || 2 * most < latin) return {};
    return most == thai ? "th" : most == lao ? "lo" : most == khmer ? "km" : "my";
}

}  // namespace handout
