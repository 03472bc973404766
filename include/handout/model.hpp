// The validated worksheet model. Plain data: no YAML, no PDF. Every node
// keeps the file:line:column it was read from, so later stages can still
// point a teacher at the right place.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/labels.hpp"
#include "handout/image.hpp"
#include "handout/points.hpp"

namespace handout {

/// Question types of worksheet format version 1.
enum class QuestionType { choice, truefalse, multi, short_answer, fill, match, order, numeric };

/// The YAML spelling of a question type (`short` for short_answer).
const char* type_name(QuestionType type);

/// A string from the worksheet with the place it was written.
struct Text {
    std::string text;
    Loc loc;
    bool empty() const { return text.empty(); }
};

/// One answer option of a `choice` or `multi` question.
struct Option {
    std::string text;
    bool pin = false;  ///< keeps its position when the other options shuffle
    Loc loc;
};

/// One piece of a `fill` text: plain text, or a gap with its answer.
struct FillPart {
    bool gap = false;
    std::string text;  ///< the plain text, or the gap's answer
    Loc loc;
};

/// One `match` pair: a left item and the right item it goes with.
struct MatchPair {
    Text left;
    Text right;
};

/// `choice`: one correct option.
struct Choice {
    std::vector<Option> options;
    std::size_t answer = 0;  ///< index into options of the correct one
};

/// `truefalse`.
struct TrueFalse {
    bool truth = false;
};

/// `multi`: every correct option is ticked.
struct Multi {
    std::vector<Option> options;
    std::vector<std::size_t> answers;  ///< indices of the correct options, ascending
};

/// `short`: written in a few lines, marked by hand.
struct ShortAnswer {
    Text model_answer;  ///< `answer`
    int lines = 2;      ///< writing lines
};

/// `fill`: a text with gaps, and an optional word bank.
struct Fill {
    std::vector<FillPart> parts;    ///< `text` split at its `[[gaps]]`, in order
    bool bank = false;              ///< print a shuffled word bank
    std::vector<Text> distractors;  ///< extra wrong words for the bank
    double width_mm = 0;            ///< `width`: every gap's width (0: the worksheet's)
    /// `width: [..]`: each gap's own width in millimetres, in gap order
    /// (empty: width_mm for every gap).
    std::vector<double> gap_widths_mm;
};

/// `space`: working space under a question's answer area, in writing lines
/// or millimetres (one of the two is 0).
struct WorkSpace {
    enum class Kind { none, lines, grid, blank };
    Kind kind = Kind::none;
    int lines = 0;
    double mm = 0;
    static constexpr double min_mm = 5, max_mm = 250;
};

/// `match`: left items to pair with right items. Pairs may share a right
/// item (written the same way: "Frog → Amphibian", "Newt → Amphibian"); the
/// right column then lists it once.
struct Match {
    std::vector<MatchPair> pairs;

    /// The right column in source order: for each right item, the index of
    /// the first pair that has it.
    std::vector<std::size_t> right_items() const;
    /// For each pair, the index into right_items() of its right item.
    std::vector<std::size_t> right_of() const;
};

/// `order`: items to put in order.
struct Order {
    std::vector<Text> items;  ///< in the correct order
};

/// `numeric`: a number, within a tolerance, with an optional unit.
struct Numeric {
    double value = 0;
    std::string value_text;  ///< the answer as written (e.g. "9.81"), for the key
    double tolerance = 0;
    std::string tolerance_text;
    Text unit;
    /// `grid`: columns of the digit grid a scanner reads (each column one
    /// character: a digit, the decimal point, or in the first a minus sign);
    /// 0: a box to write the answer in, marked by a person.
    int grid = 0;
    Loc value_loc = {};  ///< where `answer` is written
    static constexpr int grid_min = 2, grid_max = 10;
};

/// One name of a question's `vars:`: a number (or a word) that varies from
/// student to student, drawn by the seed (docs/format.md, "Numbers that
/// vary"). Ranges and lists are drawn; a formula is computed from the others.
struct VarDef {
    enum class Kind { range, list, formula };
    std::string name;
    Loc loc;  ///< the name, as written under `vars:`
    Kind kind = Kind::range;
    double from = 0, to = 0, step = 1;  ///< range: from, from + step, …, to
    std::size_t count = 1;              ///< range, list: how many values it can take
    std::vector<Text> items;            ///< list: each value as written
    std::vector<double> numbers;        ///< list: each value's number (NaN for a word)
    Text formula;                       ///< formula: the expression (muparser's syntax)
    /// `decimals`: how many decimals print; for a range or a list without it, the
    /// most its numbers are written with; -1 for a formula without it (at most 4,
    /// trailing zeros dropped).
    int decimals = -1;
    bool written_decimals = false;  ///< `decimals:` was written (part of the sheet code)
    static constexpr int max_decimals = 10;

    /// True for a list of words (never used in a formula).
    bool words() const;
};

/// The lambdas of a std::visit as one overload set:
/// `std::visit(Overloaded{[](const Choice&) {…}, …}, q.body)`; leaving a type
/// out fails to compile.
template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

/// What a question of each type holds beyond the common fields. The
/// alternatives are in QuestionType's order, so `index()` is the type.
using QuestionBody = std::variant<Choice, TrueFalse, Multi, ShortAnswer, Fill, Match, Order, Numeric>;

/// One question: the fields every type has, and its type's body.
struct Question {
    Loc loc;
    Text prompt;           ///< required, except for `fill` (optional there)
    Text explain;          ///< shown in the key when explanations are on
    Points points;         ///< `points`: default 1, whole or half, at most 100
    Scoring scoring = Scoring::all_or_nothing;  ///< multi: its own `scoring`, else the worksheet's
    bool pin = false;      ///< keeps its place when questions shuffle

    /// `image` resolved against the worksheet's folder ("" when none), and
    /// `image_width` in millimetres (0 = the layout's default).
    Text image;
    double image_width_mm = 0;
    Text image_alt;        ///< `alt`: the picture in words (the quiz page's alt text)
    std::shared_ptr<const GrayImage> picture;  ///< `image` decoded by the loader (null when none)

    WorkSpace space;              ///< `space`: working space (none by default)
    bool shuffle_options = true;  ///< per-question `shuffle: false` turns it off (choice,
                                  ///< multi, match, order, fill's bank)

    /// `vars:`: names drawn per student and printed with `{{name}}`, in the
    /// order written (empty for most questions), and where `vars:` was written.
    std::vector<VarDef> vars;
    Loc vars_loc;
    std::vector<std::string> unreadable_vars;  ///< names under `vars:` whose values had errors (loader)
    /// `tags`: labels of the question (a topic, a difficulty, an outcome, any
    /// word), as written; `topic: fractions` style labels are kept whole.
    std::vector<Text> tags;

    QuestionBody body;

    QuestionType type() const { return static_cast<QuestionType>(body.index()); }
    /// The body as type `T`; throws std::bad_variant_access for another type.
    template <class T> T& as() { return std::get<T>(body); }
    template <class T> const T& as() const { return std::get<T>(body); }
};

static_assert(std::variant_size_v<QuestionBody> == static_cast<std::size_t>(QuestionType::numeric) + 1,
              "QuestionBody has one alternative per QuestionType, in its order");

/// The options of a `choice` or `multi` question (empty for other types).
const std::vector<Option>& options_of(const Question& q);

/// Whether a person marks the question (short, fill, numeric without a
/// digit grid): it prints a teacher box, and `mark` reads its points there.
bool marked_by_teacher(const Question& q);

/// Which text of a question for_each_printed_text passes.
enum class PrintedText { title, header, key_text, prompt, option, fill_part, distractor, match_left, match_right,
                         item, model_answer, unit, explanation, var_value };

/// Calls `f(const std::string& text, const Loc& loc, PrintedText what)` for
/// every text the question can print, on the sheet or in the key, in this
/// order: prompt, options, fill parts (plain text and gap answers), bank
/// distractors, match pairs (left, right), order items, model answer, unit,
/// explanation, the values of its vars' lists. Empty texts are passed too. Every consumer of a question's
/// texts (the font-coverage check, …) walks them here, so a new type lists
/// its texts once.

template <class F>
void for_each_printed_text(const Question& q, F&& f) {
    f(q.prompt.text, q.prompt.loc, PrintedText::prompt);
    std::visit(
        [&](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, Choice> || std::is_same_v<T, Multi>) {
                for (const Option& o : body.options) f(o.text, o.loc, PrintedText::option);
            } else if constexpr (std::is_same_v<T, Fill>) {
                for (const FillPart& p : body.parts) f(p.text, p.loc, PrintedText::fill_part);
                for (const Text& d : body.distractors) f(d.text, d.loc, PrintedText::distractor);
            } else if constexpr (std::is_same_v<T, Match>) {
                for (const MatchPair& p : body.pairs) {
                    f(p.left.text, p.left.loc, PrintedText::match_left);
                    f(p.right.text, p.right.loc, PrintedText::match_right);
                }
            } else if constexpr (std::is_same_v<T, Order>) {
                for (const Text& item : body.items) f(item.text, item.loc, PrintedText::item);
            } else if constexpr (std::is_same_v<T, ShortAnswer>) {
                f(body.model_answer.text, body.model_answer.loc, PrintedText::model_answer);
            } else if constexpr (std::is_same_v<T, Numeric>) {
                f(body.unit.text, body.unit.loc, PrintedText::unit);
            } else {
                static_assert(std::is_same_v<T, TrueFalse>, "a question type whose texts are not listed");
            }
        },
        q.body);
    f(q.explain.text, q.explain.loc, PrintedText::explanation);
    // The values of lists of vars print wherever the question writes {{name}}.
    for (const VarDef& v : q.vars)
        for (const Text& item : v.items) f(item.text, item.loc, PrintedText::var_value);
}

/// A titled group of questions. A worksheet written with a plain
/// `questions:` list has one untitled section.
struct Section {
    Text title;  ///< empty for the implicit section
    Text instructions;
    /// `passage`: a reading text or stimulus printed before the questions in
    /// the body face, its line breaks kept.
    Text passage;
    bool shuffle_questions = true;  ///< `shuffle: false` keeps this section's questions in order
    std::vector<Question> questions;
    Loc loc;

    /// `pick`: a pool: each variant prints this many of `questions` (0: all of
    /// them, an ordinary section). See pool.hpp and docs/format.md, "Pools".
    std::size_t pick = 0;
    Loc pick_loc;
    /// `one_per_tag: true`: no two questions drawn for a sheet share a tag.
    bool one_per_tag = false;
    /// `points` of a pool: every draw totals this many points (nullopt: any).
    std::optional<Points> pool_points;

    /// True for a pool (`pick` written).
    bool is_pool() const { return pick > 0; }
    /// How many questions a sheet prints from it: `pick`, or all.
    std::size_t printed_count() const { return is_pool() ? pick : questions.size(); }
    /// The points it adds to a sheet: the sum of its questions' points; for a
    /// pool, its `points`, else what the first `pick` questions total (the
    /// master copy's draw; equal for every sheet when its questions are worth
    /// the same, which the loader warns about otherwise).
    Points points() const;
};

/// A whole worksheet, as written by the teacher.
struct Worksheet {
    std::string file;  ///< path it was loaded from
    Text id;
    Text title;
    Text subtitle;
    Text subject, topic, ages;
    Text brand, url;
    std::vector<Text> fields{{"Name", {}}, {"Date", {}}};
    bool fields_written = false;  ///< `fields:` written (else Name and Date in the sheet's language)
    /// `lang`: a BCP 47 tag choosing the printed labels' language (labels.hpp).
    Text lang{"en", {}};
    /// `dir`: "ltr" or "rtl" as written; empty when not written (`lang`
    /// decides: right_to_left).
    Text dir;
    /// `labels`: single labels overridden (resolve_labels).
    std::vector<LabelOverride> labels;
    Text instructions;
    Text template_name{"classic", {}};
    bool shuffle_questions = true;
    bool shuffle_options = true;
    Text key_title{"Answer key", {}};
    Text key_note{"For grown-ups. Fold this page away before handing over the rest.", {}};
    bool key_explanations = true;
    /// `id_digits`: columns of the student-number grid on the first page or
    /// the answer sheet (0: none; the roster's name identifies the student).
    int id_digits = 0;
    /// `gap_width`: every fill gap's width in millimetres (0: as wide as the
    /// worksheet's longest gap answer needs, the same for every gap).
    double gap_width_mm = 0;
    static constexpr double gap_width_min = 10, gap_width_max = 150;
    static constexpr int id_digits_max = 12;
    Scoring scoring = Scoring::all_or_nothing;  ///< `scoring`: the default of its multi questions
    bool show_points = true;  ///< `show_points`: points beside each question and the total on the sheet
    bool uses_sections = false;  ///< written with `sections:` (else one implicit section)
    std::vector<Section> sections;
    Loc loc;

    /// Number of questions over all sections (every question of a pool).
    std::size_t question_count() const;
    /// Number of questions a sheet prints (a pool's `pick`).
    std::size_t printed_count() const;
    /// Sum of every question's points: the sheet's total.
    Points points() const;
    /// Whether its pages are mirrored to read right to left: `dir: rtl`, or
    /// without `dir`, a `lang` of a language written right to left (ar, he
    /// or iw, fa, ur; any region).
    bool right_to_left() const;
};

/// Calls `f(text, loc, part)` for every text the worksheet can print: its
/// header, fields, instructions, key title and note, each section's title
/// and instructions, and every question's texts (for_each_printed_text of a
/// question). The id and template name never print.
template <class F>
void for_each_printed_text(const Worksheet& ws, F&& f) {
    f(ws.title.text, ws.title.loc, PrintedText::title);
    for (const Text* t : {&ws.subtitle, &ws.subject, &ws.topic, &ws.ages, &ws.brand, &ws.url, &ws.instructions})
        f(t->text, t->loc, PrintedText::header);
    for (const Text& field : ws.fields) f(field.text, field.loc, PrintedText::header);
    f(ws.key_title.text, ws.key_title.loc, PrintedText::key_text);
    f(ws.key_note.text, ws.key_note.loc, PrintedText::key_text);
    for (const Section& section : ws.sections) {
        f(section.title.text, section.title.loc, PrintedText::title);
        f(section.instructions.text, section.instructions.loc, PrintedText::header);
        f(section.passage.text, section.passage.loc, PrintedText::header);
        for (const Question& q : section.questions) for_each_printed_text(q, f);
    }
}

}  // namespace handout
