// Private to src/mark: every page of the scans read on `jobs` threads, in
// scan order whatever the threads do.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "handout/mark.hpp"
#include "mark/catalog.hpp"

namespace handout::mark {

/// One scanned page as read.
struct PageRead {
    std::string source;
    int index = 0;
    std::string reason;                 ///< why it was not read; empty when it was
    scan::PageCode code;                ///< when the QR code was decoded
    const SheetLayout* sheet = nullptr; ///< when its sheet is known
    std::vector<scan::Answer> answers;  ///< scan::summarize's groups
    std::map<int, std::string> crops;   ///< question (0: the student number) → PNG of its marks, when not clear-cut
    std::string thumbnail;              ///< PNG of the whole page, when it was not read
    bool blank = false;                 ///< no page code and blank paper (a duplex back): nothing to read

    bool ok() const { return reason.empty(); }
};

/// Whether a page is blank paper but for a line of footer at its top or
/// bottom edge: the back of a duplex sheet.
bool blank_page(const scan::Raster& raster);

/// Reads every page of every scan in `options.scans`.
std::vector<PageRead> read_pages(const Options& options, Catalog& catalog);

}  // namespace handout::mark
