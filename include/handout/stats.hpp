// `handout stats RESPONSES.csv…`: the item analysis of several classes taken
// together. Each responses.csv (as `handout mark` writes it) is one class;
// its sheets are laid back onto their worksheets (found by the sheet code's
// fingerprint, as `mark` finds them) to turn the printed letters into the
// worksheet's own options. A question is known by its content (a hash of its
// type, prompt and options), not its number, so a question reused in another
// worksheet keeps its history. See docs/marking.md, `handout stats`.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/model.hpp"
#include "handout/render.hpp"

namespace handout::mark {

/// A question's identity across worksheets: `q-` and 12 hex digits of a
/// 64-bit FNV-1a hash of its type, prompt (markup removed) and options (or
/// true/false), as written in the worksheet (before any vars are drawn).
std::string question_id(const Question& q);

/// One question in one class (or in all of them).
struct ClassFigures {
    std::string label;       ///< the class ("7b"), "all" for every class together
    std::string where;       ///< the worksheet id and source number(s): "forces:3"; "forces:3 quiz:1" for all
    std::size_t sheets = 0;  ///< sheets fully decided that have the question
    std::size_t right = 0;   ///< of them, with full points
    /// Share right in the top 27 % of totals minus the bottom 27 % (from 6
    /// sheets; totals as a share of each sheet's maximum); nullopt: too few.
    std::optional<double> discrimination;
    std::vector<std::size_t>
        chosen;  ///< choice, multi, truefalse: per option (source order), how often chosen
};

/// One question and its figures.
struct QuestionStats {
    std::string id;  ///< question_id
    std::string type, prompt;
    std::vector<std::string> options;   ///< choice, multi: the option texts; truefalse: True, False
    std::vector<std::string> key;       ///< the right options as the marked sheets give them ("2"; "T")
    std::vector<ClassFigures> classes;  ///< in the order the classes were given; only those that have it
    ClassFigures all;
};

/// Every class's sheets: the classes in the order given, the questions in
/// the order first met (the first class's worksheet's source order first).
struct Stats {
    std::vector<std::string> classes;  ///< labels
    std::vector<std::size_t> sheets;   ///< per class, sheets fully decided
    std::vector<QuestionStats> questions;
    /// Per class, each decided sheet's total as a share of its maximum (for a histogram).
    std::vector<std::vector<double>> totals;
    std::shared_ptr<const Prepared> fonts;  ///< the first worksheet met (its fonts draw the PDF)
};

/// A class's label from its file: the file name without `.csv` and without
/// `responses` and the dashes, dots or underscores around it
/// (`7b-responses.csv` → `7b`); the parent folder's name when nothing is left.
std::string class_label(const std::string& path);

/// Reads each responses.csv (`sheet,page,question,printed,marked,correct,
/// points,status`) with the worksheets under `from`. Errors are located
/// (FILE:LINE:COL) in `diags`, and then the result is empty. Throws IoError
/// when a file or worksheet folder cannot be read.
Stats class_stats(const std::vector<std::string>& responses, const std::vector<std::string>& from,
                  Diagnostics& diags);

/// The table: `question,type,class,where,sheets,right,share_right,
/// discrimination,key,chosen,prompt`, a row per question and class, then its
/// `all` row; `chosen` is the count per option in source order, `;`-separated.
std::string stats_csv(const Stats& stats);

/// The same table as aligned text for a terminal.
std::string stats_text(const Stats& stats);

/// The same figures on one A4 page in black and white, in the style of
/// `mark --analysis`: the totals of every class (as a share of the
/// maximum) as a histogram, then per question the share right over all
/// classes as a bar, the discrimination index and the options chosen (the
/// key boxed), and a line of each class's share right. PDF bytes; "" when
/// there is no question.
std::string stats_pdf(const Stats& stats);

}  // namespace handout::mark
