// Scores per tag (issue 35): each fully decided sheet's points on the
// questions of each tag, and the class's, for tags.csv, the spreadsheet's
// Tags sheet and the analysis page.
#include <map>

#include "mark/score_table.hpp"

namespace handout::mark {

namespace {

/// Points and maximum summed over some questions.
struct Sum {
    std::size_t questions = 0;
    double points = 0, max = 0;
    void add(const QuestionResult& q) {
        ++questions;
        points += q.points.value_or(0);
        max += q.max.value();
    }
};

std::vector<TableCell> row(const std::string& worksheet, const std::string& tag, const std::string& sheet,
                           const std::string& name, const Sum& sum) {
    std::vector<TableCell> r{{worksheet, {}, false},
                             {tag, {}, false},
                             {sheet, {}, false},
                             {name, {}, false},
                             TableCell::of(static_cast<double>(sum.questions)),
                             TableCell::of(sum.points),
                             TableCell::of(sum.max)};
    r.push_back(sum.max > 0 ? TableCell::share(sum.points / sum.max) : TableCell{});
    return r;
}

}  // namespace

ScoreTable tag_table(const Results& results) {
    ScoreTable t;
    t.header = {"worksheet", "tag", "sheet", "name", "questions", "points", "max", "percent"};
    for (const auto& ws : results.worksheets) {
        std::map<std::string, std::vector<std::size_t>> by_tag;  // question indices (source order)
        for (std::size_t i = 0; i < ws.questions.size(); ++i)
            for (const auto& tag : ws.questions[i].tags) by_tag[tag].push_back(i);
        for (const auto& [tag, questions] : by_tag) {
            Sum all;
            for (const auto& s : results.sheets) {
                if (!s.scanned || s.worksheet != ws.id || s.undecided() > 0) continue;
                Sum sum;
                for (std::size_t i : questions)
                    if (i < s.questions.size() && s.questions[i].drawn) sum.add(s.questions[i]);
                if (sum.questions == 0) continue;  // none of its draw carries the tag
                t.rows.push_back(row(ws.id, tag, s.sheet, s.name, sum));
                all.questions += sum.questions;
                all.points += sum.points;
                all.max += sum.max;
            }
            if (all.questions > 0) t.rows.push_back(row(ws.id, tag, "all", "", all));
        }
    }
    return t;
}

}  // namespace handout::mark
