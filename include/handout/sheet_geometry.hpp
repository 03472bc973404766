// What a machine needs to read a printed page back: the page code, the
// corner marks and every target a student or teacher marks, in PDF points
// from the page's bottom-left corner. The layout derives it from the
// Document (page_geometry in layout.hpp), `handout layout --json` prints it,
// and the scan reader (scan.hpp) registers and judges pages on it: one
// geometry, never recomputed another way. See docs/layout-json.md.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace handout::scan {

struct Point {
    double x = 0, y = 0;
};

struct Rect {
    double x = 0, y = 0, w = 0, h = 0;  ///< bottom-left corner, width, height

    Point center() const noexcept { return {x + w / 2, y + h / 2}; }
};

/// The layout version a page code names (the `1` of "HO1").
inline constexpr int layout_version = 1;

/// Corner marks of layout version 1: solid squares of this side, their outer
/// edges this far from the paper's edges.
inline constexpr double corner_mark_side = 11.34;   // 4 mm
inline constexpr double corner_mark_inset = 28.35;  // 10 mm

/// The four corner marks of a page of this size: top-left, top-right,
/// bottom-right, bottom-left (as seen on the upright page).
std::array<Rect, 4> corner_marks(double page_width, double page_height);

/// What a target is, which decides its shape and how its marks group.
enum class TargetKind {
    bubble,       ///< circle: one option of choice/truefalse, or of a match/order row
    tick_box,     ///< square: one option of a multi-select question (several may be marked)
    teacher_box,  ///< circle: one score value the teacher fills
    digit,        ///< circle: one cell of a digit-grid column (value "col:d")
    student_id,   ///< circle: one digit of a student-number column (value "col:d")
};

/// "bubble", "tick_box", … (the names `layout --json` writes).
std::string_view to_string(TargetKind kind) noexcept;

/// Something a student or teacher marks.
struct Target {
    TargetKind kind = TargetKind::bubble;
    int question = 0;     ///< 1-based index in the worksheet's source order (0: not a question, e.g. student_id)
    std::string printed;  ///< the printed question number
    std::string value;    ///< what marking it means: "B", "T", "2:C" (row 2, option C), "0.5", "3:7" (column 3, digit 7)
    Rect box;             ///< the outline's bounding box
};

/// A box where a digit is written by hand above a digit-grid or
/// student-number column: looked at for ink, never read as a mark. Digits
/// written there over a column with no bubble filled are a question for a
/// person, not a blank.
struct WriteIn {
    TargetKind kind = TargetKind::digit;  ///< the kind of the column's bubbles: digit or student_id
    int question = 0;                     ///< as the column's targets (0 for the student number)
    std::string group;                    ///< the column, as the "col" of its bubbles' "col:d" values
    Rect box;                             ///< the box's outline
};

/// The layout of one printed page, as recomputed from the page code.
struct PageGeometry {
    double width = 0, height = 0;  ///< paper size in points (A4 595.28 × 841.89, Letter 612 × 792)
    Rect qr;                       ///< the QR symbol's dark-module extent (no quiet zone)
    std::vector<Target> targets;
    std::vector<WriteIn> write_ins;  ///< write-in boxes above digit columns, in layout order
};

/// A handout page code: the QR text "HO<version> <sheet> <page>", since
/// handout 0.4 followed by " <layout>" and, on a class set's sheet, " <student>".
struct PageCode {
    std::string text;   ///< as decoded
    int version = 0;    ///< layout version (1)
    std::string sheet;  ///< sheet code, opaque ("W2-2JO3-8SQAEO2A4-17")
    std::string page;   ///< "1", "2", … or "A1", "A2" for answer-sheet pages
    /// The page's layout tag (layout_tag in layout.hpp: a hash of where every
    /// target prints, so that an edited worksheet or another page style is
    /// told from the printed one); "" on pages printed before it.
    std::string layout;
    /// The student tag (student_tag): who a class set's sheet was printed
    /// for, so that two classes' sheets of one worksheet, which share seeds
    /// and sheet codes, are never taken for each other; "" when none.
    std::string student;
};

/// The QR text of a page: "HO1 <sheet> <page>", then " <layout>" and
/// " <student>" when not empty (a student tag needs a layout tag). A W3
/// sheet code is written compactly, "W3-1F82-E1DNP5J84-17-B" as
/// "1F82E1DNP5J84B17" (fingerprint, check character, seed), so that a class
/// set's page code fits a version-2 QR symbol.
std::string page_code_text(std::string_view sheet, std::string_view page, std::string_view layout = {},
                           std::string_view student = {});

/// Parses "HO1 W2-… 2" (with or without the tags; the sheet code compact or
/// as printed, PageCode::sheet always as printed); nullopt for any other text.
std::optional<PageCode> parse_page_code(std::string_view text);

/// Five characters of Crockford's base32 from the top 25 bits of `hash`:
/// the layout and student tags of a page code.
std::string tag_chars(std::uint64_t hash);

/// The student tag of a class set's sheet printed for `name` of `class_name`:
/// five characters of Crockford's base32 from a hash of both; "" when both are empty.
std::string student_tag(std::string_view name, std::string_view class_name);

}  // namespace handout::scan
