// `lang:` and `labels:`, read alike in worksheets and page styles
// (labels.hpp has the sets and the names).
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
        diags.error(at, "no built-in labels for language '" + tag + "'" + did_you_mean(language, label_languages()),
                    "the languages with built-in labels are " + language_list() +
                        "; write one of them (a region such as fr-CA falls back to fr), and override single "
                        "labels with 'labels:'");
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
        out.push_back({e.name, e.value.Scalar(), source.at(e.value)});
    }
    return out;
}

}  // namespace handout::load
