// Coverage check: every character a worksheet prints must be in the face it
// prints with, because libharu silently draws a missing glyph as an empty
// box. Each problem becomes a located error pointing at the string.

#include "handout/fonts.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <initializer_list>
#include <string_view>
#include <string>
#include <vector>

#include "handout/labels.hpp"
#include "handout/markup.hpp"
#include "handout/math.hpp"
#include "handout/style.hpp"

namespace handout {

namespace {

/* `character 'Ж' (U+0416)`; control and other invisible characters are
   named by their code point only, so the message itself stays readable. */
std::string describe(char32_t cp) {
    char code[16];
    std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
    const bool invisible = cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0xAD ||
                           (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E) ||
                           (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF;
    if (invisible) return std::string("character ") + code;
    return "character '" + encode_utf8(cp) + "' (" + code + ")";
}

/// Tab, newline and carriage return: layout turns them into spaces.
bool is_layout_space(char32_t cp) { return cp == U'\t' || cp == U'\n' || cp == U'\r'; }

/// Scripts whose letters join or reorder: they print wrongly without a
/// shaper, which handout does not have yet, whatever font has their
/// characters. (Scripts written right to left, which need the bidirectional
/// algorithm, are ICU's: right_to_left_script.)
constexpr std::array<std::string_view, 17> shaped_scripts = {
    "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya",   "Tamil", "Telugu",    "Kannada", "Malayalam",
    "Sinhala",    "Thai",    "Lao",      "Tibetan",  "Myanmar", "Khmer", "Mongolian", "Javanese"};

/// Whether `script` is one handout shapes (ShapedScript), by its script_of name.
bool shaped_by_handout(std::string_view script) {
    for (std::size_t i = 0; i < shaped_script_count; ++i)
        if (script == shaped_script_name(static_cast<ShapedScript>(i))) return true;
    return false;
}

bool unshaped(std::string_view script) {
    if (shaped_by_handout(script)) return false;
    return right_to_left_script(script) ||
           std::find(shaped_scripts.begin(), shaped_scripts.end(), script) != shaped_scripts.end();
}

/// The characters of one script a string prints that handout cannot print,
/// reported once for the string (an Arabic prompt is one error, not one per
/// letter).
struct ScriptRun {
    std::string script;
    std::size_t first = 0;              ///< code point index of its first character in the string
    std::size_t count = 0;              ///< its characters in the string
    std::string sample;                 ///< the string from its first character, 12 at most
    const FontFace* lacking = nullptr;  ///< a face that lacks them; null: covered but unshaped
};

/// Checks strings against the faces they print with, reporting into `diags`.
class CoverageChecker {
public:
    CoverageChecker(const Worksheet& ws, const FontSet& fonts, Diagnostics& diags)
        : ws_(ws), fonts_(fonts), diags_(diags) {}

    /* Checks one string against the faces it prints in: its inline markup
       decides them, on the regular base and on any `extra` base the string
       also prints in (a `*word*` of a bold title needs bold italic; `code`
       needs the mono face whatever the base). Markup characters themselves
       do not print and are not checked. Each distinct missing character is
       reported once per string, naming the first face that lacks it. When
       the string is on one line the column is moved to the character's first
       occurrence in the source (best effort: quotes and escapes in the YAML
       source are not accounted for). */
    void check(const std::string& text, const Loc& loc, std::initializer_list<FontStyle> extra = {}) {
        if (text.empty()) return;
        const Loc where = loc.file.empty() ? Loc{ws_.file, loc.line, loc.column} : loc;

        std::u32string chars;
        if (!decode_utf8(text, chars)) {
            diags_.error(where, "text is not valid UTF-8",
                         "save the worksheet as UTF-8 (most editors offer it under 'Save as')");
            return;
        }

        const bool one_line = chars.find(U'\n') == std::u32string::npos;
        std::u32string reported;
        std::u32string printed;
        std::vector<ScriptRun> scripts;
        std::vector<std::pair<char32_t, const FontFace*>> missing;
        std::vector<std::pair<char32_t, std::string>> missing_in_math;  // character, the maths font's name
        for (const TextPiece& piece : pieces_of(text)) {
            if (piece.kind != TextPiece::Kind::text) {
                check_formula(piece.text, reported, missing_in_math);
                continue;
            }
            for (const Span& span : parse_markup(piece.text)) {
                printed.clear();
                decode_utf8(span.text, printed);  // valid: markup characters are ASCII
                for (const char32_t cp : printed) {
                    if (is_layout_space(cp) || reported.find(cp) != std::u32string::npos) continue;
                    const FontFace* lacking = lacking_face(cp, span.font, extra);
                    const std::string script = cp < 0x370 ? std::string() : script_of(cp);
                    if (!script.empty() &&
                        (unshaped(script) || (lacking != nullptr && script != "Latin" && script != "Greek" &&
                                              script != "Cyrillic"))) {
                        add_to_run(scripts, script, cp, chars, lacking);
                        continue;
                    }
                    if (lacking == nullptr) continue;
                    reported.push_back(cp);
                    missing.emplace_back(cp, lacking);
                }
            }
        }
        for (const ScriptRun& run : scripts) report(run, where, one_line);
        for (const auto& [cp, lacking] : missing) {
            // Punctuation and digits of no one script ('؟', '？') go with
            // the text of the script the string could not print.
            const char32_t c = cp;
            if (std::any_of(scripts.begin(), scripts.end(),
                            [c](const ScriptRun& run) { return written_with(c, run.script); }))
                continue;
            Loc at = where;
            if (one_line && at.line > 0 && at.column > 0) at.column += static_cast<int>(chars.find(cp));
            diags_.error(at, describe(cp) + " is not in the bundled font " + lacking->name(),
                         cjk_character(cp) && fonts_.cjk(cjk_face_of(cp)) == nullptr
                             ? cjk_font_missing_hint(cjk_face_of(cp))
                             : "replace it, or pick a template whose font has it");
        }
        for (const auto& [cp, font] : missing_in_math) {
            Loc at = where;
            if (one_line && at.line > 0 && at.column > 0) at.column += static_cast<int>(chars.find(cp));
            diags_.error(
                at, describe(cp) + " in a formula is not in the maths font " + font,
                "write it outside the dollars, or with one of the maths font's commands (docs/format.md, "
                "'Maths and chemistry')");
        }
    }

    void check(const Text& text, std::initializer_list<FontStyle> extra = {}) { check(text.text, text.loc, extra); }

private:
    /// The plain pieces and formulas of `text`, as the layout sets them.
    static std::vector<TextPiece> pieces_of(const std::string& text) {
        if (!may_have_math(text)) return {TextPiece{TextPiece::Kind::text, text}};
        return split_math(text);
    }

    /// A formula's characters past ASCII (its commands are ASCII and name
    /// the maths font's own symbols) against the faces the typesetter sets
    /// them in; each missing one once per string, into `missing`.
    void check_formula(const std::string& source, std::u32string& reported,
                       std::vector<std::pair<char32_t, std::string>>& missing) const {
        std::u32string chars;
        decode_utf8(source, chars);  // valid: the whole text is
        for (const char32_t cp : chars) {
            if (cp < 0x80 || reported.find(cp) != std::u32string::npos) continue;
            const MathFonts& maths = fonts_.math();
            if (maths.covers(cp)) continue;
            reported.push_back(cp);
            missing.emplace_back(cp, MathFonts::face_name);
        }
    }

    static void add_to_run(std::vector<ScriptRun>& runs, const std::string& script, char32_t cp,
                           const std::u32string& chars, const FontFace* lacking) {
        auto run =
            std::find_if(runs.begin(), runs.end(), [&](const ScriptRun& r) { return r.script == script; });
        if (run == runs.end()) {
            runs.push_back({script, chars.find(cp), 0, {}, nullptr});
            run = runs.end() - 1;
        }
        if (run->count++ == 0) {
            // Up to 12 characters of the text as written, from the first of the script.
            const std::u32string shown = chars.substr(run->first, 12);
            for (const char32_t c : shown)
                run->sample += is_layout_space(c) ? std::string(" ") : encode_utf8(c);
            if (shown.size() < chars.size() - run->first) run->sample += "…";
        }
        if (run->lacking == nullptr) run->lacking = lacking;
    }

    /// One error for the characters of a script the string cannot print.
    void report(const ScriptRun& run, const Loc& where, bool one_line) {
        Loc at = where;
        if (one_line && at.line > 0 && at.column > 0) at.column += static_cast<int>(run.first);
        const std::string what = run.script + " text ('" + run.sample + "')";
        if (unshaped(run.script)) {
            diags_.error(
                at,
                what +
                    " cannot be printed yet: handout prints Latin, Greek, Cyrillic, Chinese, Japanese, "
                    "Korean, Hebrew, Arabic, Devanagari, Thai, Lao, Khmer and Myanmar",
                run.script + " needs " +
                    (right_to_left_script(run.script) ? "right-to-left order"
                                                      : "its letters shaped (joined and reordered)") +
                    ", which handout does not do yet for " + run.script +
                    ", so it would print wrongly: leave it out of printed worksheets for now "
                    "(docs/format.md, "
                    "'Scripts')");
            return;
        }
        const std::string count =
            " (" + std::to_string(run.count) + (run.count == 1 ? " character)" : " characters)");
        if (shaped_by_handout(run.script)) return report_shaped(run, at, what, count);
        const CjkFace face = run.script == "Hangul" ? CjkFace::hangul : CjkFace::han;
        if (cjk_script(run.script) && fonts_.cjk(face) == nullptr) {
            diags_.error(at,
                         what + " needs the font " + cjk_fonts[static_cast<std::size_t>(face)].file +
                             ", which is not installed" + count,
                         cjk_font_missing_hint(face));
            return;
        }
        if (cjk_script(run.script)) {
            diags_.error(
                at, what + " is not in the font " + run.lacking->name() + count,
                run.lacking->name() +
                    " has the characters of everyday Chinese, Japanese and Korean; replace these "
                    "rare ones (characters past U+FFFF cannot be printed) (docs/format.md, 'Scripts')");
            return;
        }
        diags_.error(at, what + " is not in the bundled font " + run.lacking->name() + count,
                     "handout prints Latin, Greek and Cyrillic with its bundled fonts, and Chinese, Japanese "
                     "and Korean with Debian's fonts; pick a template whose fonts have " +
                         run.script + " characters (docs/format.md, 'Scripts')");
    }

    /// Hebrew, Arabic or Devanagari text its face cannot print.
    void report_shaped(const ScriptRun& run, const Loc& at, const std::string& what,
                       const std::string& count) {
        std::size_t i = 0;
        while (i + 1 < shaped_script_count && run.script != shaped_script_name(static_cast<ShapedScript>(i)))
            ++i;
        const CjkFont& font = shaped_fonts[i];
        if (fonts_.shaped(static_cast<ShapedScript>(i)) == nullptr) {
            diags_.error(at, what + " needs the font " + font.file + ", which is not installed" + count,
                         "handout prints " + run.script + " with " + font.file + ": install Debian's " +
                             font.package +
                             " (scripts/install-deps.sh), or put the file in the fonts folder beside the "
                             "templates (docs/format.md, 'Scripts')");
            return;
        }
        diags_.error(at, what + " is not in the font " + run.lacking->name() + count,
                     "replace these characters: " + run.lacking->name() +
                         " has the letters, marks and digits of " + run.script +
                         " as schools write it (docs/format.md, 'Scripts')");
    }

    /// Scripts printed in the CJK face.
    static bool cjk_script(std::string_view script) {
        return script == "Han" || script == "Hiragana" || script == "Katakana" || script == "Hangul" ||
               script == "Bopomofo";
    }

    static std::string cjk_font_missing_hint(CjkFace face) {
        const CjkFont& font = cjk_fonts[static_cast<std::size_t>(face)];
        return std::string("handout prints ") +
               (face == CjkFace::hangul ? "Korean" : "Chinese and Japanese") + " with " + font.file +
               ": install Debian's " + font.package +
               " (scripts/install-deps.sh), or put the file in the fonts folder beside the templates "
               "(docs/format.md, 'Scripts')";
    }

    /// The first face that cannot print `cp` marked `font`, on the regular
    /// base and then on each `extra` base, or null. A CJK character prints
    /// in the CJK face whatever the style: that face when it lacks it (or
    /// when it is past U+FFFF, which libharu cannot show), the style's own
    /// face when the CJK face is not installed.
    const FontFace* lacking_face(char32_t cp, FontStyle font, std::initializer_list<FontStyle> extra) const {
        if (const auto script = shaped_script_of(cp)) {
            const ShapedFace* shaped = fonts_.shaped(*script);
            if (shaped == nullptr) return &fonts_.face(font);
            return shaped->face().covers(cp) ? nullptr : &shaped->face();
        }
        if (cjk_character(cp)) {
            const FontFace* cjk = fonts_.cjk(cjk_face_of(cp));
            if (cjk == nullptr) return &fonts_.face(font);
            return cjk->covers(cp) && cp <= 0xFFFF ? nullptr : cjk;
        }
        const FontFace& own = fonts_.face(font);
        if (!own.covers(cp)) return &own;
        for (FontStyle base : extra) {
            const FontFace& face = fonts_.face(with_base(font, base));
            if (!face.covers(cp)) return &face;
        }
        return nullptr;
    }

    const Worksheet& ws_;
    const FontSet& fonts_;
    Diagnostics& diags_;
};

}  // namespace

/* Walks every text the worksheet can print (for_each_printed_text), in the
   faces it prints in: titles bold, explanations italic in the key, the rest
   regular; inline markup decides the rest. */
void check_coverage(const Worksheet& ws, const FontSet& fonts, Diagnostics& diags) {
    CoverageChecker checker(ws, fonts, diags);
    for_each_printed_text(ws, [&](const std::string& text, const Loc& loc, PrintedText part) {
        if (part == PrintedText::title) checker.check(text, loc, {FontStyle::bold});
        else if (part == PrintedText::explanation) checker.check(text, loc, {FontStyle::italic});
        else checker.check(text, loc);
    });
}

void check_label_coverage(const Worksheet& ws, const PageStyle& style, const FontSet& fonts, Diagnostics& diags) {
    const Labels labels = resolve_labels(ws, &style.labels);
    CoverageChecker checker(ws, fonts, diags);
    const Loc lang = ws.lang.loc.line > 0 ? ws.lang.loc : ws.loc;
    for (std::string_view name : label_names()) {
        // A key title or note the worksheet writes is checked with its texts.
        if ((name == "answer_key" && ws.key_title.loc.line > 0) || (name == "key_note" && ws.key_note.loc.line > 0))
            continue;
        Loc at = lang;
        for (const auto* list : {&style.labels, &ws.labels})
            for (const LabelOverride& o : *list)
                if (o.name == name) at = o.loc;
        checker.check(label_text(labels, name), at, {FontStyle::bold, FontStyle::italic});
    }
}

void check_coverage(const std::string& text, const Loc& loc, const FontSet& fonts, Diagnostics& diags) {
    Worksheet none;
    none.file = loc.file;
    CoverageChecker(none, fonts, diags).check(text, loc);
}

}  // namespace handout
