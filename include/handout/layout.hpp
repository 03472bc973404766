// Layout: turns a variant into pages of positioned items (text runs, rules,
// bubbles, boxes). Plain data, dumpable as stable text for golden tests; the
// PDF painter only paints what is here.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/style.hpp"
#include "handout/variant.hpp"

namespace handout {

/// Text drawn with its baseline starting at (x, y). PDF coordinates: points,
/// origin at the bottom-left corner of the page.
struct TextRun {
    double x = 0, y = 0;
    FontStyle font = FontStyle::regular;
    double size = 11;
    double gray = 0;
    std::string text;  ///< UTF-8
};

/// A straight stroked line.
struct Rule {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    double width = 0.5;
    double gray = 0.5;
};

/// A stroked (never filled) circle.
struct Circle {
    double cx = 0, cy = 0, r = 0;
    double width = 0.5;
    double gray = 0.5;
};

/// A stroked (never filled) rectangle; (x, y) is its bottom-left corner.
struct Box {
    double x = 0, y = 0, w = 0, h = 0;
    double width = 0.5;
    double gray = 0.5;
};

using Item = std::variant<TextRun, Rule, Circle, Box>;

/// One page: items in painting order.
struct Page {
    std::vector<Item> items;
};

/// A bookmark: title and the index of the page it points to.
struct Bookmark {
    std::string title;
    std::size_t page = 0;
};

/// A laid-out document, ready to paint.
struct Document {
    double width = 595.28, height = 841.89;
    std::string title;        ///< PDF /Title
    std::vector<Page> pages;
    std::vector<Bookmark> bookmarks;
};

/// Which parts of a variant to lay out.
enum class KeyMode { on, off, only };

struct LayoutOptions {
    KeyMode key = KeyMode::on;
    bool duplex = false;       ///< the key starts on a new sheet of paper
    std::string student_name;  ///< printed in the Name field when not empty
};

/// Student pages and/or key pages of one variant, appended to `doc`.
/// Page footers read `page n of m` counted within the student part and
/// within the key part.
void layout_variant(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                    const LayoutOptions& options, Document& doc);

/// Words and line breaks: splits UTF-8 `text` into lines no wider than
/// `width` at `size` in `font`, breaking at spaces, and inside a word only
/// when the word alone is wider than a line.
std::vector<std::string> wrap_text(const std::string& text, const FontSet& fonts, FontStyle font,
                                   double size, double width);

/// Stable, human-diffable text form of a document for golden tests (two
/// decimals, one item per line).
std::string dump(const Document& doc);

}  // namespace handout
