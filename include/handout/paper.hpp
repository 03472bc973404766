// Paper sizes: defined here once, for page styles (`page: A4 | A3 | letter`),
// the `--paper` option and documents alike.
#pragma once

#include <string_view>

namespace handout {

/// A sheet of paper in portrait, in PDF points (1/72 inch).
struct PaperSize {
    const char* name;  ///< as written in a page style's `page:` (any letter case)
    double width;
    double height;
};

/// ISO A4, 210 × 297 mm.
inline constexpr PaperSize paper_a4{"A4", 595.28, 841.89};
/// ISO A3, 297 × 420 mm: two A4 pages side by side, enlarged print.
inline constexpr PaperSize paper_a3{"A3", 841.89, 1190.55};
/// US Letter, 8.5 × 11 in.
inline constexpr PaperSize paper_letter{"letter", 612, 792};
/// Every size a page style or `--paper` can name.
inline constexpr PaperSize paper_sizes[] = {paper_a4, paper_a3, paper_letter};

/// The paper called `name` (any letter case), or nullptr.
const PaperSize* find_paper(std::string_view name);

}  // namespace handout
