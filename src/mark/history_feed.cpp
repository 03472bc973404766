// `mark --history FILE`: the class's fully decided sheets added to the item
// history (handout/history.hpp), each answer under its question's identity.
#include "handout/history.hpp"
#include "handout/mark.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

namespace {

/// The worksheet's questions in source order, sections flattened.
std::vector<const Question*> flattened(const Worksheet& ws) {
    std::vector<const Question*> out;
    for (const auto& section : ws.sections)
        for (const auto& q : section.questions) out.push_back(&q);
    return out;
}

/// The key as option indices: "2" → 1, "T" → 0, "F" → 1.
std::vector<std::size_t> key_of(const QuestionInfo& qi) {
    std::vector<std::size_t> key;
    for (const auto& c : qi.correct) {
        if (c == "T" || c == "F")
            key.push_back(c == "T" ? 0 : 1);
        else if (!c.empty() && c.find_first_not_of("0123456789") == std::string::npos)
            key.push_back(std::stoul(c) - 1);
    }
    return key;
}

/// The answers of one fully decided sheet.
void sheet_answers(const SheetResult& s, const WorksheetInfo& info,
                   const std::vector<const Question*>& questions, std::vector<ItemAnswer>& out) {
    // The vars each question drew on this sheet (only for a worksheet with vars).
    std::map<int, std::string> numbers;
    for (const Question* q : questions)
        if (!q->vars.empty()) {
            for (const auto& section : make_variant(info.prepared->worksheet, s.seed).sections)
                for (const auto& vq : section.questions) numbers[vq.source_index] = vq.numbers;
            break;
        }
    const double share = s.max.value() > 0 ? s.points / s.max.value() : 0;
    for (const QuestionResult& q : s.questions) {
        if (!q.drawn || !q.points || q.question < 1 ||
            static_cast<std::size_t>(q.question) > questions.size())
            continue;
        ItemAnswer a;
        a.item = item_id(*questions[static_cast<std::size_t>(q.question - 1)]);
        a.sheet = s.sheet;
        a.worksheet = s.worksheet;
        a.question = q.question;
        if (const auto it = numbers.find(q.question); it != numbers.end()) a.vars = it->second;
        a.chosen = q.chosen;
        a.points = *q.points;
        a.max = q.max.value();
        a.sheet_share = share;
        out.push_back(std::move(a));
    }
}

}  // namespace

std::size_t record_history(const Results& results, const std::string& path, const std::string& label) {
    std::vector<ItemRecord> items;
    std::vector<ItemAnswer> answers;
    for (const WorksheetInfo& info : results.worksheets) {
        if (!info.prepared) continue;
        const auto questions = flattened(info.prepared->worksheet);
        for (std::size_t i = 0; i < questions.size() && i < info.questions.size(); ++i)
            items.push_back({item_id(*questions[i]), info.questions[i].type, info.questions[i].prompt,
                             info.questions[i].options, key_of(info.questions[i])});
        for (const SheetResult& s : results.sheets)
            if (s.scanned && s.worksheet == info.id && s.undecided() == 0)
                sheet_answers(s, info, questions, answers);
    }
    ItemHistoryFile file(path, true);
    file.record_class(label, items, answers);
    return answers.size();
}

}  // namespace handout::mark
