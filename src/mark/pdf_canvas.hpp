// Private to src/mark: a page of the analysis PDFs (`mark --analysis`,
// `handout stats --pdf`) drawn top down in black outlines and solid black.
#pragma once

#include <string>

#include "handout/pdf.hpp"

namespace handout::mark {

/// A page being drawn, top down.
class Canvas {
public:
    Canvas(Page& page, const FontSet& fonts, double height) : page_(page), fonts_(fonts), top_(height) {}

    void text(double x, double y_from_top, const std::string& s, double size,
              FontStyle f = FontStyle::regular) {
        page_.items.push_back(TextRun{x, top_ - y_from_top, f, size, 0, s, {}});
    }
    /// Text ending at `right`.
    void text_right(double right, double y_from_top, const std::string& s, double size,
                    FontStyle f = FontStyle::regular) {
        text(right - fonts_.width(f, s, size), y_from_top, s, size, f);
    }
    void rule(double x1, double y1, double x2, double y2, double width = 0.6) {
        page_.items.push_back(Rule{x1, top_ - y1, x2, top_ - y2, width, 0, {}});
    }
    /// An outlined rectangle given by its top-left corner.
    void box(double x, double y_from_top, double w, double h) {
        page_.items.push_back(Box{x, top_ - y_from_top - h, w, h, 0.6, 0, {}});
    }
    void fill(double x, double y_from_top, double w, double h) {
        if (w > 0.01 && h > 0.01) page_.items.push_back(Solid{x, top_ - y_from_top - h, w, h, {}});
    }
    double width(const std::string& s, double size, FontStyle f = FontStyle::regular) const {
        return fonts_.width(f, s, size);
    }

private:
    Page& page_;
    const FontSet& fonts_;
    double top_;
};

/// The heading of the analysis PDFs' question table at `left`, `y` from the
/// top (the columns question_rows draw under it); returns the y under it.
inline double question_table_heading(Canvas& c, double left, double y) {
    c.text(left, y + 8, "Q", 7.5);
    c.text(left + 22, y + 8, "share right", 7.5);
    c.text_right(left + 182, y + 8, "discrimination", 7.5);
    c.text(left + 196, y + 8, "options chosen (the key boxed)", 7.5);
    return y + 12;
}

}  // namespace handout::mark
