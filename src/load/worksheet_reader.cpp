// The top level of a worksheet (its settings, sections and question lists)
// and the keys every question has, whatever its type; each type's own keys
// are read in read_choices.cpp, read_written.cpp and read_arranged.cpp.
#include "load/worksheet_reader.hpp"

#include <algorithm>
#include <filesystem>

#include "handout/io.hpp"
#include "handout/load.hpp"
#include "handout/text.hpp"
#include "handout/vars.hpp"
#include "text/utf8_path.hpp"

namespace handout::load {

namespace {

const std::vector<std::string_view> top_keys = {
    "id",       "title",        "subtitle",  "subject", "topic", "ages",    "brand",       "url",
    "fields",   "instructions", "template",  "shuffle", "key",   "scoring", "show_points", "questions",
    "sections", "id_digits",    "gap_width", "lang",    "dir",   "labels"};
const std::vector<std::string_view> shuffle_keys = {"questions", "options"};
const std::vector<std::string_view> key_keys = {"title", "note", "explanations"};
const std::vector<std::string_view> section_keys = {
    "title", "instructions", "passage", "shuffle", "questions", "include", "pick", "one_per_tag", "points"};

/// Keys every question may have.
const std::vector<std::string_view> common_question_keys = {
    "type", "prompt", "explain", "points", "pin", "image", "image_width", "alt", "space", "vars", "tags"};

/// Every question type of the format, with the keys of its own.
const std::vector<TypeInfo> question_types = {
    {"choice", QuestionType::choice, {"options", "answer", "shuffle"}},
    {"truefalse", QuestionType::truefalse, {"answer"}},
    {"multi", QuestionType::multi, {"options", "answers", "shuffle", "scoring"}},
    {"short", QuestionType::short_answer, {"answer", "lines"}},
    {"fill", QuestionType::fill, {"text", "bank", "distractors", "shuffle", "width"}},
    {"match", QuestionType::match, {"pairs", "shuffle"}},
    {"order", QuestionType::order, {"items", "shuffle"}},
    {"numeric", QuestionType::numeric, {"answer", "tolerance", "unit", "grid"}},
};

/// Every key a question of any type may have: known keys of other types get
/// a "not a key of this type" error rather than "unknown key".
std::vector<std::string_view> all_question_keys() {
    std::vector<std::string_view> keys = common_question_keys;
    for (const auto& info : question_types)
        for (auto key : info.keys)
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    return keys;
}

/// Joins names as "a, b and c".
std::string join(const std::vector<std::string_view>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

}  // namespace

std::string a_type(std::string_view name) {
    const bool vowel = !name.empty() && std::string_view("aeiou").find(name[0]) != std::string_view::npos;
    return (vowel ? "an " : "a ") + std::string(name);
}

// The whole top level: every key is checked even after errors elsewhere.
Worksheet WorksheetReader::read(const YAML::Node& root) {
    Worksheet sheet;
    sheet.file = src_.file();
    sheet.loc = {src_.file(), 1, 1};
    if (!root.IsMap()) {
        error(root.IsNull() ? sheet.loc : src_.at(root),
              root.IsNull() ? "the worksheet is empty"
                            : "a worksheet must be a mapping of keys, found " +
                                  describe(root),
              "start with keys such as 'id: fractions-1', 'title: Fractions' and "
              "'questions:'");
        return sheet;
    }
    sheet.loc = src_.at(root);
    const Entries keys = read_entries(
        src_, diags_, root, "the worksheet", top_keys,
        "the worksheet's keys are " + join(top_keys));
    read_settings(keys, sheet);
    read_body(keys, sheet);
    return sheet;
}

// Scalar settings, each replacing its default when it is valid.
void WorksheetReader::read_settings(const Entries& keys, Worksheet& sheet) {
    const auto set_text = [&](const char* name, Text& field, bool nonempty = false) {
        if (const Entry* e = keys.find(name))
            if (auto value = text(*e, nonempty)) field = *value;
    };
    if (const Entry* e = keys.find("id")) {
        if (auto value = slug(*e, "fractions-1")) sheet.id = *value;
    } else {
        error(sheet.loc, "the worksheet has no 'id'",
              "add a short name such as 'id: fractions-1' (lowercase letters, digits, dashes)");
    }
    if (keys.find("title")) set_text("title", sheet.title, true);
    else error(sheet.loc, "the worksheet has no 'title'", "add 'title: …' with its heading");
    set_text("subtitle", sheet.subtitle);
    set_text("subject", sheet.subject);
    set_text("topic", sheet.topic);
    set_text("ages", sheet.ages);  // a number (12) or a range (23-24), kept as written
    set_text("brand", sheet.brand);
    set_text("url", sheet.url);
    set_text("instructions", sheet.instructions);
    // A style's name, or a path to a style file (from the worksheet's folder).
    if (const Entry* e = keys.find("template")) {
        const auto written = text(*e, true);
        if (written && is_template_path(written->text)) sheet.template_name = *written;
        else if (written)
            if (auto value = slug(*e, "classic")) sheet.template_name = *value;
    }
    if (const Entry* e = keys.find("fields")) read_fields(*e, sheet);
    if (const Entry* e = keys.find("lang"))
        if (auto value = read_lang(src_, diags_, *e)) sheet.lang = *value;
    if (const Entry* e = keys.find("dir"))
        if (auto value = direction(*e)) sheet.dir = *value;
    sheet_comma_ = decimal_comma(sheet);
    if (const Entry* e = keys.find("labels")) sheet.labels = read_labels(src_, diags_, *e);
    if (const Entry* e = keys.find("shuffle")) read_shuffle(*e, sheet);
    if (const Entry* e = keys.find("key")) read_key(*e, sheet);
    if (const Entry* e = keys.find("gap_width"))
        if (auto mm = millimetres(*e, Worksheet::gap_width_min, Worksheet::gap_width_max, "35"))
            sheet.gap_width_mm = *mm;
    if (const Entry* e = keys.find("id_digits")) {
        if (auto value = positive_int(*e)) {
            if (*value <= Worksheet::id_digits_max)
                sheet.id_digits = *value;
            else
                error(e->value, "'id_digits' must be from 1 to 12, found " + std::to_string(*value),
                      "write the number of digits of your school's student numbers, such as id_digits: 6");
        }
    }
    if (const Entry* e = keys.find("scoring"))
        if (auto value = scoring(*e)) sheet.scoring = sheet_scoring_ = *value;
    if (const Entry* e = keys.find("show_points"))
        if (auto value = boolean(*e)) sheet.show_points = *value;
}

// Exactly one of `questions` and `sections`.
void WorksheetReader::read_body(const Entries& keys, Worksheet& sheet) {
    const Entry* questions = keys.find("questions");
    const Entry* sections = keys.find("sections");
    if (questions && sections) {
        const Entry* later =
            questions->key.Mark().pos > sections->key.Mark().pos ? questions : sections;
        error(later->key, "a worksheet has either 'questions' or 'sections', not both",
              "put every question inside a section, or drop 'sections'");
    } else if (!questions && !sections) {
        error(sheet.loc, "the worksheet has no 'questions'",
              "add 'questions:' with a list of questions (or 'sections:')");
    }
    if (questions) {
        Section implicit;
        implicit.loc = src_.at(questions->key);
        implicit.questions = read_questions(*questions);
        sheet.sections.push_back(std::move(implicit));
    }
    if (sections) {
        sheet.uses_sections = true;
        for (auto& section : read_sections(*sections)) sheet.sections.push_back(std::move(section));
    }
}

void WorksheetReader::read_fields(const Entry& entry, Worksheet& sheet) {
    if (!is_list(entry, "field names", "write fields: [Name, Date], or fields: [] for none"))
        return;
    if (entry.value.size() > max_fields) {
        error(entry.value,
              "'fields' has " + with_commas(entry.value.size()) + " names; the limit is " +
                  std::to_string(max_fields),
              "a sheet's header has room for a few write-in fields, such as [Name, Class, Date]");
        return;
    }
    std::vector<Text> fields;
    for (const auto& item : entry.value)
        if (auto value = text(item, "a field name", true)) fields.push_back(*value);
    sheet.fields = std::move(fields);
    sheet.fields_written = true;
}

void WorksheetReader::read_shuffle(const Entry& entry, Worksheet& sheet) {
    if (!has_value(entry)) return;
    if (!entry.value.IsMap()) {
        error(entry.value, "'shuffle' must be a mapping, found " + describe(entry.value),
              "write shuffle: {questions: false, options: false}");
        return;
    }
    const Entries keys = read_entries(src_, diags_, entry.value, "'shuffle'",
                                            shuffle_keys, "'shuffle' has questions and options");
    if (const Entry* e = keys.find("questions"))
        if (auto value = boolean(*e)) sheet.shuffle_questions = *value;
    if (const Entry* e = keys.find("options"))
        if (auto value = boolean(*e)) sheet.shuffle_options = *value;
    sheet_shuffles_options_ = sheet.shuffle_options;
}

void WorksheetReader::read_key(const Entry& entry, Worksheet& sheet) {
    if (!has_value(entry)) return;
    if (!entry.value.IsMap()) {
        error(entry.value, "'key' must be a mapping, found " + describe(entry.value),
              "write key: {title: Answer key, explanations: false}");
        return;
    }
    const Entries keys = read_entries(src_, diags_, entry.value, "'key'", key_keys,
                                            "'key' has title, note and explanations");
    if (const Entry* e = keys.find("title"))
        if (auto value = text(*e, true)) sheet.key_title = *value;
    if (const Entry* e = keys.find("note"))
        if (auto value = text(*e)) sheet.key_note = *value;
    if (const Entry* e = keys.find("explanations"))
        if (auto value = boolean(*e)) sheet.key_explanations = *value;
}

std::vector<Section> WorksheetReader::read_sections(const Entry& entry) {
    std::vector<Section> sections;
    if (!is_list(entry, "sections", "write each section as '- title: …' with its 'questions:'"))
        return sections;
    if (entry.value.size() == 0)
        error(entry.value, "'sections' is empty", "add at least one section");
    for (const auto& node : entry.value) {
        if (!node.IsMap()) {
            error(node.IsNull() ? src_.at(entry.value) : src_.at(node),
                  "a section must be a mapping with title and questions, found " +
                      describe(node),
                  "write '- title: …' followed by 'questions:'");
            continue;
        }
        Section section;
        section.loc = src_.at(node);
        const Entries keys =
            read_entries(src_, diags_, node, "a section", section_keys,
                         "a section has title, instructions, passage, shuffle, questions, include, "
                         "pick, one_per_tag and points");
        if (const Entry* e = keys.find("title")) {
            if (auto value = text(*e, true)) section.title = *value;
        } else {
            error(node, "the section has no 'title'", "add 'title: …' to the section");
        }
        if (const Entry* e = keys.find("instructions"))
            if (auto value = text(*e)) section.instructions = *value;
        if (const Entry* e = keys.find("passage"))
            if (auto value = text(*e, true)) section.passage = *value;
        if (const Entry* e = keys.find("shuffle"))
            if (auto value = boolean(*e)) section.shuffle_questions = *value;
        const Entry* included = keys.find("include");
        if (const Entry* e = keys.find("questions"))
            section.questions = read_questions(*e);
        else if (!included)
            error(node, "the section has no 'questions'",
                  "add 'questions:' to the section, or 'include:' a bank file of questions");
        if (included)
            for (auto& q : read_include(*included)) section.questions.push_back(std::move(q));
        read_pool(keys, section);
        sections.push_back(std::move(section));
    }
    return sections;
}

std::vector<Question> WorksheetReader::read_questions(const Entry& entry) {
    std::vector<Question> questions;
    if (!is_list(entry, "questions", "start each question with '- prompt: …'")) return questions;
    if (entry.value.size() == 0)
        error(entry.value, "'questions' is empty", "add at least one question");
    // Over the limit: reported once at the list that crosses it, which is
    // then not read (so a huge list costs no more than its parse).
    questions_written_ += entry.value.size();
    if (questions_written_ > max_questions) {
        error(entry.value,
              "a worksheet has at most " + std::to_string(max_questions) +
                  " questions; with this list it has " + std::to_string(questions_written_),
              "split it into several worksheets");
        return questions;
    }
    for (const auto& node : entry.value)
        if (auto question = read_question(node)) questions.push_back(std::move(*question));
    return questions;
}

// ---------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------

namespace {

/// The hint for an unknown key of a question: the keys of its type when the
/// type is known, else every type's keys.
std::string question_keys_hint(const YAML::Node& node) {
    std::string type = "choice";
    if (node.IsMap())
        for (auto it = node.begin(); it != node.end(); ++it)
            if (it->first.IsScalar() && it->first.Scalar() == "type" && it->second.IsScalar())
                type = it->second.Scalar();
    for (const auto& info : question_types) {
        if (info.name != type) continue;
        std::vector<std::string_view> keys = common_question_keys;
        keys.insert(keys.end(), info.keys.begin(), info.keys.end());
        return a_type(info.name) + " question has " + join(keys);
    }
    std::string hint = "a question has " + join(common_question_keys) + ", plus the keys of its type";
    return hint;
}

}  // namespace

// One question: common keys, then the keys of its type. A question whose
// type is unknown is reported once, without more noise.
std::optional<Question> WorksheetReader::read_question(const YAML::Node& node) {
    if (!node.IsMap()) {
        error(node, "a question must be a mapping of keys, found " + describe(node),
              "write '- prompt: …' followed by the question's other keys, indented alike");
        return std::nullopt;
    }
    const Entries keys = read_entries(src_, diags_, node, "a question", all_question_keys(),
                                            question_keys_hint(node));
    const TypeInfo* info = read_type(keys);
    if (!info) return std::nullopt;
    const std::size_t diags_before = diags_.items().size();

    Question question;
    question.loc = src_.at(node);

    // Keys that belong to other question types.
    for (const auto& entry : keys.all()) {
        const auto& own = info->keys;
        if (std::find(common_question_keys.begin(), common_question_keys.end(), entry.name) !=
                common_question_keys.end() ||
            std::find(own.begin(), own.end(), entry.name) != own.end())
            continue;
        std::vector<std::string_view> owners;
        for (const auto& other : question_types)
            if (std::find(other.keys.begin(), other.keys.end(), entry.name) != other.keys.end())
                owners.push_back(other.name);
        error(entry.key,
              "'" + entry.name + "' is not a key of " + a_type(info->name) + " question",
              "'" + entry.name + "' belongs to " + join(owners) + " questions; " +
                  a_type(info->name) + " question has " + join(info->keys));
    }

    // Keys common to every type; `fill` needs no prompt (its text says it all).
    if (const Entry* e = keys.find("prompt")) {
        if (auto value = text(*e, true)) question.prompt = *value;
    } else if (info->type != QuestionType::fill) {
        error(node, "the question has no 'prompt'", "add 'prompt: …' with the question's text");
    }
    if (const Entry* e = keys.find("explain"))
        if (auto value = text(*e)) question.explain = *value;
    if (const Entry* e = keys.find("points"))
        if (auto value = points(*e)) question.points = *value;
    question.scoring = sheet_scoring_;
    if (const Entry* e = keys.find("pin"))
        if (auto value = boolean(*e)) question.pin = *value;
    read_image(keys, question);
    read_space(keys, question);
    if (const Entry* e = keys.find("vars")) read_vars(*e, question);
    if (const Entry* e = keys.find("tags")) read_tags(*e, question);

    switch (info->type) {
        case QuestionType::choice: read_choice(keys, question); break;
        case QuestionType::truefalse: read_truefalse(keys, question); break;
        case QuestionType::multi: read_multi(keys, question); break;
        case QuestionType::short_answer: read_short(keys, question); break;
        case QuestionType::fill: read_fill(keys, question); break;
        case QuestionType::match: read_match(keys, question); break;
        case QuestionType::order: read_order(keys, question); break;
        case QuestionType::numeric: read_numeric(keys, question); break;
    }
    // Every draw of the vars, once the question is whole (its texts say
    // where the vars print).
    bool clean = true;
    for (std::size_t i = diags_before; i < diags_.items().size(); ++i)
        clean = clean && diags_.items()[i].severity != Severity::error;
    check_vars(question, sheet_comma_, diags_, clean);
    return question;
}

// `type`, defaulting to choice. Returns nullptr after reporting a bad one.
const TypeInfo* WorksheetReader::read_type(const Entries& keys) {
    const Entry* e = keys.find("type");
    if (!e) return &question_types.front();
    if (!has_value(*e)) return nullptr;
    const std::string name = e->value.IsScalar() ? e->value.Scalar() : std::string();
    for (const auto& info : question_types)
        if (info.name == name) return &info;
    std::vector<std::string_view> names;
    names.reserve(question_types.size());
    for (const auto& info : question_types) names.push_back(info.name);
    // What other tools (Moodle, GIFT, QTI, Google Forms) call their types.
    static const std::pair<std::string_view, std::string_view> foreign[] = {
        {"multiple-choice", "choice"}, {"multiplechoice", "choice"}, {"multichoice", "choice"},
        {"mc", "choice"},              {"mcq", "choice"},            {"single", "choice"},
        {"single-choice", "choice"},   {"radio", "choice"},          {"multiple-answer", "multi"},
        {"multiple-response", "multi"}, {"multiple-select", "multi"}, {"checkbox", "multi"},
        {"checkboxes", "multi"},       {"tf", "truefalse"},          {"true-false", "truefalse"},
        {"true/false", "truefalse"},   {"truefalse", "truefalse"},   {"boolean", "truefalse"},
        {"yes-no", "truefalse"},       {"essay", "short"},           {"shortanswer", "short"},
        {"short-answer", "short"},     {"open", "short"},            {"text", "short"},
        {"free-text", "short"},        {"paragraph", "short"},       {"matching", "match"},
        {"pairs", "match"},            {"cloze", "fill"},            {"gap", "fill"},
        {"gapfill", "fill"},           {"gap-fill", "fill"},         {"missing-word", "fill"},
        {"blanks", "fill"},            {"fill-in", "fill"},          {"ordering", "order"},
        {"sequence", "order"},         {"sort", "order"},            {"ranking", "order"},
        {"number", "numeric"},         {"numerical", "numeric"},     {"calculated", "numeric"},
    };
    std::string suggestion;
    if (e->value.IsScalar()) {
        const std::string lower = ascii_lower(name);
        for (const auto& [other, ours] : foreign)
            if (lower == other) suggestion = " (did you mean '" + std::string(ours) + "'?)";
        if (suggestion.empty()) suggestion = did_you_mean(name, names);
    }
    std::string hint = "the question types are " + join(names);
    if (suggestion.find("'short'") != std::string::npos && ascii_lower(name) == "essay")
        hint = "handout has no essay type: use 'short' with 'lines:' for the space to write (up to 30 lines)";
    error(e->value, "unknown question type " + describe(e->value) + suggestion, hint);
    return nullptr;
}

// `image`: a PNG or JPEG file, relative to the worksheet's folder, that must
// exist and be readable (decoding it is the layout's job); `image_width` in
// millimetres, and `alt` (the picture in words, for the quiz page), only with
// an image; an image without `alt` gets a warning.
void WorksheetReader::read_image(const Entries& keys, Question& question) {
    namespace fs = std::filesystem;
    const Entry* image = keys.find("image");
    if (image) {
        if (auto value = text(*image, true)) {
            const fs::path written = utf8_path(value->text);
            const fs::path resolved = (utf8_path(src_.file()).parent_path() / written).lexically_normal();
            const std::string ext = ascii_lower(written.extension().string());
            std::error_code ec;
            const std::string shown = quote_text(value->text);
            const std::string where = "the path is relative to the worksheet's folder (" +
                                      resolved.string() + " was looked for)";
            if (ext != ".png" && ext != ".jpg" && ext != ".jpeg") {
                error(value->loc,
                      "image " + shown + " must be a PNG or JPEG file (.png, .jpg or .jpeg)" +
                          (ext.empty() ? std::string() : ", found '" + ext + "'"),
                      "save the picture as PNG or JPEG and give that file's name");
            } else if (!fs::exists(resolved, ec)) {
                error(value->loc, "image " + shown + " not found", where);
            } else if (fs::is_directory(resolved, ec)) {
                error(value->loc, "image " + shown + " is a folder, not a file",
                      "give the path of the picture file inside it");
            } else if (const std::string why = unreadable_reason(resolved.string()); !why.empty()) {
                // Checked without blocking: a named pipe would hang a plain open.
                error(value->loc, "image " + shown + " cannot be read: " + why,
                      "give the path of a PNG or JPEG file that you can read");
            } else {
                // Decoded here, once per file, so that a damaged picture is
                // reported with the other errors of the file, in order.
                question.image = {resolved.string(), value->loc};
                auto& decoded = images_[resolved.string()];
                try {
                    if (!decoded) decoded = std::make_shared<const GrayImage>(decode_image(resolved.string()));
                    question.picture = decoded;
                } catch (const ImageError& e) {
                    error(value->loc, "image " + shown + ": " + e.reason(),
                          e.hint().empty() ? "use a PNG or JPEG file" : e.hint());
                    images_.erase(resolved.string());
                }
            }
        }
    }
    if (const Entry* e = keys.find("alt")) {
        if (!image)
            error(e->key, "'alt' is set but the question has no 'image'",
                  "add 'image: picture.png', or remove 'alt'");
        else if (auto value = text(*e, true))
            question.image_alt = *value;
    } else if (!question.image.empty()) {
        diags_.warning(question.image.loc, "image " + quote_text(image->value.Scalar()) +
                                               " has no 'alt' text",
                       "add 'alt: …' saying what the picture shows, in a sentence: the quiz page "
                       "gives it to students who cannot see the picture");
    }
    if (const Entry* e = keys.find("image_width")) {
        std::string written;
        if (!image) {
            error(e->key, "'image_width' is set but the question has no 'image'",
                  "add 'image: picture.png', or remove 'image_width'");
        } else if (auto value = number(*e, written)) {
            if (*value > 0 && *value <= max_image_width_mm)
                question.image_width_mm = *value;
            else
                error(e->value,
                      "'image_width' must be more than 0 and at most 180 (millimetres), found " +
                          written,
                      "for example image_width: 60 (the text of an A4 page is 170 mm wide in "
                      "the classic style; a wider picture is scaled to fit)");
        }
    }
}

void WorksheetReader::read_question_shuffle(const Entries& keys, Question& question) {
    if (const Entry* e = keys.find("shuffle"))
        if (auto value = boolean(*e)) question.shuffle_options = *value;
}

}  // namespace handout::load
