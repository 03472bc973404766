// The validated worksheet model. Plain data: no YAML, no PDF. Every node
// keeps the file:line:column it was read from, so later stages can still
// point a teacher at the right place.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"

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

/// One question. Type-specific fields are used only by their type.
struct Question {
    QuestionType type = QuestionType::choice;
    Loc loc;
    Text prompt;           ///< required, except for `fill` (optional there)
    Text explain;          ///< shown in the key when explanations are on
    int points = 1;
    bool pin = false;      ///< keeps its place when questions shuffle

    /// `image` resolved against the worksheet's folder ("" when none), and
    /// `image_width` in millimetres (0 = the layout's default).
    Text image;
    double image_width_mm = 0;
    Text image_alt;        ///< `alt`: the picture in words (the quiz page's alt text)

    // choice and multi
    std::vector<Option> options;
    std::size_t answer = 0;            ///< choice: index into options of the correct one
    std::vector<std::size_t> answers;  ///< multi: indices of the correct options, ascending
    bool shuffle_options = true;       ///< per-question `shuffle: false` turns it off (choice,
                                       ///< multi, match, order, fill's bank)

    // truefalse
    bool truth = false;

    // short
    Text model_answer;  ///< `answer`
    int lines = 2;      ///< writing lines

    // fill
    std::vector<FillPart> fill;     ///< `text` split at its `[[gaps]]`, in order
    bool bank = false;              ///< print a shuffled word bank
    std::vector<Text> distractors;  ///< extra wrong words for the bank

    // match
    std::vector<MatchPair> pairs;

    // order: `items` in the correct order
    std::vector<Text> items;

    // numeric
    double value = 0;
    std::string value_text;  ///< the answer as written (e.g. "9.81"), for the key
    double tolerance = 0;
    std::string tolerance_text;
    Text unit;
};

/// A titled group of questions. A worksheet written with a plain
/// `questions:` list has one untitled section.
struct Section {
    Text title;  ///< empty for the implicit section
    Text instructions;
    std::vector<Question> questions;
    Loc loc;
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
    Text instructions;
    Text template_name{"classic", {}};
    bool shuffle_questions = true;
    bool shuffle_options = true;
    Text key_title{"Answer key", {}};
    Text key_note{"For grown-ups. Fold this page away before handing over the rest.", {}};
    bool key_explanations = true;
    bool uses_sections = false;  ///< written with `sections:` (else one implicit section)
    std::vector<Section> sections;
    Loc loc;

    /// Number of questions over all sections.
    std::size_t question_count() const;
};

}  // namespace handout
