// Walking YAML mappings (duplicate, unknown and misspelt keys) and the small
// scalar helpers every reader's messages use.
#include "load/yaml_support.hpp"

#include <algorithm>

#include "handout/text.hpp"

namespace handout::load {

// ---------------------------------------------------------------------------
// Mappings and scalars
// ---------------------------------------------------------------------------

const Entry* Entries::find(std::string_view name) const {
    for (const auto& entry : entries_)
        if (entry.name == name) return &entry;
    return nullptr;
}

Entries read_entries(const Source& source, Diagnostics& diags, const YAML::Node& map,
                     std::string_view what, const std::vector<std::string_view>& known,
                     const std::string& hint) {
    Entries result;
    std::unordered_map<std::string, YAML::Node> seen;  // every scalar key, to find duplicates
    for (auto it = map.begin(); it != map.end(); ++it) {
        const YAML::Node key = it->first;
        if (!key.IsScalar()) {
            diags.error(source.at(key), "a key must be a plain name, found " + describe(key),
                        "write keys as plain words followed by ': '");
            continue;
        }
        const std::string& name = key.Scalar();
        if (const auto first = seen.find(name); first != seen.end()) {
            const Loc was = source.at(first->second);
            diags.error(source.at(key),
                        "duplicate key '" + name + "' in " + std::string(what) +
                            " (first written at line " + std::to_string(was.line) + ")",
                        "keep only one '" + name + "': YAML would silently use one of them");
            continue;
        }
        seen.emplace(name, key);
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            diags.error(source.at(key),
                        "unknown key '" + name + "' in " + std::string(what) +
                            did_you_mean(name, known),
                        hint);
            continue;
        }
        result.all().push_back({name, key, it->second});
    }
    return result;
}

std::string missing_value_hint(const Source& source, const Entry& entry) {
    const std::string_view text = source.text();
    const std::size_t key = source.offset(entry.key.Mark());
    std::string hint = "write a value after '" + entry.name + ": ', or remove the key";
    if (key == std::string_view::npos) return hint;
    const std::size_t colon = text.find(':', key + entry.name.size());
    const std::size_t after = colon == std::string_view::npos
                                  ? colon
                                  : text.find_first_not_of(" \t", colon + 1);
    if (after != std::string_view::npos && text[after] == '#') {
        std::string_view rest = text.substr(after, text.find('\n', after) - after);
        if (rest.ends_with('\r')) rest.remove_suffix(1);
        hint = "YAML reads ' #' as the start of a comment: quote the value (" +
               quote_text(rest) + ")";
    }
    return hint;
}

std::string dropped_tag(const YAML::Node& node) {
    const std::string& tag = node.Tag();
    if (!node.IsScalar() || tag == "?" || tag == "!" || tag.starts_with("tag:yaml.org,2002:"))
        return {};
    return "starts with a YAML tag: '" + tag + "' would be dropped from the text";
}

void append_in_order(Diagnostics& to, const Diagnostics& from) {
    std::vector<Diagnostic> items = from.items();
    std::stable_sort(items.begin(), items.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::pair(a.loc.line, a.loc.column) < std::pair(b.loc.line, b.loc.column);
    });
    Diagnostics sorted;
    for (auto& d : items) {
        if (d.severity == Severity::error)
            sorted.error(d.loc, std::move(d.message), std::move(d.hint));
        else
            sorted.warning(d.loc, std::move(d.message), std::move(d.hint));
    }
    to.append_file(sorted);
}

std::string quote_text(std::string_view text) {
    constexpr std::size_t max = 60;
    if (text.size() <= max) return "'" + std::string(text) + "'";
    const std::size_t cut = code_point_start(text, max);
    return "'" + std::string(text.substr(0, cut)) + "…'";
}

std::string describe(const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Sequence: return "a list";
        case YAML::NodeType::Map: return "a mapping";
        case YAML::NodeType::Scalar: return quote_text(node.Scalar());
        default: return "nothing";
    }
}

bool is_plain(const YAML::Node& node) {
    // yaml-cpp tags plain scalars "?" and quoted or block scalars "!".
    return node.Tag() == "?";
}

bool is_slug(std::string_view text) {
    const auto ok = [](char c, bool first) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (!first && c == '-');
    };
    if (text.empty() || !ok(text.front(), true)) return false;
    return std::all_of(text.begin(), text.end(), [&](char c) { return ok(c, false); });
}

}  // namespace handout::load
