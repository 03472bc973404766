// One question's marks as printed letters, and back to a Response.
#include "mark/answers.hpp"

#include <algorithm>
#include <cmath>

#include "handout/text.hpp"
#include "handout/number.hpp"

namespace handout::mark {

namespace {

std::string join(const std::vector<std::string>& parts, char sep = ';') {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : std::string(1, sep)) + p;
    return out;
}


/// The "x" of a "row:x" value.
std::string after_colon(const std::string& value) {
    const auto colon = value.find(':');
    return colon == std::string::npos ? value : value.substr(colon + 1);
}

/// 0-based position of a printed letter ("A" → 0), or npos.
std::size_t letter_index(const std::string& letter, std::size_t count) {
    if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'Z') return std::string::npos;
    const auto i = static_cast<std::size_t>(letter[0] - 'A');
    return i < count ? i : std::string::npos;
}

/// A positive whole number of at most four digits, or 0.
std::size_t small_number(const std::string& text) {
    if (text.empty() || text.size() > 4 || text.find_first_not_of("0123456789") != std::string::npos) return 0;
    return static_cast<std::size_t>(std::stoul(text));
}

Status worse(Status a, Status b) {
    auto rank = [](Status s) {
        switch (s) {
            case Status::ok: return 0;
            case Status::blank: return 1;
            case Status::multiple: return 2;
            case Status::unclear: return 3;
            case Status::unreadable: return 4;
        }
        return 4;
    };
    return rank(a) >= rank(b) ? a : b;
}

Status from(scan::AnswerStatus s) {
    switch (s) {
        case scan::AnswerStatus::ok: return Status::ok;
        case scan::AnswerStatus::blank: return Status::blank;
        case scan::AnswerStatus::multiple: return Status::multiple;
        case scan::AnswerStatus::unclear: return Status::unclear;
    }
    return Status::unclear;
}

/// What the scanner saw in the first group a person must look at ("a
/// letter is circled and another filled"), prefixed with its row or column
/// (`where`: "row", "column"; empty for none); empty when it said nothing.
std::string seen_in(const std::vector<scan::Answer>& groups, const std::string& where = "") {
    for (const auto& g : groups) {
        if (g.note.empty() ||
            (g.status != scan::AnswerStatus::unclear && g.status != scan::AnswerStatus::multiple))
            continue;
        return where.empty() || g.group.empty() ? g.note : where + " " + g.group + ": " + g.note;
    }
    return "";
}

/// One group per row ("1", "2", …): each row's single mark, "-" for a blank
/// row. The question is blank when every row is, else the worst row.
Reading read_rows(const std::vector<scan::Answer>& groups, std::size_t rows) {
    Reading r;
    std::vector<std::string> marks(rows, "-");
    bool any = false;
    Status worst = Status::ok;
    std::string where;  // the rows a person must look at
    for (const auto& g : groups) {
        const std::size_t row = small_number(g.group);
        if (row == 0 || row > rows) continue;
        const Status s = from(g.status);
        if (s == Status::blank) continue;
        any = true;
        worst = worse(worst, s);
        if (s != Status::ok) where += (where.empty() ? "" : ", ") + std::to_string(row);
        std::vector<std::string> values;
        for (const auto& v : g.marked) values.push_back(after_colon(v));
        if (!values.empty()) marks[row - 1] = join(values, '/');
    }
    r.marked = any ? join(marks) : "";
    r.status = any ? worst : Status::blank;
    const std::string rows_text = (where.find(',') == std::string::npos ? "row " : "rows ") + where;
    if (r.status == Status::multiple) r.reason = "more than one bubble filled in " + rows_text;
    if (r.status == Status::unclear) r.reason = "a mark in " + rows_text + " is unclear";
    if (const std::string seen = seen_in(groups, "row"); !seen.empty() && r.status == Status::unclear)
        r.reason = seen;
    return r;
}

}  // namespace

DigitColumns read_columns(const std::vector<scan::Answer>& groups, int columns, char empty) {
    DigitColumns c{std::string(static_cast<std::size_t>(columns), empty), Status::blank, true};
    std::vector<bool> seen(c.text.size(), false);
    for (const auto& g : groups) {
        const std::size_t col = small_number(g.group);
        if (col == 0 || col > c.text.size()) continue;
        seen[col - 1] = true;
        const Status s = from(g.status);
        if (s == Status::multiple || s == Status::unclear) c.worst = s;
        std::string digit;
        if (s == Status::ok && g.marked.size() == 1) digit = after_colon(g.marked.front());
        if (digit.size() == 1) c.text[col - 1] = digit[0];
        else c.every_column = false;
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) c.every_column = false;
    return c;
}

namespace {

/// A digit grid: one character per column, read left to right.
Reading read_digits(const std::vector<scan::Answer>& groups, int columns) {
    Reading r;
    const DigitColumns c = read_columns(groups, columns, ' ');
    const std::string& text = c.text;
    r.status = c.worst;
    if (c.worst == Status::multiple) r.reason = "more than one bubble filled in a column of the digit grid";
    if (c.worst == Status::unclear) r.reason = "a mark in the digit grid is unclear";
    if (const std::string seen = seen_in(groups, "column"); !seen.empty() && c.worst == Status::unclear)
        r.reason = seen;
    const auto first = text.find_first_not_of(' ');
    if (first == std::string::npos) {
        if (r.status == Status::blank) return r;
        r.marked = "";
        return r;
    }
    const auto last = text.find_last_not_of(' ');
    r.marked = text.substr(first, last - first + 1);
    if (r.status != Status::blank) return r;
    if (r.marked.find(' ') != std::string::npos) {
        r.status = Status::unclear;
        r.reason = "a blank column between the digits of the grid";
        return r;
    }
    const ReadNumber n = read_number(r.marked);
    if (n.status != ReadNumber::Status::ok || r.marked.find_first_of("0123456789") == std::string::npos) {
        r.status = Status::unclear;
        r.reason = "the digit grid does not read as a number";
        return r;
    }
    r.status = Status::ok;
    return r;
}

/// One group of single marks (choice, truefalse, a teacher box) or a tick-box group.
Reading read_single(const std::vector<scan::Answer>& groups) {
    Reading r;
    std::vector<std::string> values;
    bool any = false;
    Status worst = Status::ok;
    for (const auto& g : groups) {
        const Status s = from(g.status);
        if (s == Status::blank) continue;
        any = true;
        worst = worse(worst, s);
        for (const auto& v : g.marked) values.push_back(v);
    }
    r.status = any ? worst : Status::blank;
    r.marked = join(values);
    if (r.status == Status::multiple) r.reason = "more than one bubble filled";
    if (r.status == Status::unclear) r.reason = "a mark is unclear";
    if (const std::string seen = seen_in(groups);
        !seen.empty() && r.status != Status::ok && r.status != Status::blank)
        r.reason = seen;
    return r;
}

}  // namespace

Reading read_question(const VariantQuestion& vq, const std::vector<scan::Answer>& groups) {
    const Question& q = *vq.source;
    if (marked_by_teacher(q)) {
        Reading r = read_single(groups);
        if (r.status == Status::blank) r.reason = "no teacher box filled: the teacher has not marked it";
        if (r.status == Status::multiple)
            r.reason = seen_in(groups).empty() ? "more than one score filled" : seen_in(groups);
        return r;
    }
    switch (q.type()) {
        case QuestionType::match: return read_rows(groups, q.as<Match>().pairs.size());
        case QuestionType::order: return read_rows(groups, q.as<Order>().items.size());
        case QuestionType::numeric: return read_digits(groups, q.as<Numeric>().grid);
        default: return read_single(groups);
    }
}

std::string correct_of(const VariantQuestion& vq) {
    const Question& q = *vq.source;
    if (marked_by_teacher(q)) return points_decimal(q.points);
    switch (q.type()) {
        case QuestionType::choice: return std::string(1, vq.correct_letter());
        case QuestionType::truefalse: return q.as<TrueFalse>().truth ? "T" : "F";
        case QuestionType::multi: {
            std::vector<std::string> letters;
            for (char c : vq.correct_letters()) letters.emplace_back(1, c);
            return join(letters);
        }
        case QuestionType::match: {
            std::vector<std::string> letters;
            for (char c : vq.match_letters()) letters.emplace_back(1, c);
            return join(letters);
        }
        case QuestionType::order: {
            std::vector<std::string> places;
            for (int p : vq.order_positions()) places.push_back(std::to_string(p));
            return join(places);
        }
        case QuestionType::numeric: return vq.answer().value;
        default: return "";
    }
}

std::optional<Response> response_of(const VariantQuestion& vq, const std::string& marked, std::string& error) {
    const Question& q = *vq.source;
    Response r;
    if (marked.empty()) return r;
    if (marked_by_teacher(q)) {
        const ReadNumber n = read_number(marked);
        const double halves = n.value * 2;
        if (n.status != ReadNumber::Status::ok || n.value < 0 || n.value > q.points.value() ||
            std::abs(halves - std::round(halves)) > 1e-9) {
            error = "'" + marked + "' is not a score for this question (0 to " + points_decimal(q.points) +
                    ", in halves)";
            return std::nullopt;
        }
        r.awarded = n.value;
        return r;
    }
    const auto parts = split(marked, ';');
    switch (q.type()) {
        case QuestionType::choice:
        case QuestionType::multi: {
            const auto& order = vq.option_order();
            for (const auto& letter : parts) {
                const std::size_t i = letter_index(letter, order.size());
                if (i == std::string::npos) {
                    error = "'" + letter + "' is not an option of this question on this sheet (A to " +
                            std::string(1, static_cast<char>('A' + order.size() - 1)) + ")";
                    return std::nullopt;
                }
                r.options.push_back(order[i]);
            }
            return r;
        }
        case QuestionType::truefalse:
            if (marked != "T" && marked != "F") {
                error = "'" + marked + "' is not T or F";
                return std::nullopt;
            }
            r.truth = marked == "T";
            return r;
        case QuestionType::match:
        case QuestionType::order: {
            const bool match = q.type() == QuestionType::match;
            const auto& order = match ? vq.drawn<MatchDraw>().right_order : vq.drawn<OrderDraw>().item_order;
            // A match has a row per pair, and may have fewer letters (pairs
            // that share a right item).
            const std::size_t rows = match ? q.as<Match>().pairs.size() : order.size();
            if (parts.size() != rows) {
                error = "'" + marked + "' needs " + std::to_string(rows) +
                        " answers separated by ';' (- for a blank row)";
                return std::nullopt;
            }
            r.places.assign(rows, std::string::npos);
            for (std::size_t row = 0; row < parts.size(); ++row) {
                if (parts[row] == "-") continue;
                const std::size_t i = match ? letter_index(parts[row], order.size()) : small_number(parts[row]);
                if (match ? i == std::string::npos : (i == 0 || i > order.size())) {
                    error = "'" + parts[row] + "' in row " + std::to_string(row + 1) + " is not " +
                            (match ? "a letter of this question" : "a place of this question");
                    return std::nullopt;
                }
                if (match) r.places[row] = order[i];
                else r.places[order[row]] = i - 1;
            }
            return r;
        }
        case QuestionType::numeric: {
            const ReadNumber n = read_number(marked);
            if (n.status != ReadNumber::Status::ok) {
                error = "'" + marked + "' is not a number";
                return std::nullopt;
            }
            r.number = n.value;
            return r;
        }
        default: return r;
    }
}

std::vector<std::string> chosen_of(const VariantQuestion& vq, const Response& r) {
    std::vector<std::string> out;
    if (r.truth) out.push_back(*r.truth ? "T" : "F");
    if (vq.source->type() == QuestionType::choice || vq.source->type() == QuestionType::multi)
        for (std::size_t i : r.options) out.push_back(std::to_string(i + 1));
    return out;
}

}  // namespace handout::mark
