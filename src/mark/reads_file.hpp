// Private to src/mark: `mark --reads FILE`, the pages as read kept for later
// runs (reads_file.cpp).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/mark.hpp"
#include "mark/catalog.hpp"
#include "mark/read.hpp"

namespace handout::mark {

/// What the pages as read depend on: the scan files (names, sizes,
/// modification times), the worksheets, the roster and the reading options.
std::string reads_fingerprint(const Options& options);

/// The pages as read, with the fingerprint of what they were read from.
std::string save_reads(const std::vector<PageRead>& pages, const std::string& fingerprint);

/// The pages of a reads file, each on its sheet's layout again; nothing when
/// the file is not one, was read from anything else (`fingerprint`), or
/// names a sheet the worksheets no longer have.
std::optional<std::vector<PageRead>> load_reads(std::string_view bytes, const std::string& fingerprint,
                                                Catalog& catalog);

}  // namespace handout::mark
