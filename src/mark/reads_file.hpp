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

/// The pages read from one scan argument (a file or a folder), with the
/// stamp of its files (names, sizes, modification times).
struct ScanReads {
    std::string path;
    std::string stamp;
    std::vector<PageRead> pages;
};

/// A reads file: what the reading depended on besides the scans
/// (`context`: the worksheets, roster and options), then each scan's pages.
std::string save_reads(const std::vector<ScanReads>& scans, const std::string& context);

/// The scans of a reads file, each page on its sheet's layout again; nothing
/// when the file is not one, was read with another context, or names a
/// sheet the worksheets no longer have.
std::optional<std::vector<ScanReads>> load_reads(std::string_view bytes, const std::string& context,
                                                 Catalog& catalog);

/// The pages of `options.scans` with `options.reads`: an unchanged scan
/// from the file, a new or changed one read; the file's scans not given
/// now are kept (added to). A page read again in a later scan replaces the
/// earlier one. `bytes` gets the file's new contents when anything was read
/// (`reused` is false), else stays empty.
std::vector<PageRead> pages_with_reads(const Options& options, Catalog& catalog, std::string& bytes,
                                       bool& reused);

}  // namespace handout::mark
