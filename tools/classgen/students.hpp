// classgen: students and their teacher at work on the printed answer pages.
// Each student has a habit (pen filler, pencil, ticker, circler, messy) and
// mostly follows it; each question gets the answer the student means (right
// with the student's own odds) and one way of marking it. What was meant,
// how it was marked and whether a careful person would call it ambiguous is
// kept as the truth.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "class_set.hpp"
#include "ink.hpp"

namespace classgen {

/// How a student marks their answers.
enum class Habit { pen, pencil, ticker, circler, messy };

/// How one question was marked (what the scorer counts by).
enum class Style {
    pen_fill,        ///< bubbles filled in pen
    hb_fill,         ///< filled with an HB pencil
    light_pencil,    ///< filled with a light pencil
    tick,            ///< a tick on the bubble or box
    small_cross,     ///< a small x inside it
    circled,         ///< the letter circled, its bubble left empty
    erased_refill,   ///< another answer rubbed out (gray residue), this one filled
    big_x_change,    ///< another answer filled and crossed out with a big X, this one filled
    half_fill,       ///< about half filled
    two_filled,      ///< two bubbles filled where one is expected (ambiguous)
    blank,           ///< left blank
    digits_bubbled,  ///< digits written in the grid's boxes and their bubbles filled
    digits_written,  ///< digits written in the boxes, no bubble filled
    teacher_fill,    ///< the teacher filled the score's bubble
    teacher_circle,  ///< the teacher circled the score
    teacher_tick,    ///< the teacher ticked the score
    teacher_slash,   ///< the teacher struck the score with one slash
};

std::string_view to_string(Style s);
std::string_view to_string(Habit h);
/// Every style, in the order of the scorer's table.
const std::vector<Style>& all_styles();
/// Parses a style's name; false when it is none.
bool parse_style(std::string_view text, Style& out);

/// The truth of one question of one sheet.
struct Truth {
    std::size_t sheet = 0;  ///< into ClassSet::sheets
    std::string page;       ///< the page its marks are on ("A1")
    int question = 0;       ///< source index
    std::string printed;    ///< printed number
    std::string marked;     ///< what the student (or teacher) meant, in responses.csv's form
    Style style = Style::blank;
    bool ambiguous = false;  ///< a careful person would ask
};

/// Each student's habit: a mixed class's shares, or all `pen`.
std::vector<Habit> draw_habits(std::size_t students, bool pens_only, Rng& rng);

/// Marks printed page `page` of the class set on `raster` (rendered from
/// the class set's PDF) as sheet's student with `habit` would, and the
/// teacher after them; appends the truth of each question on it.
void mark_page(Raster& raster, const ClassSet& set, const PrintedPage& page, Habit habit, double ability,
               Rng& rng, std::vector<Truth>& truth);

}  // namespace classgen
