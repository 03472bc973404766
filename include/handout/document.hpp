// The Document: the contract between layout and every consumer (the PDF
// painter, golden dumps, and readers that need to know where each printed
// item is). Pages of items at fixed positions, each item with the role it
// plays on the sheet, plus the font files it was laid out with, so a
// consumer needs nothing else.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "handout/font_style.hpp"
#include "handout/image.hpp"
#include "handout/paper.hpp"

namespace handout {

/// Most face files one document holds: the five of its page style, and in a
/// class set whose students have their own page styles (a roster's `style`
/// column) the other styles' files.
inline constexpr std::size_t font_slot_count = 16;

/// The TrueType file of each face, indexed by FontStyle; slots past `mono`
/// hold further styles' faces, named by a TextRun's `font` as
/// `FontStyle(slot)` once `append` has merged documents set in different
/// files; unused slots are empty.
using FontFiles = std::array<std::string, font_slot_count>;

/// What a printed item is for, beyond how it looks.
enum class Role {
    none,         ///< decoration, labels, text
    bubble,       ///< a choice option's bubble (value: its printed letter)
    tick_box,     ///< a multi option's tick box (value: its printed letter)
    answer_box,   ///< a box to write an answer in: match (value: left item number as
                  ///< printed), order (value: printed position, 1 = top), numeric (no value),
                  ///< a digit grid's write-in box (value: its column, 1 = left; the
                  ///< student number's: question 0)
    write_line,   ///< a short answer's writing line (value: line number, 1 = top)
    gap,          ///< a fill gap's blank (value: gap number as printed)
    teacher_box,  ///< where the teacher marks a question
    page_code,    ///< machine-readable code of the sheet and page
    corner_mark,  ///< registration mark in a page corner
    digit,        ///< one cell of a digit grid
    student_id,   ///< where the student's id is written or marked
};

/// The role of a printed item and what it belongs to.
struct Tag {
    Role role = Role::none;
    int question = 0;   ///< 1-based index in the worksheet's source order, sections flattened; 0 = none
    int printed = 0;    ///< printed question number (0 = none)
    std::string value;  ///< e.g. "A" for the bubble printed A, "3" for match row 3
};

/// Text drawn with its baseline starting at (x, y). PDF coordinates: points,
/// origin at the bottom-left corner of the page.
/// One glyph of a shaped text run (TextRun::glyphs). Lengths are in 1/1000
/// of the run's size.
struct Glyph {
    /// The code the PDF shows: the character itself when its face maps it to
    /// this glyph, else a glyph code, U+E000 + the glyph's number
    /// (glyph_code), which the painter maps to the glyph.
    char32_t code = 0;
    FontStyle font = FontStyle::regular;  ///< the slot of its face
    float width = 0;                      ///< the face's advance of the glyph (the PDF's width of `code`)
    float advance = 0;                    ///< from this glyph's pen position to the next one's
    float dx = 0, dy = 0;                 ///< where the glyph is drawn from its pen position
    bool operator==(const Glyph&) const = default;
};

/// What the glyph codes of shaped runs say, by face file (Document::glyph_texts).
using GlyphTexts = std::map<std::string, std::map<char32_t, std::string>>;

/// Adds `text` as what glyph code `code` says, unless it says something
/// already: a code is the first glyph of a cluster in one place (saying its
/// letters) and a further one in another (saying nothing).
inline void add_glyph_text(std::map<char32_t, std::string>& texts, char32_t code, const std::string& text) {
    auto [at, added] = texts.try_emplace(code, text);
    if (!added && at->second.empty()) at->second = text;
}

/// Adds the glyph texts of `from` to `into` (add_glyph_text).
inline void merge_glyph_texts(GlyphTexts& into, const GlyphTexts& from) {
    for (const auto& [file, texts] : from)
        for (const auto& [code, text] : texts) add_glyph_text(into[file], code, text);
}

struct TextRun {
    double x = 0, y = 0;
    FontStyle font = FontStyle::regular;
    double size = 11;
    double gray = 0;
    std::string text;  ///< UTF-8
    Tag tag{};
    /// Empty, or the run shaped (Hebrew, Arabic, Devanagari: the layout's
    /// finish_fonts): its glyphs from (x, y) left to right as printed, in
    /// their faces; `text` is then what they say, in logical order (the
    /// PDF's ActualText), and `font` the face of the text around it.
    std::vector<Glyph> glyphs{};
    /// Printed right to left as a whole: a right-to-left part of a line of
    /// mixed direction (handout/wrap.hpp), whose own characters may not say
    /// so (a bracket, a space). Else its first strong character decides,
    /// unless the run is on a page that reads right to left and not `ordered`.
    bool rtl = false;
    /// A part of a line whose runs the layout has put in the order they
    /// print (handout/wrap.hpp): its direction is its own (`rtl`, else its
    /// first strong character). A run not ordered that stands alone on a
    /// page that reads right to left (Page::right_to_left: a label, a word
    /// bank line, the "/ 4" after Total) takes the page's direction as its
    /// paragraph direction, as a browser's `dir="rtl"` block does.
    bool ordered = false;
};

/// A straight stroked line.
struct Rule {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    double width = 0.5;
    double gray = 0.5;
    Tag tag{};
};

/// A stroked (never filled) circle.
struct Circle {
    double cx = 0, cy = 0, r = 0;
    double width = 0.5;
    double gray = 0.5;
    Tag tag{};
};

/// A stroked (never filled) rectangle; (x, y) is its bottom-left corner.
struct Box {
    double x = 0, y = 0, w = 0, h = 0;
    double width = 0.5;
    double gray = 0.5;
    Tag tag{};
};

/// A gray image scaled to fill the rectangle whose bottom-left corner is
/// (x, y). Pictures that share one `image` share one image object in the PDF.
struct Picture {
    double x = 0, y = 0, w = 0, h = 0;
    std::shared_ptr<const GrayImage> image;
    Tag tag{};
};

/// A filled black rectangle (a corner mark); (x, y) is its bottom-left corner.
struct Solid {
    double x = 0, y = 0, w = 0, h = 0;
    Tag tag{};
};

/// A QR symbol in black: `modules` × `modules` cells, row-major from the top
/// row (non-zero = dark), spread over the square of side `size` whose
/// bottom-left corner is (x, y). The square is the dark-module extent: the
/// quiet zone around it is the layout's to keep clear. Its tag's value is
/// the text it encodes.
struct Symbol {
    double x = 0, y = 0, size = 0;
    int modules = 0;
    std::vector<std::uint8_t> dark;
    Tag tag{};
};

using Item = std::variant<TextRun, Rule, Circle, Box, Picture, Solid, Symbol>;

/// The tag of any item.
inline const Tag& tag_of(const Item& item) {
    return std::visit([](const auto& it) -> const Tag& { return it.tag; }, item);
}

/// One page: items in painting order.
struct Page {
    std::vector<Item> items;
    /// The page reads right to left (mirrored, layout's mirror_page): a text
    /// run that is not `ordered` is set right to left as a paragraph.
    bool right_to_left = false;
};

/// A bookmark: title and the index of the page it points to.
struct Bookmark {
    std::string title;
    std::size_t page = 0;
};

/// Page labels from `page` on read `<prefix>1`, `<prefix>2`, … in a viewer.
struct PageLabel {
    std::size_t page = 0;
    std::string prefix;  ///< ASCII
};

/// A formula the layout set smaller than its size to fit its line (a
/// formula is never broken across lines): its source between its dollars,
/// whether displayed (`$$`), and its natural and printed widths in points.
struct ShrunkFormula {
    std::string source;
    bool display = false;
    double natural = 0, fitted = 0;
    bool operator==(const ShrunkFormula&) const = default;
};

/// Adds `f` to `list` unless a formula of the same source is there (the
/// narrowest printed width kept).
inline void add_shrunk_formula(std::vector<ShrunkFormula>& list, const ShrunkFormula& f) {
    for (ShrunkFormula& seen : list)
        if (seen.source == f.source && seen.display == f.display) {
            if (f.fitted < seen.fitted) seen = f;
            return;
        }
    list.push_back(f);
}

/// A laid-out document, ready to paint.
struct Document {
    double width = paper_a4.width, height = paper_a4.height;
    std::string title;  ///< PDF /Title
    FontFiles fonts;    ///< the face files its text runs are set in
    /// What each glyph code (Glyph::code) of its shaped runs says, by face
    /// file: the characters of the glyph's cluster in logical order (a
    /// joined Arabic letter its letter, a ligature its letters), or "" for
    /// a further glyph of a cluster. The PDF's /ToUnicode maps them so.
    GlyphTexts glyph_texts;
    /// The formulas shrunk to fit their lines, each once, in the order
    /// first set (not painted: for a located warning, render.hpp).
    std::vector<ShrunkFormula> shrunk_formulas;
    std::vector<Page> pages;
    std::vector<Bookmark> bookmarks;
    std::vector<PageLabel> labels;
};

/// Moves the pages, bookmarks and labels of `part` to the end of `doc`; the
/// page size becomes that of `part`. Face files join `doc.fonts` (a file
/// already there keeps its slot; the part's text runs move to their file's
/// slot). Throws std::length_error past font_slot_count files.
void append(Document& doc, Document&& part);

}  // namespace handout
