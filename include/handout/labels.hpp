// The words handout prints around the teacher's text (Name, Date, True,
// page n of m, marks, the key's title …), as one set per language: a
// worksheet's `lang:` chooses the set, `labels:` (in the worksheet or its
// page style) overrides single labels.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/points.hpp"

namespace handout {

/// Every printed label of one language.
struct Labels {
    std::string lang = "en";  ///< the BCP 47 language of the set (`<html lang>`)
    std::string name = "Name", class_name = "Class", date = "Date";
    std::string true_word = "True", false_word = "False";
    std::string true_letter = "T", false_letter = "F";  ///< in the truefalse bubbles
    std::string multi_hint = "Fill the box of every answer that applies.";
    std::string order_hint = "Put them in order: fill bubble 1 for the first, 2 for the next, and so on.";
    std::string digits_hint = "Write one character in each box, from the left, then fill the bubble under it.";
    std::string answer = "Answer:";    ///< before a numeric answer's box
    std::string teacher = "Teacher";   ///< the teacher box's label
    std::string page = "page {n} of {m}";
    std::string answer_key = "Answer key";
    std::string key_note = "For grown-ups. Fold this page away before handing over the rest.";
    std::string answer_sheet = "Answer sheet";
    std::string marking_note = "Fill bubbles and boxes completely. To change an answer, cross it out with a large X.";
    std::string student_number = "Student number: write it in the boxes, then fill a bubble under each digit.";
    std::string on_question_sheet = "on the question sheet";
    std::string item = "item";
    std::string ages = "ages";
    // The teacher's marking pack (`handout batch --keys`) and the feedback
    // slips (`handout mark --slips`):
    std::string marking_grid = "Marking grid";  ///< the grid's title, footer and bookmark
    std::string sheet_code = "Sheet code";      ///< the grid's code column
    std::string answer_spread = "Where the correct answer falls, per question";
    std::string see_key = "key";                ///< a grid cell whose answer is on the key page
    std::string marking_pack = "Marking pack";  ///< the pack's PDF title
    std::string booklet = "Booklet";            ///< a booklet's bookmark
    std::string feedback = "Feedback";          ///< the slips' footer and title
    std::string your_answer = "Your answer", right_answer = "Right answer";
    std::string not_answered = "not answered";
    std::string teacher_marked = "marked by your teacher";
    std::string to_be_marked = "your teacher will look at this answer";
    std::string score = "Score", score_so_far = "Score so far";
    std::string still_open = "{n} still to be marked";  ///< `{n}`: answers a person still has to mark
    /// Points earned of the most: `{n}` and `{m}` the numbers, `{n_marks}`
    /// and `{m_marks}` each with the word for marks in the form it asks for.
    std::string earned = "{n} of {m_marks}";
    PointsWords points;  ///< marks (with the language's plural forms), Total, partial
    /// After a label ("Total:"): French sets a no-break space before it
    /// ("Total :"), Chinese and Japanese write the full-width colon ("总分：").
    std::string colon = ":";

    /// `label`, its colon and the space before a value: "Total: ",
    /// "Total : ", "总分：" (a full-width colon holds its own space).
    std::string with_colon(std::string_view label) const;
    /// `page` with n and m filled in.
    std::string page_of(std::size_t n, std::size_t m) const;
    /// `still_open` with n filled in.
    std::string still_open_of(std::size_t n) const;
    /// `earned` with `n` (½ printed "½", a share of a partial multi "0.67",
    /// undecided "?") and `m` filled in: "½ of 1 mark", "2 балла из 5".
    std::string earned_of(std::optional<double> n, Points m) const;
};

/// The languages with a built-in set, in the order docs list them.
const std::vector<std::string_view>& label_languages();

/// The built-in set of a BCP 47 tag: its language subtag, any case (`fr`,
/// `fr-CA` and `FR` give French); for Chinese its script, else its region
/// (`zh-Hant`, `zh-TW`, `zh-HK` and `zh-MO` give traditional characters,
/// `zh`, `zh-Hans`, `zh-CN` and `zh-SG` simplified); nullptr when there is
/// none.
const Labels* builtin_labels(std::string_view tag);

/// The names a `labels:` map may override, as written in YAML.
const std::vector<std::string_view>& label_names();

/// The text of label `name` (one of label_names()); "" for an unknown name.
std::string label_text(const Labels& labels, std::string_view name);

/// Sets label `name` (one of label_names()) to `text`; false for an unknown name.
bool set_label(Labels& labels, std::string_view name, const std::string& text);

/// One label a worksheet or page style overrides (`labels: {name: Pupil}`).
struct LabelOverride {
    std::string name;  ///< one of label_names()
    std::string text;
    Loc loc;           ///< the value
};

struct Worksheet;

/// The labels a worksheet prints with: its `lang`'s set (English when it has
/// none), then the page style's `labels:` (`style`, may be null), then the
/// worksheet's own; a key title or note the worksheet writes (`key:`) wins.
Labels resolve_labels(const Worksheet& ws, const std::vector<LabelOverride>* style);

/// The write-in fields' labels: the worksheet's `fields:` as written, else
/// the labels' Name and Date.
std::vector<std::string> field_labels(const Worksheet& ws, const Labels& labels);

/// The language a worksheet's texts are written in, from its most common
/// short words, among the languages with built-in labels other than English
/// ("fr", "de" …), else from its characters (cjk_language: "zh", "zh-Hant",
/// "ja", "ko"; Arabic, Hebrew or Devanagari letters: "ar", "he", "hi"); "" when its texts look English, are too few to tell, or fit
/// no language clearly. For `check`'s hint to write `lang:`.
std::string guess_language(const Worksheet& ws);

/// The language of a worksheet written in Chinese, Japanese or Korean, from
/// the characters of its texts: "ja" with kana, else "ko" with more Hangul
/// than Han, else with Han "zh-Hant" when more of its frequent characters
/// are in traditional forms (這, 個, 們 …) than in simplified ones (这, 个,
/// 们 …), else "zh"; "" when its CJK characters are fewer than
/// half its Latin letters (an English sheet quoting a few characters). For
/// the quiz page's `<html lang>` when the worksheet writes no `lang:` (the
/// browser picks Chinese, Japanese or Korean glyph forms by it).
std::string cjk_language(const Worksheet& ws);

/// The language of a worksheet written in Thai, Lao, Khmer or Burmese
/// letters ("th", "lo", "km", "my", by the script with most letters), from
/// the characters of its texts; "" when there are fewer of them than half
/// its Latin letters. For the quiz page's `<html lang>` when the worksheet
/// writes no `lang:` (a browser breaks such lines between words, and a
/// screen reader reads them, by it); handout has no labels in these
/// languages (they print in English, or as `labels:` writes them).
std::string unspaced_language(const Worksheet& ws);

}  // namespace handout
