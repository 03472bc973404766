// The class-set writer's direct path: the pages of a part painted without
// libharu, to the bytes the libharu painter and the writer's copy of its
// objects give (tests compare the two paths on every shipped worksheet). The
// operators are pdf/operators.hpp's; what is left is what libharu's page
// objects hold: the fonts, bubble forms and images each page names, in the
// order it names them. Private to src/pdf.
#pragma once

#include <hpdf.h>

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "handout/document.hpp"
#include "pdf/operators.hpp"  // FormKey

namespace handout::pdf {

/// What a page's X name stands for: a bubble form or a picture's image.
using XObject = std::variant<FormKey, std::shared_ptr<const GrayImage>>;

/// One page painted without libharu.
struct DirectPage {
    std::string packed;              ///< the content, deflated at content_level
    std::vector<std::string> fonts;  ///< the face of font F1, F2, …
    std::vector<XObject> xobjects;   ///< the form or image X1, X2, …
};

/// The face of each font slot of a part that prints text.
struct Faces {
    /// As libharu names it (the font object a page's resources refer to);
    /// "" for a slot that prints nothing.
    std::array<std::string, font_slot_count> names;
    /// libharu's definition of it, loaded without embedding, for the widths
    /// of characters (HPDF_TTFontDef_GetCharWidth, as libharu measures text).
    std::array<HPDF_FontDef, font_slot_count> defs{};
};

/// Paints the pages of `part` as the libharu painter would, or returns
/// nullopt when it holds what only libharu paints: text libharu would not
/// show as it is (beyond the Basic Multilingual Plane, not UTF-8,
/// or of no width), a value libharu refuses with its own error, or a page
/// size out of libharu's range. Throws PdfError as the painter
/// does for an item no painter can paint.
std::optional<std::vector<DirectPage>> paint_direct(const Document& part, const Faces& faces);

/// The text of form `key`'s object as the writer copies it from libharu's
/// objects: its dictionary (with the /Length) and its stream, deflated at
/// zlib's default level as libharu does.
std::string form_object(const FormKey& key);

/// The text of `image`'s object as the writer copies it from libharu's
/// objects: 8-bit DeviceGray, deflated at zlib's default level as libharu does.
std::string image_object(const GrayImage& image);

/// A page's /MediaBox as libharu writes it: "[0 0 595.28003 841.89001]".
std::string media_box(double width, double height);

}  // namespace handout::pdf
