// `handout new`: a starter worksheet with one commented example of each
// question type asked for, which passes `handout check` as written (the test
// in tests/cli_test.cpp and tests/schema/schema_test.py checks every type).
#include "cli/new_command.hpp"

#include <filesystem>
#include <iostream>
#include <string_view>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"
#include "handout/text.hpp"

namespace handout::cli {

namespace {

/// One question type's example, commented for a teacher who has not read
/// docs/format.md yet.
struct Example {
    std::string_view type;
    std::string_view yaml;
};

constexpr Example examples[] = {
    {"choice", R"(  # choice (the default type): pick one option. `answer` is the exact text of
  # the correct option. A pinned option keeps its place when the options shuffle.
  - prompt: Which planet is closest to the Sun?
    options:
      - Venus
      - Mercury
      - Mars
      - {text: None of the above, pin: true}
    answer: Mercury
    explain: Mercury's orbit is the smallest of all the planets.  # in the key only
)"},
    {"truefalse", R"(  # truefalse: the answer is true or false, without quotes.
  - type: truefalse
    prompt: Sound travels faster than light.
    answer: false
    explain: Light is nearly a million times faster than sound in air.
)"},
    {"multi", R"(  # multi: tick all that apply. `answers` lists the text of every correct option.
  - type: multi
    prompt: Which of these are mammals?
    options: [Whale, Shark, Bat, Penguin]
    answers: [Whale, Bat]
    points: 2            # whole or half marks; 1 when left out
    scoring: partial     # a share of the points per right tick (default all-or-nothing)
)"},
    {"short", R"(  # short: a written answer on ruled lines; `answer` is the model answer for marking.
  - type: short
    prompt: Explain why we see the phases of the Moon.
    answer: As the Moon orbits Earth, we see different amounts of its sunlit half.
    lines: 3
)"},
    {"fill", R"(  # fill: each gap's answer in [[double brackets]]; a word bank is optional.
  - type: fill
    prompt: Complete the sentence.
    text: Water boils at [[100]] °C and freezes at [[0]] °C.
    bank: true
    distractors: [50, 212]   # extra wrong words for the bank
)"},
    {"match", R"(  # match: pairs written [left, right]; the right column is printed shuffled.
  - type: match
    prompt: Match each capital to its country.
    pairs:
      - [Paris, France]
      - [Madrid, Spain]
      - [Rome, Italy]
)"},
    {"order", R"(  # order: the items written in the correct order; they are printed shuffled.
  - type: order
    prompt: Put these inventions in order, earliest first.
    items:
      - The printing press
      - The steam engine
      - The telephone
)"},
    {"numeric", R"(  # numeric: a number answer, without its unit; `grid: true` prints a digit grid
  # a scanner can read.
  - type: numeric
    prompt: How long is the hypotenuse of a right triangle with sides 3 cm and 4 cm?
    answer: 5
    tolerance: 0.1
    unit: cm
)"},
};

/// The types `handout new` writes when none is asked for.
constexpr std::string_view default_mix[] = {"choice", "truefalse", "multi", "fill", "short"};

/// The schema's path for the modeline: the one beside the program's data
/// (installed: /usr/share/handout/schema), else where a package puts it.
std::string schema_path() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path beside = fs::path(data_dir()) / "schema" / "worksheet.schema.json";
    if (fs::is_regular_file(beside, ec)) return fs::absolute(beside, ec).lexically_normal().string();
    return "/usr/share/handout/schema/worksheet.schema.json";
}

const Example& find_example(const std::string& type) {
    std::vector<std::string_view> names;
    for (const Example& e : examples) {
        if (e.type == type) return e;
        names.push_back(e.type);
    }
    std::string known;
    for (std::string_view n : names) known += (known.empty() ? "" : ", ") + std::string(n);
    throw UsageError("--type '" + type + "' is not a question type" + did_you_mean(type, names) +
                     "; the types are " + known);
}

/// A worksheet id from a file name: `Fractions 2.yaml` → `fractions-2`.
std::string id_from(const std::string& output) {
    std::string id;
    const std::string stem = output == standard_stream ? "worksheet" : std::filesystem::path(output).stem().string();
    for (char c : stem) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) id += c;
        else if (!id.empty() && id.back() != '-') id += '-';
    }
    while (!id.empty() && id.back() == '-') id.pop_back();
    return id.empty() ? "worksheet" : id;
}

}  // namespace

std::string starter_worksheet(const std::vector<std::string>& types, const std::string& id) {
    std::vector<const Example*> chosen;
    if (types.empty())
        for (std::string_view t : default_mix) chosen.push_back(&find_example(std::string(t)));
    for (const std::string& t : types) chosen.push_back(&find_example(t));
    std::string out = "# yaml-language-server: $schema=" + schema_path() + "\n";
    out += R"(# A starter worksheet written by `handout new`: change the texts, keep the keys.
#   handout check FILE     lists every mistake, with its line and column
#   handout watch FILE     prints the PDF again on every save
#   handout render FILE    the student pages and the answer key, as a PDF
# Every key is described in docs/format.md. A line starting with # is a comment.

# A short name for the worksheet: lowercase letters, digits and dashes.
# Output files and the sheet code are made from it: choose it once, keep it.
id: )" + id +
           R"(
title: My worksheet
# subtitle: A line under the title
# subject: Science         # subject, topic and ages print in one line under the title
# topic: Forces
# ages: 11-12
# lang: en                 # labels in en, fr, de, es, it, pt, nl, pl, ru, el, zh, zh-Hant, ja, ko, ar, he or hi
# template: classic        # or large-print, compact, letter, modified-large-print, dyslexia
# fields: [Name, Class, Date]
instructions: Answer every question.

questions:
)";
    for (std::size_t i = 0; i < chosen.size(); ++i) out += (i ? "\n" : "") + std::string(chosen[i]->yaml);
    return out;
}

int run_new(const NewArgs& a) {
    const std::string text = starter_worksheet(a.types, id_from(a.output));
    std::error_code ec;
    if (a.output != standard_stream && !a.force && std::filesystem::exists(a.output, ec))
        throw UsageError(a.output + " exists; give another -o, or --force to replace it");
    write_file_atomically(a.output, text);
    if (a.output != standard_stream)
        std::cout << "wrote " << a.output << "; check it with: handout check " << a.output << "\n";
    return exit_code::ok;
}

}  // namespace handout::cli
