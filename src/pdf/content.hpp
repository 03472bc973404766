// A page's content operators, written by handout into its own buffer rather
// than through libharu's HPDF_Page_* functions. Those format every operator
// in a 512-byte stack buffer that they first clear byte by byte, measure the
// width of every text they show (a glyph lookup per character) and append to
// a chunked stream: on a class set that was a third of the painter's time.
// The bytes are the ones libharu 2.3.0 writes (its own number formatter,
// HPDF_FToA, writes the numbers; text is written as libharu's UTF-8 encoder
// writes it, four upper-case hex digits per code point), so output is unchanged; the
// painter keeps libharu's page state in step, so the libharu calls it still
// makes (fonts, pictures, text the fast path declines) see what they expect.
// Private to src/pdf.
#pragma once

#include <hpdf.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace handout::pdf {

/// Operators of one page's content, in order.
class Content {
public:
    /// Appends `value` as libharu writes a real: float precision, at most five
    /// decimals, no trailing zeros.
    void number(HPDF_REAL value);

    /// Appends two numbers and an operator, as "x y op\n".
    void pair(HPDF_REAL x, HPDF_REAL y, std::string_view op);

    /// Appends `text` (operators and the "\n" after them) as it is.
    void raw(std::string_view text) { bytes_ += text; }

    /// Appends `utf8` as a hex string of 2-byte code points ("<0041>") and
    /// returns true, when that is exactly what libharu would write for it and
    /// it certainly has a width (libharu writes nothing for a text of zero
    /// width): valid UTF-8 of the Basic Multilingual Plane with at least one
    /// printable ASCII character. Otherwise appends nothing and returns false.
    bool hex_text(std::string_view utf8);

    /// The operators so far; `clear` empties the buffer once they are handed
    /// on, `clear_from` takes back what was appended after `size` bytes.
    const std::string& bytes() const { return bytes_; }
    void clear() { bytes_.clear(); }
    void clear_from(std::size_t size) { bytes_.resize(size); }

private:
    std::string bytes_;
};

/// Writes `value` as a PDF number: up to five decimals (as libharu writes
/// its reals), no trailing zeros, "0" rather than "-0"; from a double, for
/// the bubble placements (which libharu never wrote).
void append_number(std::string& out, double value);

}  // namespace handout::pdf
