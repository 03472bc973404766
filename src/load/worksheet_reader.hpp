// Private to src/load: the worksheet reader, whose members are spread over
// one file per job: worksheet_reader.cpp (the top level, sections and the
// keys every question has), value_readers.cpp (texts, numbers, lists),
// read_choices.cpp (choice, truefalse, multi), read_written.cpp (short, fill,
// numeric), read_arranged.cpp (match, order) and read_space.cpp (space,
// gap widths).
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/image.hpp"
#include "handout/model.hpp"
#include "load/yaml_support.hpp"

namespace handout::load {

/// The keys of an option written as a mapping.
inline const std::vector<std::string_view> option_keys = {"text", "pin"};

/// One question type of the format, with the keys of its own.
struct TypeInfo {
    std::string_view name;
    QuestionType type;
    std::vector<std::string_view> keys;
};

/// "a choice", "an order": a type name with its article.
std::string a_type(std::string_view name);

/// "option 'Blue' is written twice (first at line 8)", or, when `again`
/// differs from `first` only in what does not print, that it prints the
/// same as `first` (see printed_form).
std::string twice_message(const std::string& what, const Text& again, const Text& first);

/// Limits of the format's lists.
inline constexpr std::size_t min_options = 2, max_options = 26;
inline constexpr std::size_t min_pairs = 2, max_pairs = 12;
inline constexpr std::size_t min_items = 2, max_items = 12;
inline constexpr std::size_t max_distractors = 50;
/// Most questions of a worksheet, over all its sections.
inline constexpr std::size_t max_questions = 500;
inline constexpr int max_lines = 30;
inline constexpr double max_image_width_mm = 180;

/// Reads one worksheet document into the model, reporting every problem it
/// finds and carrying on, so that one run shows all of them.
class WorksheetReader {
public:
    WorksheetReader(const Source& source, Diagnostics& diags)
        : src_(source), diags_(diags) {}

    Worksheet read(const YAML::Node& root);

private:
    void error(const Loc& loc, std::string message, std::string hint) {
        diags_.error(loc, std::move(message), std::move(hint));
    }
    void error(const YAML::Node& at, std::string message, std::string hint) {
        error(src_.at(at), std::move(message), std::move(hint));
    }

    // Values. Each reports a bad value at its node and returns nullopt.
    bool has_value(const Entry& entry);
    std::optional<Text> text(const YAML::Node& value, std::string_view name, bool nonempty);
    std::optional<Text> text(const Entry& entry, bool nonempty = false);
    std::optional<bool> boolean(const Entry& entry);
    std::optional<int> positive_int(const Entry& entry);
    std::optional<Points> points(const Entry& entry);
    std::optional<Scoring> scoring(const Entry& entry);
    /// `dir`: ltr or rtl (Worksheet::dir), else a located error.
    std::optional<Text> direction(const Entry& entry);
    void read_grid(const Entry& e, Numeric& body);
    std::optional<Text> slug(const Entry& entry, std::string_view example);
    bool is_list(const Entry& entry, std::string_view of_what, std::string_view hint);
    std::optional<int> int_in_range(const Entry& entry, int low, int high);
    std::optional<double> number(const Entry& entry, std::string& written);
    std::vector<Text> text_list(const Entry& entry, const std::string& item_name,
                                std::string_view of_what, std::string_view hint);
    void read_gap_widths(const Entry& entry, Fill& body);
    bool check_count(const Entry& entry, std::size_t count, std::size_t low, std::size_t high,
                     const std::string& what, std::string_view type);
    std::size_t verbatim_offset(const YAML::Node& node, const std::string& text) const;

    // Parts of the worksheet.
    void read_settings(const Entries& keys, Worksheet& sheet);
    void read_body(const Entries& keys, Worksheet& sheet);
    void read_fields(const Entry& entry, Worksheet& sheet);
    void read_shuffle(const Entry& entry, Worksheet& sheet);
    void read_key(const Entry& entry, Worksheet& sheet);
    std::vector<Section> read_sections(const Entry& entry);
    std::vector<Question> read_questions(const Entry& entry);
    std::vector<Question> read_include(const Entry& entry);
    std::vector<Question> read_bank(const std::string& path, const Loc& included_at);
    void read_pool(const Entries& keys, Section& section);
    void read_tags(const Entry& entry, Question& question);
    std::optional<Question> read_question(const YAML::Node& node);
    const TypeInfo* read_type(const Entries& keys);
    void read_choice(const Entries& keys, Question& question);
    void read_options(const Entry& entry, Question& question);
    void read_choice_answer(const Entry& entry, Question& question);
    std::optional<std::size_t> find_option(const Text& answer, Question& question);
    void warn_unpinned_catch_alls(const Question& question);
    void read_truefalse(const Entries& keys, Question& question);
    void read_image(const Entries& keys, Question& question);
    void read_multi(const Entries& keys, Question& question);
    void read_short(const Entries& keys, Question& question);
    void read_fill(const Entries& keys, Question& question);
    void read_fill_text(const Entry& entry, Question& question);
    void read_match(const Entries& keys, Question& question);
    void read_order(const Entries& keys, Question& question);
    void read_numeric(const Entries& keys, Question& question);
    void read_question_shuffle(const Entries& keys, Question& question);
    void read_space(const Entries& keys, Question& question);
    void read_vars(const Entry& entry, Question& question);
    std::optional<VarDef> read_var(const YAML::Node& key, const YAML::Node& value);
    bool read_range(const YAML::Node& map, const Entries& keys, VarDef& var);
    bool read_var_list(const YAML::Node& list, VarDef& var);
    /// True when `entry` (a numeric answer or tolerance) writes `{{…}}` in a question with vars.
    bool varying(const Entry& entry, const Question& question) const;
    std::optional<double> millimetres(const Entry& entry, double low, double high, std::string_view example);

    const Source& src_;
    Diagnostics& diags_;
    bool sheet_shuffles_options_ = true;  ///< `shuffle: {options: …}`, read before the questions
    Scoring sheet_scoring_ = Scoring::all_or_nothing;  ///< `scoring`, read before the questions
    bool sheet_comma_ = false;  ///< numbers print with a decimal comma (`lang`, read before the questions)
    std::size_t questions_written_ = 0;   ///< entries of the question lists read so far
    std::map<std::string, std::shared_ptr<const GrayImage>> images_;  ///< decoded, by resolved path
};

}  // namespace handout::load
