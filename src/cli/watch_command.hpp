// `handout watch`: renders a worksheet again on every save, kept out of main.cpp.
#pragma once

#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace handout::cli {

struct WatchArgs {
    std::string file, output, seed = "1", key = "on", template_name, paper;
    bool duplex = false, answer_sheet = false;
};

/// Adds the `watch` subcommand to `app`, filling `args` (in command_info.cpp,
/// with the other code that includes CLI11).
CLI::App* add_watch_command(CLI::App& app, WatchArgs& args);

/// Renders once, then again after every save of the worksheet, its page
/// style or its pictures, until Ctrl-C (exit 0). A broken worksheet keeps the
/// last good PDF and prints every error with a status line.
int run_watch(const WatchArgs& args);

}  // namespace handout::cli
