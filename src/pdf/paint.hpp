// What the PDF painter shares with the class-set writer (src/pdf/stream.cpp);
// not part of the public interface.
#pragma once

#include <hpdf.h>

#include <array>
#include <bit>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "handout/document.hpp"
#include "handout/text.hpp"

namespace handout::pdf {

/// How the painter writes fonts and text: its own operators, the bytes
/// libharu would write (pdf/content.hpp), or each through libharu's
/// HPDF_Page_SetFontAndSize and HPDF_Page_TextOut. Tests prove the two equal.
enum class TextOperators { own, libharu };

/// paint_pdf, optionally without embedding the fonts (the class-set writer
/// paints its parts so and embeds one set of fonts for the whole file).
std::string paint(const Document& doc, bool embed_fonts, TextOperators text = TextOperators::own);

class PdfDocument;

/// Paints `doc` into `pdf` (which must be new) and returns its pages.
std::vector<HPDF_Page> paint_pages(const PdfDocument& pdf, const Document& doc, bool embed_fonts,
                                   TextOperators text);

/// Paints `doc` into `pdf` (which must be new) and saves it there, so that
/// every object of it is finished (fonts, width tables, filters) and can be
/// read back through HaruObject (pdf/libharu.hpp); returns its pages.
std::vector<HPDF_Page> paint_and_save(const PdfDocument& pdf, const Document& doc, bool embed_fonts);

/// The characters printed in one face: a bitmap of U+0000–U+FFFF (nearly
/// all a document holds; adding to it allocates nothing) and a set of the rest.
class PrintedChars {
public:
    bool empty() const { return !any_ && others_.empty(); }

    void add(char32_t cp) {
        any_ = true;
        if (cp < 0x10000)
            bmp_[cp / 64] |= std::uint64_t{1} << (cp % 64);
        else
            others_.insert(cp);
    }

    /// Adds the characters to `out`.
    void add_to(std::set<char32_t>& out) const {
        for (std::size_t word = 0; word < bmp_.size(); ++word)
            for (std::uint64_t bits = bmp_[word]; bits != 0; bits &= bits - 1)
                out.insert(static_cast<char32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
        out.insert(others_.begin(), others_.end());
    }

private:
    std::array<std::uint64_t, 0x10000 / 64> bmp_{};
    std::set<char32_t> others_;
    bool any_ = false;
};

/// Calls `add(slot, code)` for each code `run` shows in a font: its glyphs'
/// codes in their slots, or its text's characters in its own (`scratch`
/// holds the decoded text; invalid bytes end it).
template <typename Add>
void each_shown_code(const TextRun& run, std::u32string& scratch, Add add) {
    if (!run.glyphs.empty()) {
        for (const Glyph& g : run.glyphs) add(g.font, g.code);
        return;
    }
    scratch.clear();
    decode_utf8(run.text, scratch);
    for (const char32_t cp : scratch) add(run.font, cp);
}

/// Throws PdfError unless `label` starts on one of the `page_count` pages
/// and its prefix is printable ASCII without parentheses (a PDF string as
/// the painter and the class-set writer write it).
void check_page_label(const PageLabel& label, std::size_t page_count);

}  // namespace handout::pdf
