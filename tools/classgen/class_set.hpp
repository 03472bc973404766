// classgen: the class set as `handout batch --roster … --answer-sheet` laid it
// out, sheet by sheet, so that each page of the printed PDF is known with its
// student, its page code and its geometry (the same layout the PDF was
// painted from: each student's own page style, name and class).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/scan.hpp"
#include "handout/variant.hpp"

namespace classgen {

/// What the class set was printed with (the options given to `batch`).
struct ClassSpec {
    std::string worksheet;      ///< the worksheet file
    std::string roster;         ///< the roster CSV
    std::string template_name;  ///< `--template`, "" for the worksheet's own
    bool answer_sheet = true;   ///< `--answer-sheet`
    bool duplex = false;        ///< `--duplex`
};

/// One student's sheet.
struct Sheet {
    handout::Student student;
    std::string style;  ///< the page style it printed in ("" for the class set's)
    handout::Variant variant;
};

/// One page of the printed PDF.
struct PrintedPage {
    std::size_t sheet = 0;  ///< index into ClassSet::sheets
    std::string page_id;    ///< its page code's page ("A1", "2"); empty for a page without a code
    std::optional<handout::scan::PageGeometry> geometry;  ///< for a page with a code
};

/// The class set, laid out again.
struct ClassSet {
    std::shared_ptr<const handout::Prepared> prepared;
    std::vector<Sheet> sheets;
    std::vector<PrintedPage> pages;  ///< in PDF order

    /// The sheet's question of source index `source_index`, or null.
    const handout::VariantQuestion* question(std::size_t sheet, int source_index) const;
};

/// Lays the class set of `spec` out as batch does. Throws std::runtime_error
/// (with the diagnostics) when the worksheet, its styles or the roster have errors.
ClassSet lay_out_class(const ClassSpec& spec);

}  // namespace classgen
