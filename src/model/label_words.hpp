// The words of a built-in label set as the tables of labels.cpp,
// labels_cjk.cpp and labels_rtl.cpp write them, one row per language (private to src/model).
#pragma once

#include <array>

#include "handout/points.hpp"

namespace handout::label_words {

/// A set from its words, in the order of Labels' members.
struct Words {
    const char *lang, *name, *class_name, *date, *true_word, *false_word, *true_letter, *false_letter,
        *multi_hint, *order_hint, *digits_hint, *answer, *teacher, *page, *answer_key, *key_note,
        *answer_sheet, *marking_note, *student_number, *on_question_sheet, *item, *ages;
    const char *mark, *marks, *marks_few, *marks_fraction, *marks_two;
    PluralRule rule;
    const char *total, *points, *partial;
};

/// The words of the marking pack and the feedback slips, in the order of
/// Labels' members (marking_grid … earned).
struct MarkingWords {
    const char *marking_grid, *sheet_code, *answer_spread, *see_key, *marking_pack, *booklet, *feedback,
        *your_answer, *right_answer, *not_answered, *teacher_marked, *to_be_marked, *score, *score_so_far,
        *still_open, *earned;
};

/// Chinese (simplified "zh", traditional "zh-Hant"), Japanese and Korean,
/// each row of one table with the row of the other in the same place.
extern const std::array<Words, 4> cjk_sets;
extern const std::array<MarkingWords, 4> cjk_marking_sets;

/// Arabic, Hebrew, Persian, Urdu and Hindi (labels_rtl.cpp), in the same way.
extern const std::array<Words, 5> rtl_sets;
extern const std::array<MarkingWords, 5> rtl_marking_sets;

}  // namespace handout::label_words
