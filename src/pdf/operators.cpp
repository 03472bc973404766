#include "pdf/operators.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

#include "handout/pdf.hpp"
#include "handout/text.hpp"

namespace handout::pdf {
namespace {

/// libharu drops longer strings silently (HPDF_LIMIT_MAX_STRING_LEN).
constexpr std::size_t max_text_bytes = 65535;

/// Throws PdfError unless every number is finite (libharu would write "nan").
template <typename... Numbers>
void require_finite(std::string_view what, Numbers... numbers) {
    if (!(std::isfinite(numbers) && ...))
        throw PdfError("cannot paint " + std::string(what) + " with a coordinate that is not a number");
}

/// A gray libharu accepts (it refuses others with its own error).
bool valid_gray(double gray) {
    const HPDF_REAL value = static_cast<HPDF_REAL>(gray);
    return value >= 0 && value <= 1;
}

/// A font size libharu accepts.
bool valid_size(double size) {
    const HPDF_REAL value = static_cast<HPDF_REAL>(size);
    return value > 0 && value <= HPDF_MAX_FONTSIZE;
}

/// A name libharu writes as it is (HPDF_Stream_WriteEscapeName escapes others).
bool plain_name(std::string_view name) {
    if (name.empty()) return false;
    for (const char c : name)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

/// Whether `utf8` holds a character written right to left.
bool has_right_to_left(std::string_view utf8) {
    std::u32string chars;
    decode_utf8(utf8, chars);
    return std::any_of(chars.begin(), chars.end(), [](char32_t cp) {
        return first_strong_rtl(std::u32string_view(&cp, 1)).value_or(false);
    });
}

}  // namespace

// A declined item reaches PageResources::decline as a copy (an Item made
// from the run or shape): rare (never what layout makes).

void PageOperators::paint(const Item& item) {
    std::visit([this](const auto& it) { paint_item(it); }, item);
}

void PageOperators::paint_item(const TextRun& run) {
    require_finite("a text run", run.x, run.y, run.size, run.gray);
    if (run.text.size() > max_text_bytes)
        throw PdfError("cannot paint a text run of " + std::to_string(run.text.size()) +
                       " bytes: libharu drops strings over 65535 bytes");
    if (run.text.find('\0') != std::string::npos)
        throw PdfError("cannot paint a text run that contains a NUL byte");
    if (run.text.empty()) return;
    if (!run.glyphs.empty()) return write_glyphs(run);
    const std::size_t mark = content_.bytes().size();
    const PageState before = state_;
    if (own_text_ && write_text(run)) return;
    content_.clear_from(mark);
    state_ = before;
    resources_.decline(*this, Declined::text, run);
}

bool PageOperators::set_font(FontStyle font, double size) {
    const std::string_view name = resources_.font(font);
    begin_text();
    if (name == state_.font && size == state_.font_size) return true;
    if (!valid_size(size) || !plain_name(name)) return false;
    content_.raw("/");
    content_.raw(name);
    content_.raw(" ");
    content_.number(real(size));
    content_.raw(" Tf\n");
    state_.font = name;
    state_.font_size = size;
    return true;
}

/* The glyphs are shown in TJ arrays from one Td at the run's start: after
   each glyph the PDF moves by its width (Glyph::width, the face's advance as
   /W has it), and a number in the array moves back by the difference to
   the shaper's advance; a glyph drawn off its pen position (a mark over its
   letter) moves there before it and back after. A glyph raised or lowered
   is shown with a text rise (Ts) of its own. A change of face is a Tf
   between arrays, the position carrying on. Each glyph code maps back to
   its characters through the font's /ToUnicode (Document::glyph_texts).
   A run written left to right (Devanagari, whose vowel signs print before
   the consonant they follow) is also a marked span whose ActualText is
   its text, so extraction and screen readers get the words as written. A
   run with right-to-left text is not: a reader orders such text itself
   from where its glyphs print (poppler's pdftotext reversed an ActualText
   given in logical order). */
void PageOperators::write_glyphs(const TextRun& run) {
    if (!set_font(run.glyphs.front().font, run.size))
        throw PdfError("cannot paint a shaped text run of size " + std::to_string(run.size));
    if (run.gray != state_.fill_gray) {
        if (!valid_gray(run.gray))
            throw PdfError("cannot paint a shaped text run of gray " + std::to_string(run.gray));
        content_.number(real(run.gray));
        content_.raw(" g\n");
        state_.fill_gray = run.gray;
    }
    const bool actual = !has_right_to_left(run.text);
    if (actual) {
        content_.raw("/Span <</ActualText ");
        content_.text_string(run.text);
        content_.raw(">> BDC\n");
    }
    const HPDF_REAL dx = real(run.x) - state_.text_x;
    const HPDF_REAL dy = real(run.y) - state_.text_y;
    content_.pair(dx, dy, "Td");
    state_.text_x += dx;
    state_.text_y += dy;
    double pending = 0;  // 1/1000 em to move left before the next glyph (a TJ number)
    bool open = false;
    FontStyle face = run.glyphs.front().font;
    const auto close = [&] {
        if (!open) return;
        content_.raw("] TJ\n");
        open = false;
    };
    for (const Glyph& g : run.glyphs) {
        if (g.code >= 0x10000) throw PdfError("cannot paint a glyph past U+FFFF in a shaped text run");
        if (!std::isfinite(g.width) || !std::isfinite(g.advance) || !std::isfinite(g.dx) ||
            !std::isfinite(g.dy))
            throw PdfError("cannot paint a shaped text run with a glyph position that is not a number");
        if (g.font != face || g.dy != 0) close();
        face = g.font;
        if (!set_font(g.font, run.size))
            throw PdfError("cannot paint a shaped text run in font slot " +
                           std::to_string(static_cast<int>(g.font)));
        pending -= g.dx;
        if (g.dy != 0) {
            content_.number(real(g.dy * run.size / 1000));
            content_.raw(" Ts\n");
        }
        if (!open) {
            content_.raw("[");
            open = true;
        }
        if (std::abs(pending) >= 0.005) {
            content_.number(real(pending));
            content_.raw(" ");
        }
        content_.hex_code(static_cast<std::uint16_t>(g.code));
        pending = g.dx + g.width - g.advance;
        if (g.dy != 0) {
            close();
            content_.raw("0 Ts\n");
        }
    }
    close();
    if (actual) content_.raw("EMC\n");
}

bool PageOperators::write_text(const TextRun& run) {
    if (!set_font(run.font, run.size)) return false;
    if (run.gray != state_.fill_gray) {
        if (!valid_gray(run.gray)) return false;
        content_.number(real(run.gray));
        content_.raw(" g\n");
        state_.fill_gray = run.gray;
    }
    // HPDF_Page_TextOut: "dx dy Td" from the start of the last line, in
    // libharu's float arithmetic, then the text.
    const HPDF_REAL dx = real(run.x) - state_.text_x;
    const HPDF_REAL dy = real(run.y) - state_.text_y;
    content_.pair(dx, dy, "Td");
    if (!content_.hex_text(run.text) &&
        !(content_.hex_text(run.text, /*require_ascii=*/false) && resources_.shows(run.font, run.text)))
        return false;
    content_.raw(" Tj\n");
    state_.text_x += dx;
    state_.text_y += dy;
    return true;
}

void PageOperators::paint_item(const Rule& rule) {
    require_finite("a rule", rule.x1, rule.y1, rule.x2, rule.y2, rule.width, rule.gray);
    if (const auto why = begin_path(rule.width, rule.gray)) return resources_.decline(*this, *why, rule);
    content_.pair(real(rule.x1), real(rule.y1), "m");
    content_.pair(real(rule.x2), real(rule.y2), "l");
    content_.raw("S\n");
}

/// A bubble places the form of its radius: q … Q leaves the graphics state
/// as it was.
void PageOperators::paint_item(const Circle& circle) {
    require_finite("a circle", circle.cx, circle.cy, circle.r, circle.width, circle.gray);
    if (!(circle.r > 0)) throw PdfError("cannot paint a circle of zero or negative radius");
    if (const auto why = begin_path(circle.width, circle.gray))
        return resources_.decline(*this, *why, circle);
    const std::string_view name = resources_.bubble(circle.r, circle.width);
    std::string& ops = content_.buffer();
    ops += "q\n1 0 0 1 ";
    append_number(ops, circle.cx);
    ops += ' ';
    append_number(ops, circle.cy);
    ops += " cm\n/";
    ops += name;
    ops += " Do\nQ\n";
}

void PageOperators::paint_item(const Box& box) {
    require_finite("a box", box.x, box.y, box.w, box.h, box.width, box.gray);
    if (const auto why = begin_path(box.width, box.gray)) return resources_.decline(*this, *why, box);
    rectangle(box.x, box.y, box.w, box.h);
    content_.raw("S\n");
}

void PageOperators::paint_item(const Solid& solid) {
    require_finite("a solid mark", solid.x, solid.y, solid.w, solid.h);
    fill_black();
    rectangle(solid.x, solid.y, solid.w, solid.h);
    content_.raw("f\n");
}

/// A QR symbol: each row's runs of dark modules as one rectangle, all
/// filled at once (one path, no seams between modules of a run).
void PageOperators::paint_item(const Symbol& symbol) {
    require_finite("a QR symbol", symbol.x, symbol.y, symbol.size);
    const auto n = static_cast<std::size_t>(symbol.modules);
    if (symbol.modules <= 0 || symbol.dark.size() != n * n || !(symbol.size > 0))
        throw PdfError("cannot paint a QR symbol of " + std::to_string(symbol.modules) + " modules from " +
                       std::to_string(symbol.dark.size()) + " cells");
    fill_black();
    const double module = symbol.size / static_cast<double>(n);
    bool any = false;
    for (std::size_t row = 0; row < n; ++row) {
        const double y = symbol.y + symbol.size - static_cast<double>(row + 1) * module;
        for (std::size_t col = 0; col < n;) {
            if (!symbol.dark[row * n + col]) {
                ++col;
                continue;
            }
            std::size_t end = col;
            while (end < n && symbol.dark[row * n + end]) ++end;
            rectangle(symbol.x + static_cast<double>(col) * module, y,
                      static_cast<double>(end - col) * module, module);
            any = true;
            col = end;
        }
    }
    // libharu refused to fill an empty path; a symbol always has dark modules.
    if (!any) throw PdfError("cannot paint a QR symbol without a dark module");
    content_.raw("f\n");
}

void PageOperators::paint_item(const Picture& picture) {
    require_finite("a picture", picture.x, picture.y, picture.w, picture.h);
    if (picture.image == nullptr) throw PdfError("cannot paint a picture without an image");
    if (!(picture.w > 0 && picture.h > 0)) throw PdfError("cannot paint a picture of zero or negative size");
    const GrayImage& image = *picture.image;
    if (image.empty() ||
        image.pixels.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
        throw PdfError("cannot paint a picture of " + std::to_string(image.width) + "x" +
                       std::to_string(image.height) + " pixels from " + std::to_string(image.pixels.size()) +
                       " bytes");
    end_text();
    // As libharu's HPDF_Page_DrawImage writes it: q, the image's matrix, Do, Q.
    const std::string_view name = resources_.picture(picture.image);
    content_.raw("q\n");
    content_.number(real(picture.w));
    content_.raw(" 0 0 ");
    content_.number(real(picture.h));
    content_.raw(" ");
    content_.number(real(picture.x));
    content_.raw(" ");
    content_.number(real(picture.y));
    content_.raw(" cm\n/");
    content_.raw(name);
    content_.raw(" Do\nQ\n");
}

void PageOperators::rectangle(double x, double y, double w, double h) {
    content_.number(real(x));
    content_.raw(" ");
    content_.number(real(y));
    content_.raw(" ");
    content_.pair(real(w), real(h), "re");
}

std::optional<Declined> PageOperators::begin_path(double width, double gray) {
    end_text();
    if (width != state_.line_width) {
        if (!(width >= 0)) return Declined::line_width;
        content_.number(real(width));
        content_.raw(" w\n");
        state_.line_width = width;
    }
    if (gray != state_.stroke_gray) {
        if (!valid_gray(gray)) return Declined::stroke_gray;
        content_.number(real(gray));
        content_.raw(" G\n");
        state_.stroke_gray = gray;
    }
    return std::nullopt;
}

/// Leaves any text object and fills in black (marks and QR codes).
void PageOperators::fill_black() {
    end_text();
    if (state_.fill_gray == 0) return;
    content_.raw("0 g\n");
    state_.fill_gray = 0;
}

/// HPDF_Page_BeginText: "BT", and the text matrix back to the identity.
void PageOperators::begin_text() {
    if (state_.in_text) return;
    content_.raw("BT\n");
    state_.text_x = 0;
    state_.text_y = 0;
    state_.in_text = true;
}

void PageOperators::end_text() {
    if (!state_.in_text) return;
    content_.raw("ET\n");
    state_.in_text = false;
}

}  // namespace handout::pdf
