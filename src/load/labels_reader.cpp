// `lang:` and `labels:`, read alike in worksheets and page styles
// (labels.hpp has the sets and the names).
#include <algorithm>
#include <string>

#include "handout/labels.hpp"
#include "handout/text.hpp"
#include "load/yaml_support.hpp"

namespace handout::load {

namespace {

/// "en, fr, de …" for hints.
std::string language_list() {
    std::string out;
    for (std::string_view lang : label_languages()) out += (out.empty() ? "" : ", ") + std::string(lang);
    return out;
}

/// Why label `name`'s text is too long to print ("" when it is not): a
/// bubble letter holds at most 3 characters, any other label 200.
std::string too_long(const std::string& name, const std::string& text) {
    const std::size_t chars = count_code_points(text);
    const std::size_t most = name.ends_with("_letter") ? 3 : 200;
    if (chars <= most) return {};
    return "label '" + name + "' is " + std::to_string(chars) + " characters long, more than the " +
           std::to_string(most) + " that fit " + (most == 3 ? "in a bubble" : "where it prints");
}

}  // namespace

std::optional<Text> read_lang(const Source& source, Diagnostics& diags, const Entry& entry) {
    const Loc at = source.at(entry.value);
    if (!entry.value.IsScalar() || entry.value.Scalar().empty()) {
        diags.error(entry.value.IsNull() ? source.at(entry.key) : at,
                    "'lang' must be a language tag such as fr or de-AT, found " + describe(entry.value),
                    "the languages with built-in labels are " + language_list());
        return std::nullopt;
    }
    const std::string& tag = entry.value.Scalar();
    if (!builtin_labels(tag)) {
        const std::string language = ascii_lower(std::string_view(tag).substr(0, tag.find_first_of("-_")));
        diags.error(
            at, "no built-in labels for language '" + tag + "'" + did_you_mean(language, label_languages()),
            "the languages with built-in labels are " + language_list() +
                "; write one of them (a region such as fr-CA falls back to fr; zh-TW, zh-HK and "
                "zh-Hant print traditional Chinese), and override single labels with 'labels:'");
        return std::nullopt;
    }
    return Text{tag, at};
}

std::vector<LabelOverride> read_labels(const Source& source, Diagnostics& diags, const Entry& entry) {
    std::vector<LabelOverride> out;
    if (!entry.value.IsMap()) {
        diags.error(entry.value.IsNull() ? source.at(entry.key) : source.at(entry.value),
                    "'labels' must be a mapping of label names to texts, found " + describe(entry.value),
                    "write labels: {name: Pupil, answer_key: Solutions}");
        return out;
    }
    std::string names;
    for (std::string_view name : label_names()) names += (names.empty() ? "" : ", ") + std::string(name);
    const Entries keys = read_entries(source, diags, entry.value, "'labels'", label_names(),
                                      "the labels that can be overridden are " + names);
    for (const Entry& e : keys.all()) {
        const bool text = e.value.IsScalar() && !e.value.Scalar().empty();
        if (!text) {
            diags.error(e.value.IsNull() ? source.at(e.key) : source.at(e.value),
                        "label '" + e.name + "' must be a text, found " + describe(e.value),
                        "write the words to print, such as " + e.name + ": …, in quotes when they hold a colon");
            continue;
        }
        if (const std::string bad = dropped_tag(e.value); !bad.empty()) {
            diags.error(source.at(e.value), bad, "put the text in quotes");
            continue;
        }
        if (e.name == "page" && e.value.Scalar().find("{n}") == std::string::npos) {
            diags.error(source.at(e.value), "label 'page' must hold {n}, the page number",
                        "write it like page: \"Seite {n} von {m}\"");
            continue;
        }
        if (const std::string why = too_long(e.name, e.value.Scalar()); !why.empty()) {
            diags.error(source.at(e.value), why,
                        e.name.ends_with("_letter")
                            ? "a bubble holds one letter or two, such as W and F"
                            : "labels are headings and short notes: say it in fewer words");
            continue;
        }
        out.push_back({e.name, e.value.Scalar(), source.at(e.value)});
    }
    // The two letters of a true/false question's bubbles tell its answers apart.
    const auto letter = [&](std::string_view name) {
        return std::find_if(out.begin(), out.end(), [&](const LabelOverride& o) { return o.name == name; });
    };
    if (const auto t = letter("true_letter"), f = letter("false_letter");
        t != out.end() && f != out.end() && nfc(t->text) == nfc(f->text))
        diags.error(f->loc, "label 'false_letter' is '" + f->text + "', the same as 'true_letter'",
                    "a student's true and false bubbles must differ: write another letter");
    return out;
}

}  // namespace handout::load
