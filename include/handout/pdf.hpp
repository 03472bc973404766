// The PDF painter: the only part of handout that knows libharu. Paints a laid-out Document; decides nothing about placement.
#pragma once

#include <stdexcept>
#include <string>

#include "handout/document.hpp"

namespace handout {

/// Error inside libharu, with its error and detail numbers.
class PdfError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Paints `doc` with the face files it names (`doc.fonts`: embedded, subset,
/// with a correct /ToUnicode map), compressed, Producer and Title set, no
/// clock dates, so the same document always gives the same bytes. Returns the
/// PDF file's bytes.
std::string paint_pdf(const Document& doc);

}  // namespace handout
