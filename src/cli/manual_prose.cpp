// The manual's prose: the few paragraphs and examples a manual page has
// beyond --help. The one place they are written (the pages are generated;
// the README and docs/ say more).
#include "cli/manual.hpp"

#include "handout/diagnostic.hpp"

namespace handout::cli {

namespace {

// The second half of the commands' pages (mark onwards); manual_prose()
// holds the first half, so that each stays a screenful.
ManualProse marking_prose(std::string_view command) {
    if (command == "mark")
        return {
            "Reads scanned sheets back (run by the handout-mark program beside handout): results.csv "
            "with a row per sheet, responses.csv beside it, and optionally a review report and feedback "
            "slips. With a roster, results follow its own format (separator, BOM, decimal comma, name, "
            "class and id columns); -o results.xlsx writes a spreadsheet; --filled-roster, --moodle and "
            "--canvas write the roster filled in and grade-book import files. --adjust voids a question, "
            "accepts another answer or changes a key, points or bonus; with --reads the rescoring does not "
            "read "
            "the scans again. --history adds the class's answers to an item history (SQLite) that bank and "
            "check --history read. Exits 4 when some marks need a person.",
            {{"handout mark scans/ --roster 7b.csv -o 7b-results.csv --report review.html", ""},
             {"handout mark scans/ --roster 7b.csv -o 7b.xlsx --filled-roster 7b-filled.csv", ""}}};
    if (command == "stats")
        return {
            "Takes the responses.csv files that mark wrote for several classes of a worksheet (or of "
            "worksheets "
            "that share questions) and gives, per question and per class and for all classes together, the "
            "share right, the discrimination index and how often each option was chosen. A question is "
            "recognised by its content (a hash of its type, prompt and options), not its number, so a "
            "question "
            "reused in another worksheet keeps its history. Only sheets whose every answer is decided count.",
            {{"handout stats 7a-responses.csv 7b-responses.csv --from worksheets/ -o stats.csv --pdf "
              "stats.pdf",
              ""},
             {"handout stats */responses.csv", "the table on standard output"}}};
    if (command == "new")
        return {
            "Writes a starter worksheet with a comment on every key and an example of each question type "
            "asked for; it passes check as it is. Its first line names the JSON Schema that lets an editor "
            "complete and check the file as you type.",
            {{"handout new --type choice,numeric -o fractions.yaml", ""}}};
    if (command == "watch")
        return {
            "Renders the worksheet, then again every time it, its page style or its pictures are saved, "
            "until "
            "Ctrl-C. A save with errors prints them and keeps the last good PDF, so a PDF viewer that "
            "reloads "
            "on change shows the page as you write it.",
            {{"handout watch fractions.yaml --key off", "fractions-s1.pdf, kept up to date"}}};
    if (command == "import")
        return {
            "",
            {{"handout import quiz.gift", "quiz.yaml, with comments where something was not carried over"}}};
    if (command == "export")
        return {
            "Questions with vars are refused unless --seed or --copies says whose numbers to export: "
            "--copies 5 writes five versions of each, the numbers of sheets --seed to --seed+4.",
            {{"handout export quiz.yaml --to moodle-xml", ""},
             {"handout export physics.yaml --to gift --copies 5",
              "five versions of each question with vars"}}};
    if (command == "html") return {"", {{"handout html quiz.yaml -o quiz.html", ""}}};
    if (command == "layout") return {"", {{"handout layout quiz.yaml --seed 3 --json", ""}}};
    return {};
}

}  // namespace

ManualProse manual_prose(std::string_view command) {
    if (command.empty())
        return {"handout turns a worksheet written once in YAML into a printable PDF: a student sheet and, on a "
                "page of its own, its answer key. A seeded shuffler makes a different variant for every student; "
                "each sheet carries its sheet code, from which the key of any printed sheet can be rebuilt.\n\n"
                "Errors name the place (FILE:LINE:COL: error: ...) with a hint of what to do; every error of a "
                "file is reported in one run, and a failed run writes nothing.\n\n"
                "The worksheet format is described in /usr/share/doc/handout/docs/format.md.",
                {{"handout render /usr/share/doc/handout/examples/split-the-work.yaml --seed 3",
                  "Write split-the-work-s3.pdf: the sheet of seed 3, then its key."},
                 {"handout check *.yaml", "Check worksheets; print every error; write nothing."}}};
    if (command == "render")
        return {"Lays out one variant of a worksheet (seed 0 is the master copy, in source order) and writes "
                "the student pages, then its answer key starting on a page of its own.",
                {{"handout render quiz.yaml --seed 3", "quiz-s3.pdf: sheet and key of seed 3"},
                 {"handout render quiz.yaml --key off --template large-print -o big.pdf", "a large-print sheet"}}};
    if (command == "check")
        return {
            "Loads every worksheet given and prints every error of every file; writes nothing. For a "
            "worksheet with pools or tags it lists them; with --history, each question's item history.",
            {{"handout check worksheets/*.yaml", ""},
             {"handout check fractions.yaml --history bank/history.sqlite",
              "each question's figures so far"}}};
    if (command == "bank")
        return {
            "Lists every question of bank files or folders (what include: takes) with its identity (a hash "
            "of its content, the same in every worksheet), its place and its tags; with --history, what the "
            "classes marked with mark --history did with it: how many students and classes answered it, "
            "the share right, the discrimination index, the wrong option the strongest students chose most, "
            "and per value of its vars.",
            {{"handout bank bank/ --history bank/history.sqlite", ""}}};
    if (command == "batch")
        return {"Writes a class set: one variant per copy (--copies) or per student of a roster (--roster), all "
                "in one PDF with a bookmark per sheet, and with --keys a marking pack: a marking grid, then every "
                "sheet's key.",
                {{"handout batch quiz.yaml --copies 30 -o class.pdf --keys keys.pdf", ""},
                 {"handout batch quiz.yaml --roster 7b.csv -o 7b.pdf --duplex", ""}}};
    if (command == "key")
        return {"Rebuilds the answer keys of printed sheets from their sheet codes, by finding the worksheet "
                "whose fingerprint matches; refuses when that worksheet was edited since.",
                {{"handout key W3-V29V-YB59M47DG-3-W -o keys.pdf --from quizzes/", ""}}};
    return marking_prose(command);
}

std::vector<std::pair<std::string_view, std::string_view>> manual_files() {
    return {
        {"~/.config/handout/templates/NAME.yaml",
         "Your own page styles ($XDG_CONFIG_HOME/handout/templates when that is set), found by --template NAME "
         "after the worksheet's own folder and before the shipped ones."},
        {"/usr/share/handout/templates/",
         "The shipped page styles (share/handout beside the program's bin folder, wherever it is installed)."},
        {"/usr/share/handout/fonts/", "The fonts handout embeds, with their licences."},
        {"/usr/share/doc/handout/examples/", "Example worksheets."},
    };
}

std::vector<std::pair<std::string_view, std::string_view>> manual_environment() {
    return {
        {"HANDOUT_DATA_DIR", "The folder of fonts/ and templates/ to use instead of the installed one."},
        {"XDG_CONFIG_HOME", "Where your own page styles are: $XDG_CONFIG_HOME/handout/templates."},
    };
}

std::vector<std::pair<int, std::string_view>> manual_exit_status() {
    return {
        {exit_code::ok, "Success."},
        {exit_code::input_error, "A worksheet, page style or roster has errors (all of them are printed)."},
        {exit_code::usage, "A command-line usage error."},
        {exit_code::io, "A file could not be read or written, or an internal error."},
        {exit_code::review, "mark: results written, but some pages or marks need a person."},
    };
}

}  // namespace handout::cli
