// The quiz page's words in each language of the printed labels
// (labels.hpp): its static text (html.cpp) and the script's buttons and
// messages (quiz.js reads them as `data.words`). `{name}` marks a value the
// script fills in; the word for points comes from the label set, with its
// plural forms.
#include "html/quiz_words.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "handout/text.hpp"
#include "html/quiz_words_tables.hpp"

namespace handout {

namespace quiz_words {

const Pairs english = {
    {"skip", "Skip to the questions"},
    {"scoreAria", "Score"},
    {"beforeStart", "Before you start"},
    {"rules", "Each answer counts as soon as you give it: tapping an option chooses it, and it cannot be changed. "
              "Questions with boxes to fill in or tick are marked when you press {check}."},
    {"codePrompt", "Marking a printed sheet? Type the sheet code from its foot, like"},
    {"openSheet", "Open this sheet"},
    {"kept", "Your answers are kept in this browser, for this sheet code, until you start over."},
    {"startOver", "Start over"},
    {"noscript", "This quiz needs JavaScript. Ask your teacher for the printed sheet {code}."},
    {"sheetCode", "Sheet code"},
    {"score", "Score: {score} of {total} · {answered} of {count} answered"},
    {"right", "✓ Right: +{points}."},
    {"notQuite", "✗ Not quite."},
    {"correctAnswer", "Correct answer: "},
    {"markRight", "✓ right"},
    {"markWrong", "✗ wrong"},
    {"yourAnswerRight", "Your answer ✓"},
    {"yourAnswerWrong", "Your answer ✗"},
    {"correct", "Correct ✓"},
    {"true", "True"},
    {"false", "False"},
    {"tickHint", "Tick all that apply, then press Check."},
    {"tickFirst", "Tick at least one option first."},
    {"ticked", "Ticked ✓"},
    {"missed", "Missed ✗"},
    {"wrongTick", "Wrong ✗"},
    {"partly", "◐ Partly right: +{earned} of {points}."},
    {"yourAnswer", "Your answer"},
    {"showModel", "Show model answer"},
    {"markedRight", "✓ You marked this right: +{points}."},
    {"markedWrong", "✗ You marked this wrong."},
    {"modelAnswer", "Model answer: "},
    {"compare", "Compare it with yours. Was yours right?"},
    {"gotRight", "I got it right"},
    {"gotWrong", "I got it wrong"},
    {"gap", "Gap {n}"},
    {"gapHint", "Type the missing word in each gap, then press Check."},
    {"wordBank", "Word bank:"},
    {"gapsFirst", "Type an answer in the gaps first."},
    {"gapEmpty", "Gap {gaps} is empty. Fill in what you can, or press Check again to check your answers as they are."},
    {"gapsEmpty", "Gaps {gaps} are empty. Fill in what you can, or press Check again to check your answers as they are."},
    {"choose", "Choose…"},
    {"matchHint", "Choose the letter that goes with each numbered item, then press Check."},
    {"answersToChoose", "Answers to choose from"},
    {"matchFirst", "Choose a letter for every item first."},
    {"orderHint", "Choose the position of each item (1 = first), then press Check."},
    {"orderFirst", "Choose a position for every item first."},
    {"orderTwice", "Each position goes to one item only: you chose {places} for more than one item."},
    {"and", " and "},
    {"ambiguous", "{input} could be {a} or {b}: type {a} or {b}."},
    {"notNumber", "Type a number, like 3, 2.5, 70000 or 3e8."},
    {"check", "Check"},
    {"question", "Question"},
    {"fillIn", "Fill in the gaps."},
    {"pictureAlt", "A picture for question {n} (the worksheet gives no description of it)"},
    {"finished", "Finished!"},
    {"notFinished", "Not finished yet"},
    {"scoredDone", "You scored {score} of {total} ({percent}%)."},
    {"scoredSoFar", "You scored {score} of {total} so far: {answered} of {count} questions answered."},
    {"notAnswered", "Not answered yet ({n}):"},
    {"notRight", "Not right ({n}): look at the answer and the explanation."},
    {"allRight", "Every answer is right."},
    {"tryHint", "Try again to get the questions and options in a new order."},
    {"tryAgain", "Try again"},
    {"notCode", "“{text}” is not a sheet code. It is printed at the foot of the sheet, like {example}."},
    {"otherSheet", "{text} is the code of another worksheet, or of this one before it was changed: ask your teacher "
                   "for the quiz page of that sheet."},
    {"checkFails", "{text} has a typo in its number or its last character: look at the sheet again."},
    {"typo", "{text} has a typo: look at the sheet again. Did you mean {code}?"},
    {"showing", "Showing sheet {code}: the same questions, in the same order, as on that printed sheet."},
};

}  // namespace quiz_words

namespace {

using namespace quiz_words;

/// The words of `lang` (a label set's language).
const Pairs& pairs_of(std::string_view lang) {
    static const std::array<std::pair<std::string_view, const Pairs*>, 19> all = {{
        {"en", &english},  {"fr", &french},     {"de", &german},  {"es", &spanish},
        {"it", &italian},  {"pt", &portuguese}, {"nl", &dutch},   {"pl", &polish},
        {"ru", &russian},  {"el", &greek},      {"zh", &chinese}, {"zh-Hant", &chinese_traditional},
        {"ja", &japanese}, {"ko", &korean},     {"ar", &arabic},  {"he", &hebrew},
        {"fa", &persian},  {"ur", &urdu},       {"hi", &hindi},
    }};
    for (const auto& [code, words] : all)
        if (code == lang) return *words;
    return english;
}

const char* rule_name(PluralRule rule) {
    switch (rule) {
        case PluralRule::one_to_one: return "one-to-one";
        case PluralRule::one_below_two: return "one-below-two";
        case PluralRule::russian: return "russian";
        case PluralRule::polish: return "polish";
        case PluralRule::arabic: return "arabic";
        case PluralRule::hebrew: return "hebrew";
        case PluralRule::hindi: return "hindi";
        case PluralRule::urdu: return "urdu";
    }
    return "one-to-one";
}

}  // namespace

QuizWords::QuizWords(const Labels& labels) : pairs_(&pairs_of(labels.lang)), labels_(labels) {}

std::string QuizWords::operator()(std::string_view key) const {
    // True and False as the sheet prints them (a worksheet's `labels:` too).
    if (key == "true") return labels_.true_word;
    if (key == "false") return labels_.false_word;
    for (const auto& [k, text] : *pairs_)
        if (k == key) return std::string(text);
    for (const auto& [k, text] : english)
        if (k == key) return std::string(text);
    return std::string(key);
}

nlohmann::ordered_json QuizWords::json() const {
    // The quiz counts points, not marks, in English; other languages use the
    // word of their printed sheets (points, Punkte, балл …).
    const bool english_words = labels_.lang == "en";
    const PointsWords& w = labels_.points;
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const auto& [key, text] : english) out[std::string(key)] = (*this)(key);
    out["pointForms"] = {{"rule", rule_name(w.rule)},
                         {"one", english_words ? "point" : w.mark},
                         {"many", english_words ? "points" : w.marks},
                         {"few", w.marks_few},
                         {"fraction", w.marks_fraction},
                         {"gap", w.gap}};
    // The dual (Arabic درجتان, Hebrew's form after 2) only where the rule
    // has one, so that other languages' pages stay as they were.
    if (w.rule == PluralRule::arabic || w.rule == PluralRule::hebrew) out["pointForms"]["two"] = w.marks_two;
    return out;
}

std::vector<std::string_view> QuizWords::keys() {
    std::vector<std::string_view> out;
    for (const auto& [key, text] : english) out.push_back(key);
    return out;
}

bool QuizWords::complete(std::string_view lang) {
    const Pairs& pairs = pairs_of(lang);
    if (pairs.size() != english.size()) return false;
    for (std::size_t i = 0; i < pairs.size(); ++i)
        if (pairs[i].first != english[i].first || pairs[i].second.empty()) return false;
    return true;
}

}  // namespace handout
