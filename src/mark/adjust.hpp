// Private to src/mark: the adjust file applied while scoring (handout/adjust.hpp).
#pragma once

#include <vector>

#include "handout/adjust.hpp"
#include "handout/mark.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

/// Applies an adjust file's entries to the questions and sheets they name.
class Adjuster {
public:
    explicit Adjuster(std::vector<Adjustment> list) : list_(std::move(list)), used_(list_.size(), false) {}

    bool empty() const { return list_.empty(); }

    /// Rescores question `q` (read and scored as printed) of a sheet of
    /// worksheet `worksheet` by the entries naming it; an entry that does not
    /// fit the question (a key for a short answer, option 7 of 4) is an error
    /// in `diags`, reported once.
    void question(const std::string& worksheet, const VariantQuestion& vq, QuestionResult& q,
                  Diagnostics& diags);

    /// The bonus points of sheet `sheet` of worksheet `worksheet`.
    double bonus(const std::string& worksheet, const std::string& sheet);

    /// The worksheet's analysis after the entries: each question's max,
    /// right answers and the entries applied.
    void info(WorksheetInfo& ws) const;

    /// Errors for entries no sheet of the run has (an unknown worksheet, a
    /// question number past the worksheet's, a sheet not read), and for an
    /// entry with no worksheet when the run has several.
    void check(const Results& results, Diagnostics& diags) const;

private:
    bool names(const Adjustment& a, const std::string& worksheet, int question) const {
        return (a.worksheet.empty() || a.worksheet == worksheet) && a.question == question;
    }

    std::vector<Adjustment> list_;
    std::vector<bool> used_;
    std::vector<bool> reported_ = std::vector<bool>(list_.size(), false);
};

}  // namespace handout::mark
