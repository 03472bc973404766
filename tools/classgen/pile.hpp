// classgen: the class's pile as it reaches the scanner — the answer pages
// marked by their students and the teacher, shuffled, one upside down, one
// student's page missing, a blank duplex back among them — and that pile
// through a copier (gray), a black-and-white copier (1-bit) and a phone.
#pragma once

#include <cstdint>
#include <string>

#include "class_set.hpp"

namespace classgen {

/// How the pile is made.
struct PileOptions {
    std::string class_pdf;    ///< the class set `handout batch` printed
    std::string out_dir;      ///< where the piles and the truth go
    std::uint64_t seed = 1;   ///< every random choice comes from it
    double dpi = 200;         ///< the copiers' resolution (150–300)
    double master_dpi = 300;  ///< pages are rendered and marked at this resolution
    bool pens_only = false;   ///< a class that uses pens (else a mix of habits)
    bool phone = true;        ///< also photograph the pile
    int previews = 0;         ///< write PNGs of this many marked pages (70 dpi) to look at
};

/// Writes out_dir/copier.pdf, bw.pdf, phone/IMG_NNNN.jpg (with `phone`),
/// truth.csv (one row per question of each sheet handed in: sheet, name,
/// page style, habit, page, question, printed, marked, mark style,
/// ambiguous) and pile.csv (each scanned page in pile order with its
/// event, then the missing page). Throws std::runtime_error when the PDF is
/// not the class set laid out again, or a file cannot be written.
void make_pile(const ClassSet& set, const PileOptions& options);

}  // namespace classgen
