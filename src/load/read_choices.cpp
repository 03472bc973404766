// The question types whose answer is chosen from what is printed: choice,
// truefalse and multi (their options, answers and catch-all warnings).
#include "load/worksheet_reader.hpp"

#include <algorithm>

#include "handout/markup.hpp"
#include "handout/text.hpp"

namespace handout::load {

namespace {

/* "None of the above" and "All of these" as teachers write them in the
   languages handout has labels for, in any case (both sides case-folded). */
bool reads_like_foreign_catch_all(std::string_view words) {
    const std::string folded = fold_case(words);
    for (std::string_view phrase : {
             "aucune de ces réponses", "aucune des réponses", "aucune des propositions", "toutes ces réponses",
             "toutes les réponses", "aucune réponse", "keine der antworten", "keine davon", "keine der genannten",
             "keine der obigen", "alle genannten", "alle oben genannten", "alle antworten", "alle obigen",
             "ninguna de las anteriores", "todas las anteriores", "ninguna de estas", "todas las respuestas",
             "nessuna delle precedenti", "tutte le precedenti", "nessuna delle risposte", "tutte le risposte",
             "nenhuma das anteriores", "todas as anteriores", "nenhuma das alternativas", "todas as alternativas",
             "geen van de bovenstaande", "alle bovenstaande", "alle antwoorden", "żadne z powyższych",
             "wszystkie powyższe", "żadna z odpowiedzi", "wszystkie odpowiedzi", "все перечисленные",
             "все вышеперечисленные", "ничего из перечисленного", "ни один из", "нет правильного ответа",
             "все ответы", "κανένα από τα παραπάνω", "όλα τα παραπάνω", "καμία από τις παραπάνω",
             "όλες οι παραπάνω"})
        if (folded.find(fold_case(phrase)) != std::string::npos) return true;
    return false;
}

/// True for an option that only makes sense in its written place: "All of
/// the above", "None of these", "Both A and B" (any case).
bool reads_like_catch_all(std::string_view option) {
    std::string words;  // lowercase, single spaces, no trailing punctuation
    for (char c : ascii_lower(option)) {
        if (c == ' ' || c == '\t' || c == '\n') {
            if (!words.empty() && words.back() != ' ') words += ' ';
        } else {
            words += c;
        }
    }
    while (!words.empty() && (words.back() == ' ' || words.back() == '.' || words.back() == '!'))
        words.pop_back();
    for (std::string_view phrase : {"all of the above", "none of the above", "all the above",
                                    "all of these", "none of these", "neither of these",
                                    "both of the above"})
        if (words.find(phrase) != std::string::npos) return true;
    if (reads_like_foreign_catch_all(words)) return true;
    // "both a and b", "both a & c".
    const auto letter = [](char c) { return c >= 'a' && c <= 'z'; };
    return words.size() >= 12 && words.starts_with("both ") && letter(words[5]) &&
           (words.substr(6, 5) == " and " || words.substr(6, 3) == " & ") &&
           letter(words.back()) && words[words.size() - 2] == ' ';
}

/// The options of the choice or multi question being read.
std::vector<Option>& options_being_read(Question& question) {
    if (auto* choice = std::get_if<Choice>(&question.body)) return choice->options;
    return std::get<Multi>(question.body).options;
}

}  // namespace

void WorksheetReader::read_choice(const Entries& keys, Question& question) {
    question.body.emplace<Choice>();
    if (const Entry* e = keys.find("options")) read_options(*e, question);
    else error(question.loc, "the choice question has no 'options'",
               "add 'options:' with a list of 2 to 26 answers to choose from");
    if (const Entry* e = keys.find("answer")) read_choice_answer(*e, question);
    else error(question.loc, "the choice question has no 'answer'",
               "add 'answer:' with the exact text of the correct option");
    read_question_shuffle(keys, question);
    warn_unpinned_catch_alls(question);
}

// Options: 2–26 distinct entries, each text or {text, pin}.
void WorksheetReader::read_options(const Entry& entry, Question& question) {
    std::vector<Option>& options = options_being_read(question);
    if (!is_list(entry, "options", "write each option on its own line starting with '- '"))
        return;
    // Too many: reported before reading them (the twice-written check is
    // quadratic in their number).
    if (entry.value.size() > max_options) {
        check_count(entry, entry.value.size(), min_options, max_options, "options",
                    type_name(question.type()));
        return;
    }
    std::vector<std::string> forms;  // printed_form of each option read
    forms.reserve(options.size());
    for (const Option& o : options) forms.push_back(printed_form(o.text));
    for (const auto& node : entry.value) {
        if (node.IsNull()) {
            // `~` and `null` are YAML's words for "no value": point at the
            // word itself (an empty `- ` has no place of its own).
            const std::size_t at = src_.offset(node.Mark());
            const std::string_view text = src_.text();
            const bool word = at < text.size() && (text[at] == '~' || text.substr(at, 4) == "null" ||
                                                   text.substr(at, 4) == "Null" || text.substr(at, 4) == "NULL");
            if (word)
                error(src_.at(node), "an option is empty: YAML reads " +
                                         std::string(text[at] == '~' ? "'~'" : "'null'") + " as no value",
                      "quote it to print it: '" + std::string(text[at] == '~' ? "~" : text.substr(at, 4)) + "'");
            else
                error(src_.at(entry.value), "an option is empty", "write the option's text after '- '");
            continue;
        }
        Option option;
        std::optional<Text> value;
        if (node.IsMap()) {
            const Entries keys = read_entries(
                src_, diags_, node, "an option", option_keys,
                "an option is text, or a mapping {text: …, pin: true}");
            if (const Entry* t = keys.find("text")) value = text(*t, true);
            else error(node, "the option has no 'text'", "write {text: …, pin: true}");
            if (const Entry* p = keys.find("pin"))
                if (auto pin = boolean(*p)) option.pin = *pin;
        } else {
            value = text(node, "an option", true);
        }
        if (!value) continue;
        std::string form = printed_form(value->text);
        const auto same = std::find(forms.begin(), forms.end(), form);
        if (same != forms.end()) {
            const Option& first = options[static_cast<std::size_t>(same - forms.begin())];
            error(value->loc, twice_message("option", *value, Text{first.text, first.loc}),
                  "the options of a question must all differ");
            continue;
        }
        forms.push_back(std::move(form));
        option.text = value->text;
        option.loc = value->loc;
        options.push_back(std::move(option));
    }
    const std::size_t count = entry.value.size();
    if (count < min_options || count > max_options)
        error(entry.value,
              a_type(type_name(question.type())) + " question has 2 to 26 options, " +
                  "this one has " + std::to_string(count),
              count < 2 ? "add the wrong answers to choose from" : "split it into two questions");
}

// The option whose text is exactly `answer`; otherwise an error at the
// answer that names the closest option.
std::optional<std::size_t> WorksheetReader::find_option(const Text& answer, Question& question) {
    const std::vector<Option>& options = options_of(question);
    for (std::size_t i = 0; i < options.size(); ++i)
        if (options[i].text == answer.text) return i;
    // A lone letter is probably the option's letter rather than its text.
    const std::string& a = answer.text;
    if (a.size() == 1 && a[0] >= 'A' && a[0] <= 'Z' &&
        static_cast<std::size_t>(a[0] - 'A') < options.size()) {
        const Option& meant = options[static_cast<std::size_t>(a[0] - 'A')];
        error(answer.loc,
              "answer " + quote_text(a) + " matches none of the options; did you mean " +
                  quote_text(meant.text) + " (option " + a + ")?",
              "write the exact text of the correct option, not its letter (options are "
              "shuffled, so letters change)");
        return std::nullopt;
    }
    const Option* closest = &options.front();
    for (const auto& option : options)
        if (edit_distance(a, option.text) < edit_distance(a, closest->text))
            closest = &option;
    error(answer.loc,
          "answer " + quote_text(a) + " matches none of the options; did you mean " +
              quote_text(closest->text) + "?",
          "the answer must be the exact text of one option (same spelling, case and spaces)");
    return std::nullopt;
}

// The answer is the exact text of one option; name the closest otherwise.
void WorksheetReader::read_choice_answer(const Entry& entry, Question& question) {
    auto answer = text(entry, true);
    if (!answer || options_of(question).empty()) return;
    if (auto index = find_option(*answer, question)) question.as<Choice>().answer = *index;
}

// `check` warns about "All of the above" and the like when they would move.
void WorksheetReader::warn_unpinned_catch_alls(const Question& question) {
    if (!question.shuffle_options || !sheet_shuffles_options_) return;
    for (const auto& option : options_of(question))
        if (!option.pin && reads_like_catch_all(option.text))
            diags_.warning(option.loc,
                           "option " + quote_text(option.text) +
                               " only makes sense in its place, but it is not pinned: it "
                               "moves when the options shuffle",
                           "write it as {text: " + option.text +
                               ", pin: true} to keep it where it is written");
}

void WorksheetReader::read_truefalse(const Entries& keys, Question& question) {
    TrueFalse& body = question.body.emplace<TrueFalse>();
    const Entry* e = keys.find("answer");
    if (!e) {
        error(question.loc, "the truefalse question has no 'answer'",
              "add 'answer: true' or 'answer: false'");
        return;
    }
    // Yes/no words of other languages are no YAML booleans: name the one meant.
    if (e->value.IsScalar() && is_plain(e->value)) {
        static const std::pair<std::string_view, bool> words[] = {
            {"yes", true},  {"y", true},      {"t", true},     {"vrai", true},   {"v", true},     {"wahr", true},
            {"ja", true},   {"oui", true},    {"si", true},    {"sí", true},     {"vero", true},  {"verdadero", true},
            {"verdadeiro", true}, {"waar", true}, {"prawda", true}, {"да", true}, {"σωστό", true},
            {"no", false},  {"n", false},     {"f", false},    {"faux", false},  {"falsch", false},
            {"nein", false}, {"non", false},  {"falso", false}, {"onwaar", false}, {"fałsz", false},
            {"нет", false}, {"λάθος", false}};
        const std::string said = fold_case(e->value.Scalar());
        for (const auto& [word, truth] : words)
            if (said == fold_case(word)) {
                error(e->value, "'answer' must be true or false, found " + describe(e->value),
                      std::string("write answer: ") + (truth ? "true" : "false") + " (YAML reads only true and false)");
                return;
            }
    }
    if (auto value = boolean(*e)) body.truth = *value;
}

// multi: options as for choice, `answers` a list of option texts.
void WorksheetReader::read_multi(const Entries& keys, Question& question) {
    Multi& body = question.body.emplace<Multi>();
    if (const Entry* e = keys.find("options")) read_options(*e, question);
    else error(question.loc, "the multi question has no 'options'",
               "add 'options:' with a list of 2 to 26 answers to tick");
    if (const Entry* e = keys.find("answers")) {
        const auto answers =
            text_list(*e, "answer", "option texts",
                      "write answers: [first, second] with the exact text of each correct "
                      "option (a list, even for one answer)");
        if (e->value.IsSequence() && e->value.size() == 0)
            error(e->value, "'answers' is empty: a multi question has at least one answer",
                  "add the exact text of each correct option");
        if (!body.options.empty())
            for (const auto& answer : answers)
                if (auto index = find_option(answer, question)) body.answers.push_back(*index);
        std::sort(body.answers.begin(), body.answers.end());
    } else {
        error(question.loc, "the multi question has no 'answers'",
              "add 'answers:' with a list of the exact texts of the correct options");
    }
    if (const Entry* e = keys.find("scoring"))
        if (auto value = scoring(*e)) question.scoring = *value;
    read_question_shuffle(keys, question);
    warn_unpinned_catch_alls(question);
}

}  // namespace handout::load
