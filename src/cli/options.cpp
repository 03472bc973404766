// The options of `handout new` and `handout watch`, whose runs live in
// new_command.cpp and watch_command.cpp. CLI11 (header-only in Debian 12's
// 2.1) costs about a second of compile time in every file that includes it,
// so it is kept out of headers: only main.cpp, command_info.cpp, this file
// and mark_command.cpp (with handout-mark's mark_main.cpp) include it.
#include <CLI/CLI.hpp>

#include "cli/new_command.hpp"
#include "cli/paper_option.hpp"
#include "cli/watch_command.hpp"

namespace handout::cli {

CLI::App* add_new_command(CLI::App& app, NewArgs& a) {
    auto* cmd = app.add_subcommand(
        "new", "Write a commented starter worksheet that passes check, to change into yours");
    cmd->add_option(
           "--type", a.types,
           "Question types to give an example of, in order: choice, truefalse, multi, short, fill, match, "
           "order, numeric (repeatable or comma-separated; default: choice, truefalse, multi, fill, short)")
        ->delimiter(',');
    cmd->add_option("-o,--output", a.output,
                    "Output YAML file (default worksheet.yaml; - writes standard output)");
    cmd->add_flag("--force", a.force, "Replace the output file if it exists");
    return cmd;
}

CLI::App* add_watch_command(CLI::App& app, WatchArgs& a) {
    auto* cmd = app.add_subcommand("watch",
                                   "Render one variant, then again on every save of the worksheet (its "
                                   "style, its pictures) until Ctrl-C");
    cmd->add_option("FILE", a.file, "Worksheet YAML file")->required();
    cmd->add_option("--seed", a.seed, "Variant seed, 0 = master copy (default 1)");
    cmd->add_option("-o,--output", a.output,
                    "Output PDF (default <id>-s<seed>.pdf), replaced only by a good render");
    cmd->add_option("--key", a.key, "Answer key: on, off or only (default on)");
    cmd->add_flag("--duplex", a.duplex, "Start the key on a new sheet of paper (two-sided printing)");
    cmd->add_flag("--answer-sheet", a.answer_sheet, "Add a bubble sheet for scanning");
    cmd->add_option("--template", a.template_name,
                    "Page style: a name or a path to a .yaml file (as for render)");
    cmd->add_option("--paper", a.paper, paper_help);
    return cmd;
}

}  // namespace handout::cli
