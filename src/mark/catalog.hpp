// Private to src/mark: the worksheets a run may meet, and the layout of any
// printed sheet recomputed from its code, the same way the PDF was laid out
// (layout_seed / layout_class_set options), read off the Document with
// page_geometry.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/sheet_geometry.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

/// One printed sheet's machine-read pages, as laid out.
struct SheetLayout {
    std::shared_ptr<const Prepared> prepared;
    Variant variant;
    std::string key;    ///< the sheet's identity: its code, plus "/07" for a booklet copy
    std::string copy;   ///< a booklet copy's number ("07"), else ""
    std::string style;  ///< the page style it was laid out in when not the class set's, else ""
    std::shared_ptr<const Prepared> styled;  ///< the worksheet in that style (`prepared` when "")
    /// Each page that carries a page code, in print order: its id ("1", "A1", "A1-07") and geometry.
    std::vector<std::pair<std::string, scan::PageGeometry>> pages;
    /// The layout tag of each of those pages, by page id (PageCode::layout).
    std::map<std::string, std::string> layout_tags;

    /// The geometry of page `id`, or null.
    const scan::PageGeometry* page(const std::string& id) const;
    /// The question of source index `source_index` (1-based), or null.
    const VariantQuestion* question(int source_index) const;
};

/// The sheet of a page code, or why there is none.
struct Found {
    const SheetLayout* sheet = nullptr;
    std::string reason;
    /// The sheet is known but has no such page in the page style asked for:
    /// another style may have printed it.
    bool other_style = false;
};

class Catalog {
public:
    /// Loads every worksheet under `roots` with page style `template_name`
    /// ("" = each worksheet's own): the class set's style. Files with errors
    /// cannot match a code; their diagnostics are kept for the "unknown
    /// sheet" explanation. `roster` (may be empty) gives the page style of
    /// each student's sheet (its `style`/`needs` column), as batch printed it.
    Catalog(const std::vector<std::string>& roots, const std::string& template_name,
            const PaperSize* paper = nullptr, std::vector<Student> roster = {});

    /// The page styles that may have printed `code`, most likely first: the
    /// roster's style for its student (when it has one), the class set's
    /// (""), then every other page style there is (a roster not passed, a
    /// sheet printed with another --template).
    std::vector<std::string> styles(const scan::PageCode& code) const;

    /// The sheet that printed `code`, laid out in page style `style` ("" =
    /// the class set's) on first use; thread-safe.
    Found find(const scan::PageCode& code, const std::string& style = "");

    /// Where worksheets were searched, for messages ("worksheets/").
    const std::string& searched() const { return index_.searched(); }

private:
    /// The worksheet `match` prepared in page style `style` ("" = as matched).
    std::shared_ptr<const Prepared> in_style(const std::shared_ptr<const Prepared>& match,
                                             const std::string& style);

    WorksheetIndex index_;
    const PaperSize* paper_;
    std::vector<Student> roster_;
    std::vector<std::string> all_styles_;  ///< every page style's name, sorted
    std::map<std::string, std::unique_ptr<SheetLayout>> sheets_;
    std::map<std::string, std::shared_ptr<const Prepared>> styled_;  ///< file + "|" + style → prepared
    std::mutex mutex_;
};

}  // namespace handout::mark
