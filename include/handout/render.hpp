// The whole pipeline behind the commands: load and validate a worksheet with
// its page style and fonts, then lay out and paint variants. The CLI only
// parses options and calls these.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>
#include <optional>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/fonts.hpp"
#include "handout/io.hpp"
#include "handout/layout.hpp"
#include "handout/model.hpp"
#include "handout/roster.hpp"
#include "handout/pdf.hpp"
#include "handout/style.hpp"
#include "handout/variant.hpp"

namespace handout {

/// A worksheet ready to render: validated, with its page style and fonts.
struct Prepared {
    Worksheet worksheet;
    PageStyle style;
    FontSet fonts;
    ImageMap images;  ///< every question image, decoded once
    /// Every file it was made from, with its role in messages: the worksheet,
    /// its template, its images and fonts (see check_outputs).
    std::vector<RolePath> inputs;
    /// The student pages of every variant (fit_page_count; see
    /// LayoutOptions::fit_pages), worked out on first use: `check`, and a
    /// `key` or `mark` search over a folder, never lay out the sample.
    std::size_t fit_pages() const;
    /// The answer sheet's page count for every variant (the most a sample
    /// of seeds needs; see LayoutOptions::fit_answer_pages), on first use.
    std::size_t fit_answer_pages() const;

    /// fit_pages' answer once worked out (shared by copies: same worksheet and style).
    struct FitCache {
        std::once_flag once, answer_once;
        std::size_t pages = 0, answer_pages = 0;
    };
    std::shared_ptr<FitCache> fit_cache = std::make_shared<FitCache>();
};

/// Sets `o`'s page counts from `p` (fit_pages, and fit_answer_pages when
/// `o.answer_sheet`): what every variant of `p` is fitted to. Call after
/// setting `o.answer_sheet`.
void fit_to(const Prepared& p, LayoutOptions& o);

/// Loads `path`, its page style (`template_override` when not empty, else the
/// worksheet's `template:`) from `<data_dir>/templates`, and the style's
/// fonts; checks that the fonts can print every character. With `paper`
/// the style is printed on that paper (on_paper: `--paper`). Appends every
/// diagnostic to `diags`; returns nothing when there are errors. Throws
/// IoError when a file cannot be read (worksheet, template, font).
std::optional<Prepared> prepare(const std::string& path, const std::string& template_override,
                                const std::string& data_dir, Diagnostics& diags,
                                const PaperSize* paper = nullptr);

/// Seeds sampled by fit_page_count: 0 (the master copy) and the shuffled
/// ones a class set of up to 50 copies prints by default (1, 2, …).
inline constexpr std::uint32_t fit_sample_seeds = 51;

/// The page count every variant of `p` is fitted to: the most student pages
/// any sampled seed needs at the tightest planned spacing.
std::size_t fit_page_count(const Prepared& p);

/// Lays out the variant of `seed` into `doc` (appending pages).
void layout_seed(const Prepared& p, std::uint32_t seed, const LayoutOptions& options, Document& doc);

/// A located warning for each formula of `doc` that layout shrank to fit
/// its line (Document::shrunk_formulas), where `ws` writes it (formula_loc).
void warn_shrunk_formulas(const Worksheet& ws, const Document& doc, Diagnostics& diags);

/// warn_shrunk_formulas for the variant of seed 1 laid out (without the
/// page fitting of a class set, which does not change a line's width): what
/// `check` warns about. Nothing for a worksheet without maths.
void check_formula_widths(const Prepared& p, Diagnostics& diags);

/// One sheet of a class set.
struct SheetSpec {
    std::uint32_t seed = 1;
    std::string name;  ///< roster name, printed in the Name field; may be empty
    /// The student's own page style and fonts (a roster's `style` column),
    /// same worksheet and paper size; nullptr: the class set's.
    const Prepared* style = nullptr;
    std::string class_name;  ///< roster class, printed in the Class field; may be empty
};

/// The page styles a roster's `style` column asks for, other than the class
/// set's (`class_set`), each prepared once from the worksheet at `path`,
/// keyed by name. A style that does not exist, prints on another paper size
/// than the class set's, or whose fonts cannot print a student's name, is a
/// located error at the student's style cell (appended to `diags`). With
/// `paper` (the class set's `--paper`) each style is printed on it.
std::map<std::string, Prepared> prepare_roster_styles(const std::string& path, const Prepared& class_set,
                                                      const std::vector<Student>& roster,
                                                      const std::string& data_dir, Diagnostics& diags,
                                                      const PaperSize* paper = nullptr);

/// What write_class_set wrote.
struct ClassSetWritten {
    std::size_t sheet_pages = 0;
    std::size_t key_pages = 0;
};

/// How a class set is laid out.
struct ClassSetOptions {
    bool duplex = false;        ///< each sheet padded to an even page count
    bool with_keys = false;     ///< the keys too
    bool answer_sheet = false;  ///< each sheet with its answer sheet (LayoutOptions::answer_sheet)
    /// One photocopied booklet for the class: the master copy's question
    /// pages once, then an answer sheet per student, all in the master order
    /// (every spec's seed must be 0); answer-sheet page codes end in the
    /// sheet number ("A1-07") so each student's sheet is told apart.
    bool booklet = false;
    unsigned jobs = 1;          ///< layout threads
};

/// Lays out, paints and writes a class set sheet by sheet: the student
/// sheets' PDF to `sheets`, and when `with_keys` the marking pack (grid, then
/// every sheet's key in the same order) to `keys`. Sheets are laid out on
/// `jobs` threads and painted in order as they come, a part of a few dozen
/// at a time, so memory does not grow with the number of sheets; the output
/// does not depend on `jobs`. Each sheet gets a bookmark `07 · Name · CODE`
/// and page labels `07-1`, `07-2`, …; with `duplex` each sheet is padded to
/// an even page count. A sheet with its own page style (SheetSpec::style)
/// prints in it, the same variant; its key in the marking pack keeps the
/// class set's style, and the grid and the key's bookmark name the
/// student's style. `progress(done)` is called from the calling thread as
/// sheets are written (may be empty). Throws what layout or painting throws.
ClassSetWritten write_class_set(const Prepared& p, const std::vector<SheetSpec>& specs,
                                const ClassSetOptions& options, const PdfStreamWriter::Sink& sheets,
                                const PdfStreamWriter::Sink& keys,
                                const std::function<void(std::size_t)>& progress = {});

/// Worksheet files to search for sheet codes: each path that is a file, and
/// the `.yaml`/`.yml` files under each path that is a folder (recursively),
/// in sorted order. Throws IoError for a path that does not exist.
std::vector<std::string> find_worksheet_files(const std::vector<std::string>& paths);

/// The worksheets under some files and folders, each prepared once, found
/// again by the sheet code printed from them: how `key` rebuilds keys and
/// `mark` finds the layout of a scanned page. Files with errors cannot match.
class WorksheetIndex {
public:
    /// Prepares every worksheet of find_worksheet_files(roots) in page style
    /// `template_name` ("" = each worksheet's own), on `paper` (nullptr = the
    /// style's). Throws IoError for a root that does not exist.
    explicit WorksheetIndex(const std::vector<std::string>& roots, const std::string& template_name = "",
                            const PaperSize* paper = nullptr);

    /// What a code finds: the worksheet it was printed from; or else one
    /// whose code it is with a typo (`typo` says which character); or else
    /// one with its id that was edited since (its key would be wrong); or
    /// none of them.
    struct Match {
        std::shared_ptr<const Prepared> printed;
        std::shared_ptr<const Prepared> edited;
        std::shared_ptr<const Prepared> mistyped;
        std::string typo;  ///< typo_in's sentence, with `mistyped`
    };
    Match find(const ParsedCode& code) const;

    /// Every worksheet file searched, as an input (see check_outputs).
    const std::vector<RolePath>& inputs() const { return inputs_; }
    /// The roots, for messages ("worksheets, extra/quiz.yaml").
    const std::string& searched() const { return searched_; }

private:
    std::vector<std::shared_ptr<const Prepared>> worksheets_;
    std::vector<RolePath> inputs_;
    std::string searched_;
};

}  // namespace handout
