// The quiz page's words in the worksheet's language (private to src/html).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "handout/labels.hpp"

namespace handout {

/// The words of a quiz page: its static text and the script's messages, in
/// the language of a label set (English for a key a language lacks).
class QuizWords {
public:
    explicit QuizWords(const Labels& labels);

    /// The message `key` ("startOver", "rules" …), `{name}`s left to fill.
    std::string operator()(std::string_view key) const;

    /// Every message and the word for points with its plural rule, as the
    /// JSON object quiz.js reads (`data.words`).
    nlohmann::ordered_json json() const;

    /// Every message key, in order.
    static std::vector<std::string_view> keys();

    /// Whether `lang` has every message, in the English order, none empty.
    static bool complete(std::string_view lang);

private:
    const std::vector<std::pair<std::string_view, std::string_view>>* pairs_;
    const Labels& labels_;
};

}  // namespace handout
