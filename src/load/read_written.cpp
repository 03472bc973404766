// The question types whose answer the student writes: short (a model
// answer and writing lines), fill (a text with [[gaps]] and a word bank) and
// numeric (a number, its tolerance, unit and digit grid).
#include "load/worksheet_reader.hpp"

#include <algorithm>
#include <charconv>

#include "handout/number.hpp"
#include "handout/text.hpp"

namespace handout::load {

// short: a model answer and the number of writing lines.
void WorksheetReader::read_short(const Entries& keys, Question& question) {
    ShortAnswer& body = question.body.emplace<ShortAnswer>();
    if (const Entry* e = keys.find("answer")) {
        if (auto value = text(*e, true)) body.model_answer = *value;
    } else {
        error(question.loc, "the short question has no 'answer'",
              "add 'answer:' with a model answer for the person marking");
    }
    if (const Entry* e = keys.find("lines"))
        if (auto value = int_in_range(*e, 1, max_lines)) body.lines = *value;
}

// fill: the text with its gaps, and the optional word bank.
void WorksheetReader::read_fill(const Entries& keys, Question& question) {
    Fill& body = question.body.emplace<Fill>();
    if (const Entry* e = keys.find("text")) {
        read_fill_text(*e, question);
    } else {
        error(question.loc, "the fill question has no 'text'",
              "add 'text:' with each gap's answer in double brackets: 'Water boils at [[100]] °C.'");
    }
    if (const Entry* e = keys.find("bank"))
        if (auto value = boolean(*e)) body.bank = *value;
    if (const Entry* e = keys.find("width")) read_gap_widths(*e, body);
    if (const Entry* e = keys.find("distractors")) {
        if (e->value.IsSequence() &&
            !check_count(*e, e->value.size(), 0, max_distractors, "distractors", "fill"))
            return;
        const auto distractors = text_list(*e, "distractor", "wrong words",
                                           "write distractors: [50, 212]");
        if (!body.bank) {
            error(e->key, "'distractors' are only printed in a word bank, and this question has none",
                  "add 'bank: true', or remove 'distractors'");
        } else {
            for (const auto& distractor : distractors) {
                const auto gap = std::find_if(body.parts.begin(), body.parts.end(),
                                              [&](const FillPart& p) {
                                                  return p.gap && p.text == distractor.text;
                                              });
                if (gap == body.parts.end()) {
                    body.distractors.push_back(distractor);
                    continue;
                }
                const auto number = std::count_if(body.parts.begin(), gap + 1,
                                                  [](const FillPart& p) { return p.gap; });
                error(distractor.loc,
                      "distractor " + quote_text(distractor.text) +
                          " is the answer of gap (" + std::to_string(number) + ")",
                      "a distractor must be a wrong word: change it or remove it");
            }
        }
    }
    read_question_shuffle(keys, question);
}

// `width: 35` for every gap, or `width: [30, 30, 50]`, one per gap.
void WorksheetReader::read_gap_widths(const Entry& entry, Fill& body) {
    if (!entry.value.IsSequence()) {
        if (auto mm = millimetres(entry, Worksheet::gap_width_min, Worksheet::gap_width_max, "35")) body.width_mm = *mm;
        return;
    }
    const auto gaps = static_cast<std::size_t>(
        std::count_if(body.parts.begin(), body.parts.end(), [](const FillPart& p) { return p.gap; }));
    std::vector<double> widths;
    bool ok = true;
    for (const YAML::Node& item : entry.value) {
        const auto mm = millimetres(Entry{entry.name, entry.key, item}, Worksheet::gap_width_min,
                                    Worksheet::gap_width_max, "[30, 30, 50]");
        ok = ok && mm;
        widths.push_back(mm.value_or(0));
    }
    // A text with errors has no gaps to count.
    if (gaps > 0 && widths.size() != gaps) {
        error(entry.value,
              "'width' lists " + std::to_string(widths.size()) + (widths.size() == 1 ? " width" : " widths") +
                  ", but the text has " + std::to_string(gaps) + (gaps == 1 ? " gap" : " gaps"),
              "write one width per gap, in the order of the gaps, or one width for them all: width: 35");
        return;
    }
    if (ok) body.gap_widths_mm = std::move(widths);
}

// Splits the fill text at its `[[gaps]]`. Problems are shown at their own
// column when the text is written on one line, else at the text.
void WorksheetReader::read_fill_text(const Entry& entry, Question& question) {
    auto value = text(entry, true);
    if (!value) return;
    const std::string& s = value->text;
    const std::size_t base = verbatim_offset(entry.value, s);
    const auto at = [&](std::size_t i) {
        return base == std::string_view::npos ? value->loc : src_.at_offset(base + i);
    };
    std::vector<FillPart> parts;
    bool bad = false;
    int gaps = 0;
    std::size_t plain_from = 0;
    const auto add_plain = [&](std::size_t end) {
        if (end > plain_from) parts.push_back({false, s.substr(plain_from, end - plain_from), at(plain_from)});
    };
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, 2, "[[") != 0) {
            ++i;
            continue;
        }
        const std::size_t open = i;
        const std::size_t close = s.find("]]", open + 2);
        const std::size_t nested = s.find("[[", open + 2);
        if (close == std::string::npos) {
            error(at(open), "this '[[' opens a gap that is not closed with ']]'",
                  "write each gap as [[answer]], with two closing brackets");
            bad = true;
            break;
        }
        ++gaps;
        if (nested < close) {
            error(at(nested), "a gap cannot hold another gap: '[[' inside gap (" +
                                  std::to_string(gaps) + ")",
                  "close the first gap with ']]' before opening the next one");
            bad = true;
        } else if (const std::string answer(trim(s.substr(open + 2, close - open - 2)));
                   answer.empty()) {
            error(at(open), "gap (" + std::to_string(gaps) + ") is empty",
                  "write the gap's answer between the brackets: [[answer]]");
            bad = true;
        } else {
            add_plain(open);
            parts.push_back({true, answer, at(open)});
        }
        i = close + 2;
        plain_from = i;
    }
    if (bad) return;
    add_plain(s.size());
    if (gaps == 0) {
        error(value->loc, "the fill text has no gap",
              "write each gap's answer in double brackets: 'Water boils at [[100]] °C.'");
        return;
    }
    question.as<Fill>().parts = std::move(parts);
}

// numeric: `answer` a number, `tolerance` at least 0, `unit` text; the
// numbers keep their text as written for the key.
void WorksheetReader::read_numeric(const Entries& keys, Question& question) {
    Numeric& body = question.body.emplace<Numeric>();
    if (const Entry* e = keys.find("answer")) {
        body.value_loc = src_.at(e->value);
        if (varying(*e, question)) body.value_text = e->value.Scalar();  // a number once its vars are in
        else if (auto value = number(*e, body.value_text)) body.value = *value;
    } else {
        error(question.loc, "the numeric question has no 'answer'",
              "add 'answer:' with the number, such as answer: 9.81");
    }
    if (const Entry* e = keys.find("tolerance")) {
        std::string written;
        if (varying(*e, question)) {
            body.tolerance_text = e->value.Scalar();
        } else if (auto value = number(*e, written)) {
            if (*value >= 0) {
                body.tolerance = *value;
                body.tolerance_text = written;
            } else {
                error(e->value, "'tolerance' must be 0 or more, found " + written,
                      "write how far an answer may be from 'answer', such as tolerance: " +
                          written.substr(1));
            }
        }
    }
    if (const Entry* e = keys.find("unit"))
        if (auto value = text(*e, true)) body.unit = *value;
    if (const Entry* e = keys.find("grid")) read_grid(*e, body);
}

// `grid: true` (columns for the answer's characters and one spare, at least
// four, so the grid does not tell the answer's length exactly), `grid: N`
// (N columns), or `grid: false`.
void WorksheetReader::read_grid(const Entry& e, Numeric& body) {
    if (!has_value(e)) return;
    bool on = false;
    if (parse_bool(e.value, on)) {
        if (on && body.value_text.find("{{") != std::string::npos) {
            error(e.value, "'grid: true' cannot size the grid to an answer that varies",
                  "write the number of columns the longest answer needs, such as grid: 6");
        } else if (on) {
            const int needed = static_cast<int>(plain_number(body.value).size()) + 1;
            body.grid = std::clamp(std::max(needed, 4), Numeric::grid_min, Numeric::grid_max);
        }
        return;
    }
    int columns = 0;
    if (e.value.IsScalar()) {
        const std::string& s = e.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), columns);
        if (ec == std::errc() && end == s.data() + s.size() && columns >= Numeric::grid_min &&
            columns <= Numeric::grid_max) {
            body.grid = columns;
            return;
        }
    }
    error(e.value, "'grid' must be true, false or a number of columns from 2 to 10, found " + describe(e.value),
          "write grid: true for a digit grid as wide as the answer needs, or grid: 6 for six columns");
}

}  // namespace handout::load
