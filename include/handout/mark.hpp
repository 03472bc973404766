// `handout mark`: a pile of scanned sheets back to scores. Every page is
// identified by its QR code, its layout recomputed from the worksheet and
// the sheet code (the same Document the PDF was painted from), read by the
// scan engine (scan.hpp), then every question is scored by the worksheet's
// own rules (score.hpp). Nothing is guessed: a page, mark or question the
// machine cannot decide is listed for a person, with the reason and a picture.
// See docs/marking.md for the outputs, which are a contract.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/paper.hpp"
#include "handout/points.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/scan.hpp"

namespace handout::mark {

/// What `handout mark` reads.
struct Options {
    std::vector<std::string> scans;      ///< PDF, PNG, JPEG, TIFF files or folders of them
    std::vector<std::string> from;       ///< worksheet files or folders (default: worksheets/)
    std::string template_name;           ///< the page style the sheets were printed with ("" = the worksheet's)
    const PaperSize* paper = nullptr;    ///< the paper they were printed on (`--paper`; nullptr = the style's)
    std::string roster;                  ///< the class roster the batch was printed from ("" = none)
    std::vector<std::string> roster_name_columns;  ///< `--name-columns`, as given to batch
    std::string fixes;                   ///< corrections CSV ("" = none)
    std::string adjust;                  ///< adjust YAML ("" = none): handout/adjust.hpp
    /// `--reads FILE`: the pages as read, kept; when FILE was written from
    /// the same scans, worksheets, roster and options, they are not read
    /// again ("" = always read the scans).
    std::string reads;
    /// The decimal separator of the results that follow the roster (`.` or
    /// `,`); '\0': the roster's (RosterTable::decimal).
    char decimal = '\0';
    unsigned jobs = 1;                   ///< reading threads; the results do not depend on it
    bool crops = true;                   ///< keep pictures of what needs a person (for the report)
    scan::ReadOptions read;
    scan::Thresholds thresholds;
};

/// How one question of one sheet reads (responses.csv's `status`).
enum class Status { ok, blank, multiple, unclear, unreadable };
std::string_view to_string(Status status) noexcept;

/// One question of one sheet.
struct QuestionResult {
    int question = 0;             ///< 1-based, the worksheet's source order
    int printed = 0;              ///< the number printed on this sheet
    std::string page;             ///< the page it was read on ("1", "A1", "A1-07"; "" when not scanned)
    std::string type;             ///< "choice", "multi", …
    std::string marked;           ///< as printed on the sheet: "B", "A;C", "T", "C;A;-", "9.81", "1.5"
    std::string correct;          ///< the same form; for teacher-marked questions the full points
    Status status = Status::unreadable;
    std::string reason;           ///< why a person must look (empty when ok or blank)
    std::optional<double> points; ///< earned; nullopt when a person must decide
    Points max;                   ///< the question's points
    std::vector<std::string> chosen;  ///< choice/multi/truefalse: source options chosen ("1", "3"; "T")
    bool fixed = false;           ///< set by the corrections file
    std::vector<std::string>
        adjusted;  ///< the adjust-file entries applied to it, as lines ("question: 3, void: reduce")
    std::string crop_png;         ///< a picture of its marks when a person must look (PNG bytes)
    /// What a person may answer to it on this sheet (the review page's
    /// buttons), each in the form of `marked`: choice and multi the printed
    /// letters, truefalse `T` and `F`; match the letters a row may take;
    /// order the places `1`…`n` an item may take; a question the teacher
    /// marks the scores its teacher box offers (`0`, `0.5`, … the full
    /// points); empty for a numeric grid (a number is typed).
    std::vector<std::string> choices;
    std::vector<std::string> choice_texts;  ///< what each choice says (option or right item text), else ""
    std::vector<std::string> rows;          ///< match: the left items; order: the items as printed; else empty
    /// False for a question of a pool that this sheet did not draw (a place
    /// holder keeping `questions` in source order: no points, no maximum,
    /// left out of every count and figure).
    bool drawn = true;
};

/// One student's sheet.
struct SheetResult {
    std::string sheet;       ///< the sheet code; a booklet copy adds its number: "W2-…-0/07"
    std::uint32_t seed = 0;
    std::string name;        ///< from the roster, else the student-number grid, else ""
    std::string student_id;  ///< digits read from the student-number grid ("" when none)
    std::string worksheet;   ///< the worksheet's id
    /// The page style the sheet was printed (and is read and slipped) in
    /// when not the class set's (a roster's large print), with its fonts;
    /// style is "" and styled null for the class set's.
    std::string style;
    std::shared_ptr<const Prepared> styled;
    std::string title;
    std::vector<QuestionResult> questions;  ///< in source order
    std::vector<std::string> pages_read;    ///< page ids read, in print order
    std::vector<std::string> pages_missing; ///< page ids not scanned
    double points = 0;                      ///< earned on the questions decided, with any bonus
    double bonus = 0;                       ///< bonus points of the adjust file, in `points`
    Points max;
    /// False for a roster student none of whose pages was read: a row kept
    /// in its roster place (results.csv status "not scanned"), with no
    /// questions and no slip.
    bool scanned = true;
    int roster_row = -1;  ///< the roster row (0-based, RosterTable::rows) it belongs to; -1: none

    /// Questions a person must decide.
    std::size_t undecided() const;
    /// results.csv's status: "not scanned", "pages missing", "needs a person" or "done".
    std::string_view status() const;
};

/// A page or sheet a person must look at.
struct PageProblem {
    std::string source;  ///< the scan file
    int index = 0;       ///< page within it (0: a whole sheet, e.g. missing pages)
    std::string sheet;   ///< the sheet code when known
    std::string page;    ///< the page id when known
    std::string reason;
    std::string thumbnail_png;  ///< a small picture of the page (PNG bytes), when there is one
};

/// A question as the item analysis shows it.
struct QuestionInfo {
    std::string prompt;                ///< as printed (markup removed)
    std::string type;
    std::vector<std::string> options;  ///< choice, multi: option texts; truefalse: True, False (source order)
    std::vector<std::string>
        correct;  ///< the right ones, as `chosen` names them ("2"; "T"), after adjustments
    Points max;   ///< after adjustments
    std::vector<std::string> adjusted;  ///< the adjust-file entries applied to it, as lines
    std::vector<std::string> tags;      ///< the question's `tags`, as written
};

/// A worksheet met in the scans.
struct WorksheetInfo {
    std::string id, title;
    std::vector<QuestionInfo> questions;  ///< in source order
    std::shared_ptr<const Prepared> prepared;  ///< what its sheets were laid out from (slips)
};

/// One line of the corrections file (`--fix`), as read.
struct Correction {
    std::string sheet;
    int question = 0;
    std::string marked;
};

/// Everything one run read.
struct Results {
    std::vector<WorksheetInfo> worksheets;  ///< of the sheets read, by id
    /// Roster order when a roster is given (every roster student has one,
    /// scanned or not), then by worksheet and sheet code.
    std::vector<SheetResult> sheets;
    std::vector<PageProblem> problems;   ///< in scan order, then sheets' missing pages
    std::size_t pages_scanned = 0;
    std::size_t pages_read = 0;
    std::size_t pages_blank = 0;  ///< blank pages with no page code (duplex backs): nothing to read or review
    std::size_t fixes_applied = 0;
    std::vector<Correction> corrections;  ///< the corrections file's lines in its order (the review page keeps them)
    /// The roster as written, when one was given: results.csv and the
    /// spreadsheet then follow it (its separator, BOM, decimal separator and
    /// name, class and id columns); null without a roster.
    std::shared_ptr<const RosterTable> roster;
    /// Options::reads: the file's new bytes when the scans were read (to be
    /// written), empty when the pages came from it (`reads_reused`).
    std::string reads;
    bool reads_reused = false;

    /// True when some page, question or mark needs a person (exit 4).
    bool needs_review() const;
};

/// Reads every scan and scores every sheet. Worksheet, roster and fix-file
/// errors go to `diags` (then the results are empty); problems with pages
/// and marks are results. Throws IoError when a scan, worksheet folder,
/// roster or fix file cannot be read.
Results mark(const Options& options, Diagnostics& diags);

/// Points as the CSV files and the report write them: at most two decimals,
/// no trailing zeros (`2`, `1.5`, `0.67`).
std::string format_score(double points);

/// results.csv: `sheet,seed,name,points,max,status,Q1,Q2,…` (docs/marking.md);
/// with a roster, in the roster's own format: its name, class and id
/// columns as it writes them, then `sheet,seed,points,max,percent,status,Q1,…`,
/// with its separator, BOM, line ends and decimal separator.
std::string results_csv(const Results& results);

/// `--format xlsx`: results.csv's table as a spreadsheet (numbers as
/// numbers, the percentage as a percentage), and a second sheet of the
/// per-question analysis; .xlsx bytes, the same for the same results.
std::string results_xlsx(const Results& results);

/// `--filled-roster`: a copy of the roster file, every line as written, with
/// `points,max,percent,status,Q1,…,sheet` added to the header and every
/// student's row (empty scores and status "not scanned" for a student with
/// no sheet). Requires results.roster.
std::string filled_roster(const Results& results);

/// `--moodle`: a CSV file for Moodle's grade import ("Import grades: CSV
/// file"): the roster's e-mail (else id number, else username) column, the
/// name columns and one grade column named by the worksheet's title; only
/// students with a decided score. An error in `diags` (and "") when the
/// roster has no such column (docs/markbooks.md).
std::string moodle_csv(const Results& results, Diagnostics& diags);

/// `--canvas`: a CSV file for Canvas's gradebook import: `Student, ID, SIS
/// User ID, SIS Login ID, Section` and one assignment column, after a
/// `Points Possible` row; only students with a decided score. An error in
/// `diags` (and "") when the roster has no id, e-mail or login column.
std::string canvas_csv(const Results& results, Diagnostics& diags);

/// responses.csv: `sheet,page,question,printed,marked,correct,points,status`.
std::string responses_csv(const Results& results);

/// Scores per tag (docs/marking.md, "Scores per tag"): `worksheet,tag,sheet,
/// name,questions,points,max,percent`, a row per fully decided sheet and
/// tag of its worksheet's questions (the questions it drew that carry the
/// tag), then a row `all` per tag with the class's sums; "" when no
/// question has a tag.
std::string tags_csv(const Results& results);

/// Adds the fully decided sheets of `results` to the item history at
/// `path` (made when missing) as class `label`, replacing what an earlier
/// run recorded for that class (docs/marking.md, "Item history"). Returns
/// the number of answers recorded. Throws IoError when the file cannot be
/// opened or written.
std::size_t record_history(const Results& results, const std::string& path, const std::string& label);

/// The self-contained review page: what needs a person, with pictures, and
/// the per-question analysis.
std::string review_html(const Results& results);

/// `--analysis`: a page per worksheet of how the class did: the totals
/// histogram, per question (by section) the share right, the
/// discrimination index and how often each option was chosen; black and
/// white only. PDF bytes; "" when no worksheet was read.
std::string analysis_pdf(const Results& results);

/// `--slips`: a feedback slip per sheet read, in the order of `sheets` (the
/// roster's when given): the student's answers, the right ones and the
/// explanations, in their worksheet's page style (layout_slips); PDF bytes.
std::string slips_pdf(const Results& results);

}  // namespace handout::mark
