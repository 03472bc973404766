// A page's content operators, written by handout into its own buffer rather
// than through libharu's HPDF_Page_* functions. Those format every operator
// in a 512-byte stack buffer that they first clear byte by byte, measure the
// width of every text they show (a glyph lookup per character) and append to
// a chunked stream: on a class set that was a third of the painter's time.
// The bytes are the ones libharu 2.3.0 writes (numbers with its HPDF_FToA
// arithmetic, by write_real; text as libharu's UTF-8 encoder writes it, four
// upper-case hex digits per code point), so output is unchanged. The
// operators themselves are pdf/operators.hpp's; this file holds the bytes
// they are made of, and the compression of a finished page. Private to
// src/pdf.
#pragma once

#include <hpdf.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace handout::pdf {

/// Converts a length or coordinate to libharu's float type.
inline HPDF_REAL real(double value) { return static_cast<HPDF_REAL>(value); }

/// Writes `value` at `out` as libharu writes a real (HPDF_FToA, with the
/// same float arithmetic, so the same characters): clamped to ±32767, at
/// most five decimals, no trailing zeros, no point without decimals (and so
/// "-0" for a tiny negative). Writes at most 12 bytes; returns the end.
char* write_real(char* out, HPDF_REAL value);

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
    /// returns true, when that is exactly what libharu would write for it:
    /// valid UTF-8 of the Basic Multilingual Plane. With `require_ascii`,
    /// only when it also holds a printable ASCII character, so certainly has
    /// a width (libharu writes nothing for a text of zero width). Otherwise
    /// appends nothing and returns false.
    bool hex_text(std::string_view utf8, bool require_ascii = true);

    /// Appends the 2-byte code `code` as a hex string ("<0041>").
    void hex_code(std::uint16_t code);

    /// Appends `utf8` as a PDF text string: UTF-16BE with a byte-order mark,
    /// in hex ("<FEFF0041>"); invalid bytes as U+FFFD.
    void text_string(std::string_view utf8);

    /// The operators so far; `clear` empties the buffer once they are handed
    /// on, `clear_from` takes back what was appended after `size` bytes.
    const std::string& bytes() const { return bytes_; }
    /// The buffer itself, to append to (append_number, say).
    std::string& buffer() { return bytes_; }
    void clear() { bytes_.clear(); }
    void clear_from(std::size_t size) { bytes_.resize(size); }

private:
    std::string bytes_;
};

/// The libdeflate level of page content, chosen by measurement on the 2,021
/// pages of 1,000 copies of split-the-work.yaml with keys, against zlib's
/// level 3 (used before): libdeflate level 1 −80 % time for +3 % bytes,
/// 2 −65 % / −6 %, 3 −58 % / −10 %, 4 −55 % / −12 %, 6 −24 % / −17 %.
/// Level 4 is where more bytes stop buying time.
inline constexpr int content_level = 4;

/// `raw` deflated by libdeflate at `level` (1–12): a zlib stream, as a
/// /FlateDecode filter reads it. Several times faster than zlib, and smaller.
std::string pack(std::string_view raw, int level);

/// `raw` deflated by zlib at `level` (a zlib stream); the bubble forms, as
/// libharu deflates its own streams (zlib's default level).
std::string deflate(std::string_view raw, int level);

/// The path of a bubble of radius `r` around the origin, as libharu's
/// HPDF_Page_Circle draws it: four quarter arcs from the leftmost point,
/// control points at kappa 0.552 of the radius, stroked.
std::string bubble_path(double r);

/// Writes `value` as a PDF number: up to five decimals (as libharu writes
/// its reals), no trailing zeros, "0" rather than "-0"; from a double, for
/// the bubble placements (which libharu never wrote).
void append_number(std::string& out, double value);

/// The /ToUnicode CMap for 2-byte codes: every code U+hh00…U+hhFF maps to
/// itself, for every high byte hh except the UTF-16 surrogates D8–DF (no
/// character has those code points); when `glyphs` holds any, the glyph
/// codes (document.hpp) map only to the text it gives them. bfrange and
/// bfchar blocks hold at most 100 lines, as the CMap specification requires.
std::string to_unicode_cmap(const std::map<char32_t, std::string>& glyphs);

/// `name` as a PDF name: a slash, then its bytes, those a name may not
/// hold as they are written #xx (as qpdf writes them).
std::string name_text(std::string_view name);

/// `text` as a PDF string, as qpdf unparses one: literal, with escapes,
/// unless it holds a control character or is mostly past ASCII, then in hex.
std::string string_text(std::string_view text);

}  // namespace handout::pdf
