// Paper sizes: defined here once, for page styles (`page: A4 | letter`) and
// documents alike.
#pragma once

namespace handout {

/// A sheet of paper in portrait, in PDF points (1/72 inch).
struct PaperSize {
    const char* name;  ///< as written in a page style's `page:` (any letter case)
    double width;
    double height;
};

/// ISO A4, 210 × 297 mm.
inline constexpr PaperSize paper_a4{"A4", 595.28, 841.89};
/// US Letter, 8.5 × 11 in.
inline constexpr PaperSize paper_letter{"letter", 612, 792};
/// Every size a page style can name.
inline constexpr PaperSize paper_sizes[] = {paper_a4, paper_letter};

}  // namespace handout
