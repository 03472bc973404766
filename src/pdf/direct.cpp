#include "pdf/direct.hpp"

#include <hpdf.h>
#include <zlib.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "handout/fonts.hpp"
#include "handout/pdf.hpp"
#include "pdf/content.hpp"
#include "pdf/libharu.hpp"
#include "pdf/operators.hpp"

namespace handout::pdf {
namespace {

/// Thrown inside paint_direct at what only libharu paints.
struct NeedsLibharu {};

/// A page size libharu accepts (HPDF_Page_SetWidth refuses others).
bool valid_page_size(double size) {
    const HPDF_REAL value = real(size);
    return std::isfinite(size) && value >= HPDF_MIN_PAGE_SIZE && value <= HPDF_MAX_PAGE_SIZE;
}

/// Names one page's resources as libharu does: F1, F2, … for the fonts
/// (one per face) and X1, X2, … for the forms, in order of first use.
class PageNames final : public PageResources {
public:
    PageNames(const Faces& faces, BubbleFormKeys& forms, DirectPage& page)
        : faces_(faces), forms_(forms), page_(page) {}

    std::string_view font(FontStyle style) override {
        const std::string& face = faces_.names[static_cast<std::size_t>(style)];
        if (face.empty()) throw NeedsLibharu{};  // no font file: the painter's error
        return name('F', index_of(page_.fonts, face));
    }

    std::string_view bubble(double r, double width) override {
        return name('X', index_of(page_.xobjects, XObject(forms_.get(r, width))));
    }

    std::string_view picture(const std::shared_ptr<const GrayImage>& image) override {
        return name('X', index_of(page_.xobjects, XObject(image)));
    }

    bool shows(FontStyle style, std::string_view text) override {
        HPDF_FontDef def = faces_.defs[static_cast<std::size_t>(style)];
        if (def == nullptr) return false;
        decoded_.clear();
        decode_utf8(text, decoded_);
        for (const char32_t cp : decoded_)
            if (has_glyph_width(def, cp)) return true;
        return false;
    }

    void decline(PageOperators&, Declined, const Item&) override { throw NeedsLibharu{}; }

private:
    template <typename T>
    static std::size_t index_of(std::vector<T>& list, const T& value) {
        const auto found = std::find(list.begin(), list.end(), value);
        if (found != list.end()) return static_cast<std::size_t>(found - list.begin());
        list.push_back(value);
        return list.size() - 1;
    }

    std::string_view name(char prefix, std::size_t index) {
        name_.assign(1, prefix);
        name_ += std::to_string(index + 1);
        return name_;
    }

    const Faces& faces_;
    BubbleFormKeys& forms_;
    DirectPage& page_;
    std::string name_;
    std::u32string decoded_;
};

}  // namespace

std::optional<std::vector<DirectPage>> paint_direct(const Document& part, const Faces& faces) {
    if (!valid_page_size(part.width) || !valid_page_size(part.height)) return std::nullopt;
    BubbleFormKeys forms;
    std::vector<DirectPage> pages;
    pages.reserve(part.pages.size());
    try {
        for (const Page& page : part.pages) {
            DirectPage& out = pages.emplace_back();
            PageNames names(faces, forms, out);
            PageOperators ops(names);
            for (const Item& item : page.items) ops.paint(item);
            ops.finish();
            out.packed = pack(ops.content().bytes(), content_level);
        }
    } catch (const NeedsLibharu&) {
        return std::nullopt;
    }
    return pages;
}

std::string form_object(const FormKey& key) {
    Content box;
    const double e = key.r + key.width;
    box.number(real(-e));
    box.raw(" ");
    box.number(real(-e));
    box.raw(" ");
    box.number(real(e));
    box.raw(" ");
    box.number(real(e));
    const std::string packed = deflate(bubble_path(key.r), Z_DEFAULT_COMPRESSION);
    return "<</BBox [" + box.bytes() + "]/Filter [/FlateDecode]/Subtype /Form/Type /XObject/Length " +
           std::to_string(packed.size()) + ">>\nstream\n" + packed + "\nendstream";
}

std::string image_object(const GrayImage& image) {
    const std::string packed =
        deflate(std::string_view(reinterpret_cast<const char*>(image.pixels.data()), image.pixels.size()),
                Z_DEFAULT_COMPRESSION);
    return "<</BitsPerComponent 8/ColorSpace /DeviceGray/Filter [/FlateDecode]/Height " +
           std::to_string(image.height) + "/Subtype /Image/Type /XObject/Width " +
           std::to_string(image.width) + "/Length " + std::to_string(packed.size()) + ">>\nstream\n" +
           packed + "\nendstream";
}

std::string media_box(double width, double height) {
    Content box;
    box.raw("[0 0 ");
    box.number(real(width));
    box.raw(" ");
    box.number(real(height));
    box.raw("]");
    return box.bytes();
}

}  // namespace handout::pdf
