// Private to src/mark: one question's marks in the printed letters of its
// sheet ("marked", the form of responses.csv and of corrections), and the
// same text back to a Response for score(). One form for the scanner, the
// corrections file and the report.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "handout/mark.hpp"
#include "handout/score.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

/// A question as read off its page.
struct Reading {
    std::string marked;
    Status status = Status::blank;
    std::string reason;  ///< why a person must look; empty when the machine decided
};

/// A grid of digit columns (a numeric answer's, the student number's) as
/// read: one character per column (`empty` where no single clear digit is
/// marked), the worst status of a column (multiple or unclear; else
/// blank), and whether every column holds one clear digit.
struct DigitColumns {
    std::string text;
    Status worst = Status::blank;
    bool every_column = true;
};

/// Reads `columns` digit columns from their answer groups (group = column,
/// 1-based; values "column:digit").
DigitColumns read_columns(const std::vector<scan::Answer>& groups, int columns, char empty);

/// Reads question `vq` from its answer groups on a page (scan::summarize's,
/// only this question's, in geometry order).
Reading read_question(const VariantQuestion& vq, const std::vector<scan::Answer>& groups);

/// The correct answer in the form of `marked`; for a question a teacher
/// marks, its full points.
std::string correct_of(const VariantQuestion& vq);

/// `marked` (status ok or blank) back to what the student answered; nullopt
/// with `error` when the text is not an answer to this question on this sheet.
std::optional<Response> response_of(const VariantQuestion& vq, const std::string& marked, std::string& error);

/// choice, multi: the source options of `r` (1-based, as text); truefalse:
/// "T" or "F": what the item analysis counts.
std::vector<std::string> chosen_of(const VariantQuestion& vq, const Response& r);

}  // namespace handout::mark
