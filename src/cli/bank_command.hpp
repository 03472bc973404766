// `handout bank`: the questions of bank files with their identity, tags and
// item history (and `check --history`, which shows the same per worksheet).
#pragma once

#include <string>
#include <vector>

#include "handout/history.hpp"
#include "handout/model.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace handout::cli {

struct BankArgs {
    std::vector<std::string> paths;  ///< bank files or folders
    std::string history;             ///< `--history FILE` ("" = none)
};

/// Adds the `bank` subcommand to `app`, filling `args`.
CLI::App* add_bank_command(CLI::App& app, BankArgs& args);

/// Lists every question of the banks; 1 when a bank has errors (printed).
int run_bank(const BankArgs& args);

/// A line per question of `ws`: `FILE:LINE:COL: q-… prompt [tags]`, then,
/// with `history`, its figures indented (history_sentence, and per value of
/// its vars), or "no history yet".
std::string item_report(const Worksheet& ws, const ItemHistoryFile* history);

}  // namespace handout::cli
