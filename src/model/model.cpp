#include "handout/model.hpp"

#include <cmath>

namespace handout {

const char* type_name(QuestionType type) {
    switch (type) {
        case QuestionType::choice: return "choice";
        case QuestionType::truefalse: return "truefalse";
        case QuestionType::multi: return "multi";
        case QuestionType::short_answer: return "short";
        case QuestionType::fill: return "fill";
        case QuestionType::match: return "match";
        case QuestionType::order: return "order";
        case QuestionType::numeric: return "numeric";
    }
    return "?";
}

bool marked_by_teacher(const Question& q) {
    switch (q.type()) {
        case QuestionType::short_answer:
        case QuestionType::fill: return true;
        case QuestionType::numeric: return q.as<Numeric>().grid == 0;
        default: return false;
    }
}

bool VarDef::words() const {
    if (kind != Kind::list) return false;
    for (double n : numbers)
        if (std::isnan(n)) return true;
    return false;
}

const std::vector<Option>& options_of(const Question& q) {
    static const std::vector<Option> none;
    if (const auto* choice = std::get_if<Choice>(&q.body)) return choice->options;
    if (const auto* multi = std::get_if<Multi>(&q.body)) return multi->options;
    return none;
}

bool Worksheet::right_to_left() const {
    if (!dir.empty()) return dir.text == "rtl";
    std::string language;
    for (char c : lang.text) {
        if (c == '-' || c == '_') break;
        language += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    return language == "ar" || language == "he" || language == "iw" || language == "fa" || language == "ur";
}

std::size_t Worksheet::question_count() const {
    std::size_t n = 0;
    for (const auto& s : sections) n += s.questions.size();
    return n;
}

std::size_t Worksheet::printed_count() const {
    std::size_t n = 0;
    for (const auto& s : sections) n += s.printed_count();
    return n;
}

Points Section::points() const {
    if (pool_points) return *pool_points;
    Points sum{0};
    for (std::size_t i = 0; i < printed_count() && i < questions.size(); ++i) sum += questions[i].points;
    return sum;
}

Points Worksheet::points() const {
    Points sum{0};
    for (const auto& s : sections) sum += s.points();
    return sum;
}

std::vector<std::size_t> Match::right_items() const {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        bool seen = false;
        for (std::size_t first : out) seen = seen || pairs[first].right.text == pairs[i].right.text;
        if (!seen) out.push_back(i);
    }
    return out;
}

std::vector<std::size_t> Match::right_of() const {
    const std::vector<std::size_t> items = right_items();
    std::vector<std::size_t> out(pairs.size(), 0);
    for (std::size_t i = 0; i < pairs.size(); ++i)
        for (std::size_t k = 0; k < items.size(); ++k)
            if (pairs[items[k]].right.text == pairs[i].right.text) out[i] = k;
    return out;
}

}  // namespace handout
