// The whole pipeline behind the commands: load and validate a worksheet with
// its page style and fonts, then lay out and paint variants. The CLI only
// parses options and calls these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/fonts.hpp"
#include "handout/layout.hpp"
#include "handout/model.hpp"
#include "handout/style.hpp"

namespace handout {

/// A worksheet ready to render: validated, with its page style and fonts.
struct Prepared {
    Worksheet worksheet;
    PageStyle style;
    FontSet fonts;
};

/// Loads `path`, its page style (`template_override` when not empty, else the
/// worksheet's `template:`) from `<data_dir>/templates`, and the style's
/// fonts; checks that the fonts can print every character. Appends every
/// diagnostic to `diags`; returns nothing when there are errors. Throws
/// IoError when a file cannot be read (worksheet, template, font).
std::optional<Prepared> prepare(const std::string& path, const std::string& template_override,
                                const std::string& data_dir, Diagnostics& diags);

/// Lays out the variant of `seed` into `doc` (appending pages).
void layout_seed(const Prepared& p, std::uint32_t seed, const LayoutOptions& options, Document& doc);

/// Lays out and paints one variant; returns the PDF bytes.
std::string render_pdf(const Prepared& p, std::uint32_t seed, const LayoutOptions& options);

}  // namespace handout
