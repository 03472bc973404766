// `handout mark`: its options and its run, kept out of main.cpp.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace handout::cli {

struct MarkArgs {
    std::vector<std::string> scans, from, name_columns;
    std::string output, report, slips, roster, fixes, template_name, paper;
    std::string format;          ///< "csv", "xlsx"; "" = from -o's extension
    std::string filled_roster;   ///< `--filled-roster`: the roster with the scores added
    std::string moodle, canvas;  ///< grade-book import files
    std::string adjust;          ///< `--adjust adjust.yaml`
    std::string reads;           ///< `--reads FILE`: the pages as read, kept for later runs
    std::string analysis;        ///< `--analysis FILE`: the class analysis page (PDF)
    std::string history;         ///< `--history FILE`: the item history (SQLite) the class is added to
    std::string class_label;     ///< `--class LABEL`: the class's name there ("" = from -o)
    std::string decimal;         ///< "." or "," ("" = the roster's)
    unsigned jobs = 0;
    double dpi = 0;
};

/// `handout stats`: several classes' responses.csv taken together.
struct StatsArgs {
    std::vector<std::string> responses, from;
    std::string output;  ///< the table as CSV ("" = as text on standard output)
    std::string pdf;     ///< `--pdf FILE`: the same figures on a page (PDF)
};

/// Adds the `stats` subcommand to `app`, filling `args`.
CLI::App* add_stats_command(CLI::App& app, StatsArgs& args);

/// Runs it (in handout-mark): 0, 1 for located errors in the files (nothing written).
int run_stats(const StatsArgs& args);

/// Adds the `mark` subcommand to `app`, filling `args`.
CLI::App* add_mark_command(CLI::App& app, MarkArgs& args);

/// Runs it: 0 when everything was read, 4 when something needs a person
/// (results written all the same), 1 for bad worksheets, roster or fixes
/// (in handout-mark, src/cli/mark_main.cpp).
int run_mark(const MarkArgs& args);

/// What `handout mark` does once its arguments parse: replaces this process
/// with the handout-mark program beside it, given the same `argv`; returns
/// (exit 3, with the message) only when that program cannot be run.
int exec_mark(char** argv);

}  // namespace handout::cli
