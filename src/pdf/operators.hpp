// The operators of one page, written from its items without libharu: the
// text, rules, boxes, bubbles, marks and QR symbols of a Document become the
// bytes libharu 2.3.0 would write for them (pdf/content.hpp writes the
// numbers and text as it does). Two painters use it: the libharu painter
// (painter.cpp), which hands libharu the few items the operators decline, and
// the class-set writer's direct path (stream.cpp), which writes whole parts
// without libharu and gives a part that has such an item to the painter.
// Private to src/pdf.
#pragma once

#include <hpdf.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "handout/document.hpp"
#include "pdf/content.hpp"

namespace handout::pdf {

/// The graphics and text state the operators of a page have set so far
/// (the PDF defaults at first: black fill and stroke, line width 1, no font).
struct PageState {
    bool in_text = false;  ///< inside BT … ET
    std::string font;      ///< the resource name of the font last set ("F1"), "" before any
    double font_size = 0;
    double fill_gray = 0;
    double stroke_gray = 0;
    double line_width = 1;
    /// The start of the last line shown (libharu's text matrix), in
    /// libharu's float arithmetic so each "Td" is the one it writes.
    HPDF_REAL text_x = 0, text_y = 0;
};

/// What the operators leave to the document's painter, and where they stopped.
enum class Declined {
    /// A text run libharu must show itself (text whose width it would
    /// measure, or a size or gray it refuses with its own error); nothing of
    /// the run is written, the state is as before it.
    text,
    line_width,   ///< a negative width (libharu's error); the text object is closed
    stroke_gray,  ///< a gray out of 0…1 (libharu's error); the line width is written
};

class PageOperators;

/// A bubble form: a radius, and the widest stroke its bounding box leaves
/// room for.
struct FormKey {
    double r = 0, width = 0;
    bool operator==(const FormKey&) const = default;
};

/// Which form a bubble places, as both painters choose it for a document:
/// one per radius, replaced by a new one when a bubble is stroked wider
/// than the last leaves room for.
class BubbleFormKeys {
public:
    FormKey get(double r, double width) {
        auto& key = forms_[r];
        if (key.r != r || key.width < width) key = FormKey{r, width};
        return key;
    }

private:
    std::map<double, FormKey> forms_;
};

/// The document a page is painted into: it names the resources the page
/// uses and paints what the operators decline.
class PageResources {
public:
    virtual ~PageResources() = default;
    /// The page's name for the font of `style` ("F1"), added to the page's
    /// resources on first use. The view holds until the next call.
    virtual std::string_view font(FontStyle style) = 0;
    /// The page's name for the form of a bubble of radius `r` stroked `width`
    /// wide ("X1"). The view holds until the next call.
    virtual std::string_view bubble(double r, double width) = 0;
    /// The page's name for the image object of `image` ("X2"; images and
    /// forms share libharu's X names). The view holds until the next call.
    virtual std::string_view picture(const std::shared_ptr<const GrayImage>& image) = 0;
    /// True when libharu shows `text` (valid UTF-8 of the Basic Multilingual
    /// Plane without a printable ASCII character) in the face of `style`:
    /// when some character of it has a width there (libharu measures a
    /// text before showing it, and shows none of zero width). False when
    /// unsure: the run is then declined.
    virtual bool shows(FontStyle style, std::string_view text) = 0;
    /// Paints the rest of `item` from where the operators stopped (`why`),
    /// leaving `ops`' state in step with what it wrote; or throws.
    virtual void decline(PageOperators& ops, Declined why, const Item& item) = 0;
};

/// Writes the operators of one page's items, in order, into a Content
/// buffer. Consecutive text runs share one text object (BT … ET); fill gray,
/// stroke gray, line width and font are written only when they change.
/// Throws PdfError for an item no painter can paint (a coordinate that is
/// not a number, say).
class PageOperators {
public:
    /// `own_text`: false gives every text run to `resources` (a test's
    /// proof that the operators write libharu's bytes).
    explicit PageOperators(PageResources& resources, bool own_text = true)
        : resources_(resources), own_text_(own_text) {}

    void paint(const Item& item);

    /// Closes an open text object; call after the last item.
    void finish() { end_text(); }

    Content& content() { return content_; }
    PageState& state() { return state_; }

private:
    void paint_item(const TextRun& run);
    void paint_item(const Rule& rule);
    void paint_item(const Circle& circle);
    void paint_item(const Box& box);
    void paint_item(const Solid& solid);
    void paint_item(const Symbol& symbol);
    void paint_item(const Picture& picture);

    /// Writes the run; false (leaving what it wrote) at what it must decline.
    bool write_text(const TextRun& run);
    /// Writes a shaped run (TextRun::glyphs), which only these operators
    /// paint: its glyphs with their positions, marked with what they say.
    void write_glyphs(const TextRun& run);
    /// Sets the font and size when they change; false for a size or name libharu refuses.
    bool set_font(FontStyle font, double size);
    /// "x y w h re".
    void rectangle(double x, double y, double w, double h);
    /// Leaves any text object and sets the stroke state for a path; what it
    /// declines, if anything.
    std::optional<Declined> begin_path(double width, double gray);
    void fill_black();
    void begin_text();
    void end_text();

    PageResources& resources_;
    bool own_text_;
    Content content_;
    PageState state_;
};

}  // namespace handout::pdf
