// Layout: turns a variant into a Document (document.hpp): pages of
// positioned items (text runs, rules, bubbles, boxes), each tagged with its
// role. Dumpable as stable text for golden tests; the PDF painter only paints
// what is there.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <optional>
#include <memory>
#include <string>
#include <vector>

#include "handout/document.hpp"
#include "handout/fonts.hpp"
#include "handout/image.hpp"
#include "handout/io.hpp"
#include "handout/sheet_geometry.hpp"
#include "handout/style.hpp"
#include "handout/variant.hpp"

namespace handout {

/// Which parts of a variant to lay out.
enum class KeyMode { on, off, only };

/// Decoded images by resolved path (Question::image).
using ImageMap = std::map<std::string, std::shared_ptr<const GrayImage>>;

struct LayoutOptions {
    KeyMode key = KeyMode::on;
    bool duplex = false;       ///< the key starts on a new sheet of paper
    std::string student_name;  ///< printed in the Name field (shrunk, then wrapped, to fit) and every footer when not empty
    /// Printed in the worksheet's Class field (a field headed `Class`,
    /// `Form`, `Klasse` …), or in a Class field added after the first, when not empty.
    std::string student_class;
    std::string bookmark;      ///< bookmark of the student pages (default: name · code)
    const ImageMap* images = nullptr;  ///< the worksheet's images; a question's image is skipped when absent
    /// When not 0, the student pages should fit this many pages: the space
    /// between questions and options tightens (down to 20 %) until they do.
    std::size_t fit_pages = 0;
    /// Student pages carry corner marks and a QR page code, for `handout
    /// mark` (off for question pages that go with a separate answer sheet).
    bool page_marks = true;
    /// After the question pages, an answer sheet (one page, two if needed)
    /// with every question's bubbles and teacher boxes, the name field, the
    /// student-number grid and the marks; the question pages then carry no
    /// page code, corner marks or teacher boxes.
    bool answer_sheet = false;
    /// With `answer_sheet`: when not 0, the answer sheet's page count; one
    /// that takes fewer pages gets blank ones after it (with their page
    /// codes), so that every copy of a class set has as many pages.
    std::size_t fit_answer_pages = 0;
    /// Off: only the answer sheet (and the key as `key` says), for the
    /// answer sheets of a photocopied booklet.
    bool question_pages = true;
    /// A booklet copy's sheet number ("07"): its answer-sheet page codes
    /// read "A1-07" and its footer "Answer sheet 07".
    std::string copy;
};

/// One row of a marking grid: a sheet and the answer to each question as
/// printed on it.
struct GridRow {
    std::string number;  ///< sheet number, e.g. "07"
    std::string name;    ///< student name, may be empty
    std::string code;    ///< sheet code
    std::vector<std::string> answers;  ///< by printed question number
};

/// The rows of a marking grid, each packed (its texts one after the other,
/// each behind its length) into a temporary file (SpillStore) until the
/// grid is laid out: 16 bytes of memory a sheet, so that the grid of a class
/// set of any size holds little. Copies share the file.
class GridRows {
public:
    explicit GridRows(std::size_t count = 0) : store_(std::make_shared<SpillStore>()), spans_(count) {}
    std::size_t size() const { return spans_.size(); }
    bool empty() const { return spans_.empty(); }
    /// Row `i`, read back and unpacked.
    GridRow operator[](std::size_t i) const;
    /// Sets row `i`; rows may be set from several threads for different `i`.
    void set(std::size_t i, const GridRow& row);
    void push_back(const GridRow& row);

private:
    std::shared_ptr<SpillStore> store_;
    std::vector<SpillStore::Span> spans_;
};

/// The marking grid that opens a marking pack.
struct MarkingGrid {
    std::string title;                 ///< worksheet title
    GridRows rows;
    std::vector<std::string> summary;  ///< one line per question: where its answer falls
    /// Points of each question number (`2`, `1½`), "" where variants put
    /// questions of different points at that number: then each of its
    /// cells ends with its own points (`B (2)`).
    std::vector<std::string> points;
    std::string total;                 ///< the worksheet's total points (`20`)
    Labels labels;                     ///< the worksheet's, for the grid's headings and cells
    /// The worksheet's pages read right to left (Worksheet::right_to_left):
    /// so do the grid's, mirrored as they are (the number column at the right).
    bool right_to_left = false;
};

/// Builds the marking grid of a class set sheet by sheet, keeping one row
/// per sheet rather than its variant (so a set of any size holds little).
class MarkingGridBuilder {
public:
    /// `labels`: the worksheet's (resolve_labels), for the headings and
    /// the True/False cells.
    MarkingGridBuilder(const Worksheet& ws, std::size_t sheets, Labels labels);
    /// Sheet `i`'s row: variant `v` of the worksheet, for `name` (may be
    /// empty). Rows may be set in any order, from several threads for
    /// different `i`; each once.
    void set(std::size_t i, const Variant& v, const std::string& name);
    /// The grid, once every row is set.
    MarkingGrid finish() &&;

private:
    const Worksheet& ws_;
    Labels labels_;
    bool option_f_;
    /// Each row packed with its cells' points after its answers (answers
    /// first, then one points text per answer); see finish.
    GridRows rows_;
    /// What the summary and the points row need, gathered as rows are set:
    /// counts[question number][answer] of the letters students pick, and
    /// the points each question number has on some sheet.
    std::mutex mutex_;
    std::vector<std::map<std::string, int>> counts_;
    std::vector<std::set<Points>> points_;
};

/// Lays out the grid on as many pages as it needs, header row repeated on
/// each, questions split into column groups when they do not fit the width,
/// and the summary after it; appends to `doc`.
void layout_marking_grid(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts,
                         Document& doc);

/// The same, handed to `sink` `chunk` pages at a time (each a Document of
/// the grid's size, fonts and title; the first with the bookmark), so that
/// the grid of a class set of any size is never held whole.
void layout_marking_grid(const MarkingGrid& grid, const PageStyle& style, const FontSet& fonts, std::size_t chunk,
                         const std::function<void(Document&&)>& sink);

/// One question of a feedback slip, as the student's scanned sheet reads.
struct SlipAnswer {
    /// As printed on the sheet: "B", "A;C", "T", "C;A;-" (match rows),
    /// "2;4;1;3" (order), "9.81", a teacher box's points; "" = not answered.
    std::string marked;
    std::optional<double> points;  ///< earned; nullopt while a person has to decide
    std::optional<Points>
        max;           ///< its points after an adjustment (`mark --adjust`); nullopt: the worksheet's
    std::string note;  ///< why it was scored otherwise than printed (`mark --adjust`), or ""
};

/// A student's feedback slip (`handout mark --slips`): the key of their
/// variant with their own answers and points beside it.
struct Slip {
    const Variant* variant = nullptr;
    std::string name;   ///< may be empty
    std::string sheet;  ///< the sheet code, as results.csv writes it
    std::map<int, SlipAnswer> answers;  ///< by source index (1-based)
    std::optional<Points> max;  ///< the total after adjustments (`mark --adjust`); nullopt: the worksheet's
    double bonus = 0;           ///< bonus points (`mark --adjust`), counted in the score
};

/// Lays out `slips` one after another, each in one piece (moved to the next
/// page when it does not fit what is left), a thin rule to cut along between
/// them, `page n of m` footers and a bookmark per slip; appends to `doc`.
/// Per question: the student's answer and the points it earned, the right
/// answer unless it earned them all, the explanation when the worksheet
/// prints them in its key.
void layout_slips(const std::vector<Slip>& slips, const PageStyle& style, const FontSet& fonts, Document& doc);

/// How many student pages `variant` takes at the tightest spacing a
/// worksheet's page count is planned with (LayoutOptions::fit_pages is the
/// most of these over a sample of seeds).
std::size_t fewest_student_pages(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                                 const LayoutOptions& options);

/// How many pages the answer sheet of `variant` takes (see
/// LayoutOptions::fit_answer_pages: the most of these over a sample of seeds).
std::size_t answer_sheet_pages(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                               const LayoutOptions& options);

/// Student pages and/or key pages of one variant, appended to `doc`.
/// Page footers read `page n of m` counted within the student part and
/// within the key part.
void layout_variant(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                    const LayoutOptions& options, Document& doc);

/// Words and line breaks: splits UTF-8 `text` into lines no wider than
/// `width` at `size` in `font`, breaking at spaces, between the characters
/// of Chinese and Japanese text where UAX #14 allows (line_breaks_in_word), and
/// inside a word otherwise only when the word alone is wider than a line.
std::vector<std::string> wrap_text(const std::string& text, const FontSet& fonts, FontStyle font,
                                   double size, double width);

/// A page's code (from its QR symbol's tag) and the symbol's square.
struct PageCodeOf {
    scan::PageCode code;
    scan::Rect qr;
};

/// The page code printed on `page`; nullopt for a page without one (keys,
/// question pages of an answer-sheet set).
std::optional<PageCodeOf> page_code_of(const Page& page);

/// The machine-readable geometry of page `index` of `doc`, read off its
/// tagged items (bubbles, tick boxes, teacher boxes, digit and student-number
/// grids): what the scan reader registers and judges; nullopt for a page
/// without a page code.
std::optional<scan::PageGeometry> page_geometry(const Document& doc, std::size_t index);

/// The layout tag of a page of `width` × `height` points (PageCode::layout):
/// five characters from a hash of every target and write-in box on it (kind,
/// question, value, outline to a hundredth of a point) and the paper size.
/// Whatever moves, adds or removes a mark a machine reads changes it: the
/// title, a subtitle, the page style, the paper, the fonts.
std::string layout_tag(const Page& page, double width, double height);

/// Every machine-readable page's geometry as JSON (docs/layout-json.md).
std::string layout_json(const Document& doc);

/// Stable, human-diffable text form of a document for golden tests (two
/// decimals, one item per line).
std::string dump(const Document& doc);

}  // namespace handout
