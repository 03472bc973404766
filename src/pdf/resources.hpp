// The resources a document's pages draw with, made once per libharu
// document: the font objects (faces loaded with their character maps cut
// down to what the document prints), the image objects, and the form
// XObject of each bubble radius. Private to src/pdf (the painter).
#pragma once

#include <hpdf.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <map>
#include <utility>
#include <set>
#include <string>
#include <vector>

#include "handout/document.hpp"
#include "handout/fonts.hpp"
#include "pdf/content.hpp"
#include "pdf/libharu.hpp"
#include "pdf/operators.hpp"  // BubbleFormKeys
#include "pdf/paint.hpp"

namespace handout::pdf {

/// The encoder that writes UTF-8 text as 2-byte Unicode code points.
inline constexpr const char* utf8_encoding = "UTF-8";

/// The faces a document prints with, loaded before painting so that each
/// face's character map can be cut down to the characters it prints (see
/// `trim_character_map`) before libharu makes its font object. Only faces
/// that print text are loaded, in the order the pages first use them; font
/// objects are still made on first use. Faces that libharu treats as one font
/// (same file, or same PostScript name) share one font object and one set of
/// characters. Remembers which characters each font prints, to trim its width
/// table before saving.
class FontCache {
public:
    FontCache(const PdfDocument& pdf, const Document& doc, bool embed)
        : pdf_(pdf), files_(doc.fonts), glyph_texts_(doc.glyph_texts) {
        // The characters each face file prints, and the files in order of
        // first use. Text that is not valid UTF-8 (the caller's job to
        // prevent) is recorded up to the error.
        std::vector<std::string> paths;
        std::map<std::string, pdf::PrintedChars> chars_by_path;
        std::u32string decoded;
        for (const Page& page : doc.pages) {
            for (const Item& item : page.items) {
                const auto* run = std::get_if<TextRun>(&item);
                if (run == nullptr || run->text.empty()) continue;
                each_shown_code(*run, decoded, [&](FontStyle slot, char32_t cp) {
                    const std::string& path = file(slot);
                    auto [found, added] = chars_by_path.try_emplace(path);
                    if (added) paths.push_back(path);
                    found->second.add(cp);
                });
            }
        }

        for (const std::string& path : paths) {
            const std::string what = "loading font " + path;
            const std::string name = pdf_.check_handle(
                HPDF_LoadTTFontFromFile(pdf_.get(), path.c_str(), embed ? HPDF_TRUE : HPDF_FALSE), what);
            name_by_path_.emplace(path, name);
            chars_by_path[path].add_to(fonts_by_name_[name].chars);
        }
        for (const auto& [name, font] : fonts_by_name_) {
            HPDF_FontDef def = find_font_def(pdf_, name);
            trim_character_map(pdf_, def, font.chars);
        }
    }

    /// The font object of `style`, made on first use. The style's face must
    /// print some text of the document given to the constructor.
    HPDF_Font get(FontStyle style) {
        HPDF_Font& slot = by_style_[static_cast<std::size_t>(style)];
        if (slot != nullptr) return slot;
        const std::string& path = file(style);
        const auto name = name_by_path_.find(path);
        if (name == name_by_path_.end())
            throw PdfError("font " + path + " prints no text of this document but was asked for");
        Font& font = fonts_by_name_.at(name->second);
        if (font.handle == nullptr) {
            const std::string what = "making the font object of " + path;
            font.handle = pdf_.check_handle(HPDF_GetFont(pdf_.get(), name->second.c_str(), utf8_encoding), what);
            const auto texts = glyph_texts_.find(path);
            replace_to_unicode(pdf_, font.handle,
                               texts == glyph_texts_.end() ? no_glyph_texts_ : texts->second);
            pdf::slim_embedded_font_file(font.handle);
        }
        slot = font.handle;
        return slot;
    }

    /// Trims the width table of every font made; call once, before saving.
    void trim_all_widths() const {
        for (const auto& [name, font] : fonts_by_name_)
            if (font.handle != nullptr) trim_widths(pdf_, font.handle, font.chars);
    }

private:
    /// One libharu font: the characters it prints, its object once made.
    struct Font {
        std::set<char32_t> chars;
        HPDF_Font handle = nullptr;
    };

    /// The face file of `style`, as the document names it.
    const std::string& file(FontStyle style) const {
        const std::string& path = files_[static_cast<std::size_t>(style)];
        if (path.empty())
            throw PdfError("the document prints text in font style " +
                           std::to_string(static_cast<int>(style)) + " but names no font file for it");
        return path;
    }

    const PdfDocument& pdf_;
    const FontFiles& files_;
    const GlyphTexts& glyph_texts_;
    const std::map<char32_t, std::string> no_glyph_texts_;
    std::array<HPDF_Font, font_slot_count> by_style_{};
    std::map<std::string, std::string> name_by_path_;  // face file → libharu font name
    std::map<std::string, Font> fonts_by_name_;
};

/// The image objects of a document. Each GrayImage is loaded once, however
/// many pictures on however many pages show it (found by its address): a
/// batch that prints the same picture on thirty sheets holds its pixels once.
class ImageCache {
public:
    explicit ImageCache(const PdfDocument& pdf) : pdf_(pdf) {}

    /// The image object of `image` (its size checked by the operators),
    /// loaded as 8-bit DeviceGray on first use.
    HPDF_Image get(const GrayImage& image) {
        const auto found = images_.find(&image);
        if (found != images_.end()) return found->second;
        HPDF_Image loaded = pdf_.check_handle(
            HPDF_LoadRawImageFromMem(pdf_.get(), image.pixels.data(), static_cast<HPDF_UINT>(image.width),
                                     static_cast<HPDF_UINT>(image.height), HPDF_CS_DEVICE_GRAY,
                                     /*bits_per_component=*/8),
            "loading a picture");
        images_.emplace(&image, loaded);
        return loaded;
    }

private:
    const PdfDocument& pdf_;
    std::map<const GrayImage*, HPDF_Image> images_;
};

/// The bubble shapes of a document: each circle radius is drawn once, as a
/// form XObject holding the stroked outline around the origin, and every
/// bubble of that radius places it ("q 1 0 0 1 x y cm /X1 Do Q"): about 35
/// bytes of page content instead of the 190 of four Bézier curves. The form
/// inherits the page's line width and stroke gray, so one form serves every
/// width and gray; its bounding box leaves room for the widest stroke of
/// that radius.
class BubbleForms {
public:
    explicit BubbleForms(const PdfDocument& pdf) : pdf_(pdf) {}

    /// The form of a circle of radius `r` stroked at most `width` wide.
    HPDF_Dict get(double r, double width) {
        const FormKey key = keys_.get(r, width);
        HPDF_Dict& form = made_[{key.r, key.width}];
        if (form == nullptr) form = make(key.r, key.width);
        return form;
    }

private:
    HPDF_Dict make(double r, double width) { return new_form_xobject(pdf_, r + width, bubble_path(r)); }

    const PdfDocument& pdf_;
    BubbleFormKeys keys_;
    std::map<std::pair<double, double>, HPDF_Dict> made_;  // by FormKey
};

}  // namespace handout::pdf
