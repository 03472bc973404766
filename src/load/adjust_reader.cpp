// The adjust file of `handout mark --adjust` (handout/adjust.hpp): a YAML
// list of a teacher's decisions, read like a worksheet (the same size, UTF-8
// and syntax checks, every key located).
#include <cmath>

#include "handout/adjust.hpp"
#include "handout/io.hpp"
#include "load/yaml_support.hpp"

namespace handout {

namespace {

using load::Entry;
using load::Source;

const std::vector<std::string_view> entry_keys = {"question", "worksheet", "void",  "accept",
                                                  "key",      "points",    "bonus", "sheet"};
const std::vector<std::string_view> actions = {"void", "accept", "key", "points", "bonus"};

const char* const entry_hint =
    "each entry names a question and one action: void (reduce or full), accept, key, points; or gives a "
    "bonus";

/// A scalar's text, trimmed.
std::string scalar(const YAML::Node& node) { return node.IsScalar() ? node.Scalar() : std::string(); }

/// Points as a whole or half number from 0 (`bonus` and `points` may be 0:
/// worth nothing is voiding), at most 100.
std::optional<Points> read_points(const Source& src, const Entry& e, Diagnostics& diags) {
    const std::string text = scalar(e.value);
    char* end = nullptr;
    const double v = text.empty() ? -1 : std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || v < 0 || v > Points::max_halves / 2.0 || std::fmod(v * 2, 1.0) != 0) {
        diags.error(src.at(e.value),
                    "'" + e.name + "' must be a whole or half number of marks from 0 to " +
                        std::to_string(Points::max_halves / 2) + ", found " + load::describe(e.value),
                    "write e.g. " + e.name + ": 2 or " + e.name + ": 0.5");
        return std::nullopt;
    }
    return Points{static_cast<int>(std::lround(v * 2))};
}

/// The answer of `accept` or `key`: a scalar, or a list of them (multi).
std::vector<std::string> read_answer(const Source& src, const Entry& e, Diagnostics& diags) {
    std::vector<std::string> out;
    if (e.value.IsScalar() && !scalar(e.value).empty())
        out.push_back(scalar(e.value));
    else if (e.value.IsSequence())
        for (const auto& item : e.value)
            if (!scalar(item).empty()) out.push_back(scalar(item));
    if (out.empty() || (e.value.IsSequence() && out.size() != e.value.size()))
        diags.error(src.at(e.value), "'" + e.name + "' needs an answer, found " + load::describe(e.value),
                    "write the option's number as the analysis counts them (" + e.name +
                        ": 3), T or F, a number, "
                        "or a list of option numbers for a multi question ([1, 3])");
    for (auto& a : out)
        if (a == "true" || a == "True")
            a = "T";
        else if (a == "false" || a == "False")
            a = "F";
    return out;
}

/// The entry as one line of flow YAML: `question: 3, void: reduce`.
std::string as_line(const Source& src, const YAML::Node& map) {
    std::string out;
    for (const auto& kv : map) {
        if (!out.empty()) out += ", ";
        out += scalar(kv.first) + ": ";
        if (kv.second.IsSequence()) {
            std::string items;
            for (const auto& item : kv.second) items += (items.empty() ? "" : ", ") + scalar(item);
            out += "[" + items + "]";
        } else {
            out += scalar(kv.second);
        }
    }
    (void)src;
    return out;
}

/// Reads one entry; nothing when it has an error.
std::optional<Adjustment> read_entry(const Source& src, const YAML::Node& node, Diagnostics& diags) {
    if (!node.IsMap()) {
        diags.error(src.at(node), "an adjustment is a mapping, found " + load::describe(node),
                    "write e.g. - question: 3\n    void: reduce");
        return std::nullopt;
    }
    const load::Entries entries =
        load::read_entries(src, diags, node, "an adjustment", entry_keys, entry_hint);
    Adjustment a;
    a.loc = src.at(node);
    a.text = as_line(src, node);
    const Entry* action = nullptr;
    for (const auto& e : entries.all()) {
        if (std::find(actions.begin(), actions.end(), e.name) == actions.end()) continue;
        if (action) {
            diags.error(src.at(e.key),
                        "one action per entry: this one has '" + action->name + "' and '" + e.name + "'",
                        "write a second entry for the second action");
            return std::nullopt;
        }
        action = &e;
    }
    if (!action) {
        diags.error(a.loc, "this adjustment has no action", entry_hint);
        return std::nullopt;
    }
    a.value_loc = src.at(action->value);
    bool ok = true;
    if (const Entry* q = entries.find("question")) {
        const std::string text = scalar(q->value);
        const bool digits =
            !text.empty() && text.size() <= 4 && text.find_first_not_of("0123456789") == std::string::npos;
        a.question = digits ? std::stoi(text) : 0;
        if (a.question <= 0) {
            diags.error(src.at(q->value),
                        "'question' must be a question's number, found " + load::describe(q->value),
                        "the number in the worksheet's source order, as results.csv's Q columns count them");
            ok = false;
        }
    } else if (action->name != "bonus") {
        diags.error(a.loc, "this adjustment names no question", "add question: N (results.csv's QN)");
        ok = false;
    }
    if (const Entry* w = entries.find("worksheet")) a.worksheet = scalar(w->value);
    if (const Entry* s = entries.find("sheet")) a.sheet = scalar(s->value);
    if (action->name == "void") {
        const std::string how = scalar(action->value);
        if (how == "reduce")
            a.action = Adjustment::Action::void_reduce;
        else if (how == "full")
            a.action = Adjustment::Action::void_full;
        else {
            diags.error(
                a.value_loc, "'void' is reduce or full, found " + load::describe(action->value),
                "void: reduce (nobody loses it: the maximum is reduced) or void: full (everyone gets its "
                "points)");
            ok = false;
        }
    } else if (action->name == "accept" || action->name == "key") {
        a.action = action->name == "key" ? Adjustment::Action::key : Adjustment::Action::accept;
        a.answer = read_answer(src, *action, diags);
        ok = ok && !a.answer.empty();
    } else {
        a.action = action->name == "bonus" ? Adjustment::Action::bonus : Adjustment::Action::points;
        const auto p = read_points(src, *action, diags);
        if (p) a.points = *p;
        ok = ok && p;
    }
    if (!ok) return std::nullopt;
    return a;
}

}  // namespace

std::optional<std::vector<Adjustment>> parse_adjustments(std::string_view text, const std::string& file,
                                                         Diagnostics& diags) {
    std::vector<Adjustment> out;
    const bool ok = load::parse_file(
        text, file, "adjust file", diags, [&](const Source& src, const YAML::Node& root, Diagnostics& found) {
            if (root.IsNull()) return;
            if (!root.IsSequence()) {
                found.error(src.at(root),
                            "an adjust file is a list of adjustments, found " + load::describe(root),
                            "start each entry with '- question: N'");
                return;
            }
            for (const auto& node : root)
                if (auto a = read_entry(src, node, found)) out.push_back(std::move(*a));
        });
    if (!ok) return std::nullopt;
    return out;
}

std::optional<std::vector<Adjustment>> load_adjustments(const std::string& path, Diagnostics& diags) {
    const auto text = load::read_yaml_file(path, diags);
    if (!text) return std::nullopt;
    return parse_adjustments(*text, input_name(path), diags);
}

std::string accept_line(int question, const std::string& answer) {
    return "- {question: " + std::to_string(question) + ", accept: " + answer + "}";
}

}  // namespace handout
