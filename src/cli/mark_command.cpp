// `handout mark`'s options, and how `handout` hands the command to the
// `handout-mark` program beside it. The scan engine (OpenCV, ZXing, poppler)
// is linked into handout-mark only, so every other command starts without
// loading it.
#include "cli/mark_command.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "handout/io.hpp"

namespace handout::cli {

CLI::App* add_mark_command(CLI::App& app, MarkArgs& a) {
    auto* mark = app.add_subcommand("mark", "Read scanned sheets back: scores per student and question, and what needs a person");
    mark->add_option("SCAN", a.scans, "Scans: PDF, PNG, JPEG or TIFF files, or folders of them")->required();
    mark->add_option("--from", a.from, "Worksheet file or folder the sheets were printed from (default: worksheets/); repeatable");
    mark->add_option("-o,--output", a.output, "results.csv: one row per sheet (responses.csv is written beside it)")->required();
    mark->add_option("--report", a.report, "review.html: what needs a person, with pictures, and the question analysis");
    mark->add_option("--slips", a.slips, "slips.pdf: a feedback slip per student (their answers, the right ones, the explanations)");
    auto* roster = mark->add_option("--roster", a.roster, "The class roster the sheets were printed with (names)");
    mark->add_option("--name-columns", a.name_columns, "The roster's name columns, as given to batch")
        ->delimiter(',')
        ->needs(roster);
    mark->add_option("--format", a.format,
                     "results as csv (in the roster's own format) or xlsx (default: from -o's extension)")
        ->check(CLI::IsMember({"csv", "xlsx"}));
    mark->add_option("--filled-roster", a.filled_roster,
                     "A copy of the roster with the scores added to every student's row")
        ->needs(roster);
    mark->add_option(
            "--moodle", a.moodle,
            "A CSV file for Moodle's grade import (the roster needs an email, ID number or username column)")
        ->needs(roster);
    mark->add_option("--canvas", a.canvas,
                     "A CSV file for Canvas's gradebook import (the roster needs an SIS User ID, login or "
                     "email column)")
        ->needs(roster);
    mark->add_option("--decimal", a.decimal,
                     "Decimal separator of the results that follow the roster (default: ',' for a ';' "
                     "roster, else '.')")
        ->check(CLI::IsMember({".", ","}))
        ->needs(roster);
    mark->add_option("--fix", a.fixes, "Corrections CSV: sheet,question,marked");
    mark->add_option("--analysis", a.analysis,
                     "analysis.pdf: how the class did, a page per worksheet (histogram, share right, "
                     "discrimination, options chosen)");
    auto* history = mark->add_option(
        "--history", a.history,
        "Add the class's answers to this item history (SQLite, made when missing): handout bank shows it");
    mark->add_option("--class", a.class_label,
                     "The class's name in the item history (default: from -o, as stats)")
        ->needs(history);
    mark->add_option(
        "--reads", a.reads,
        "Keep the pages as read in this file; a later run with the same scans reads it instead of the scans");
    mark->add_option(
        "--adjust", a.adjust,
        "Adjust YAML: void a question, accept another answer, change its points or key, bonus points");
    mark->add_option("--template", a.template_name, "The page style the sheets were printed with (default: each worksheet's)");
    mark->add_option("--paper", a.paper, "The paper the sheets were printed on, as given to batch --paper");
    mark->add_option("--jobs", a.jobs, "Pages read at once (default: one per core)")
        ->check(CLI::Range(1u, 64u));
    mark->add_option("--dpi", a.dpi, "Render PDF scans at this resolution (default: that of their images)");
    return mark;
}

CLI::App* add_stats_command(CLI::App& app, StatsArgs& a) {
    auto* stats = app.add_subcommand("stats",
                                     "Item analysis of several classes together: each question, known by its "
                                     "content, per class and overall");
    stats->add_option("RESPONSES", a.responses, "Each class's responses.csv, as handout mark wrote it")
        ->required();
    stats->add_option(
        "--from", a.from,
        "Worksheet file or folder the sheets were printed from (default: worksheets/); repeatable");
    stats->add_option(
        "-o,--output", a.output,
        "stats.csv: a row per question and class, then all classes (default: a table on standard output)");
    stats->add_option("--pdf", a.pdf, "stats.pdf: the same figures on a page, black and white");
    return stats;
}

int exec_mark(char** argv) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    const fs::path program = (ec ? fs::path(argv[0]).parent_path() : self.parent_path()) / "handout-mark";
    std::cout.flush();
    ::execv(program.c_str(), argv);
    std::cerr << "handout: error: cannot run " << program.string() << " (" << std::strerror(errno)
              << "): 'handout mark' is that program; install it beside handout\n";
    return exit_code::io;
}

}  // namespace handout::cli
