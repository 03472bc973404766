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
#include "handout/sheet_geometry.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

/// One printed sheet's machine-read pages, as laid out.
struct SheetLayout {
    std::shared_ptr<const Prepared> prepared;
    Variant variant;
    std::string key;   ///< the sheet's identity: its code, plus "/07" for a booklet copy
    std::string copy;  ///< a booklet copy's number ("07"), else ""
    /// Each page that carries a page code, in print order: its id ("1", "A1", "A1-07") and geometry.
    std::vector<std::pair<std::string, scan::PageGeometry>> pages;

    /// The geometry of page `id`, or null.
    const scan::PageGeometry* page(const std::string& id) const;
    /// The question of source index `source_index` (1-based), or null.
    const VariantQuestion* question(int source_index) const;
};

/// The sheet of a page code, or why there is none.
struct Found {
    const SheetLayout* sheet = nullptr;
    std::string reason;
};

class Catalog {
public:
    /// Loads every worksheet under `roots` with page style `template_name`
    /// ("" = each worksheet's own). Files with errors cannot match a code;
    /// their diagnostics are kept for the "unknown sheet" explanation.
    Catalog(const std::vector<std::string>& roots, const std::string& template_name,
            const PaperSize* paper = nullptr);

    /// The sheet that printed `code` (laid out on first use; thread-safe).
    Found find(const scan::PageCode& code);

    /// Where worksheets were searched, for messages ("worksheets/").
    const std::string& searched() const { return index_.searched(); }

private:
    WorksheetIndex index_;
    std::map<std::string, std::unique_ptr<SheetLayout>> sheets_;
    std::mutex mutex_;
};

}  // namespace handout::mark
