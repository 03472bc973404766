// `handout watch FILE`: the PDF of one variant, rendered again whenever the
// worksheet (or its page style or a picture) is saved, so that a PDF viewer
// that reloads on change shows the page as the teacher writes it. The PDF is
// replaced atomically and only by a good render: a broken save prints its
// errors and keeps the last good PDF.
#include "cli/watch_command.hpp"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <vector>

#include "cli/paper_option.hpp"
#include "cli/render_options.hpp"
#include "handout/io.hpp"
#include "handout/pdf.hpp"
#include "handout/render.hpp"
#include "handout/variant.hpp"
#include "io/watch.hpp"

namespace handout::cli {

namespace {

/// How long a save must be quiet before rendering: an editor's save is a
/// few events (write a temporary file, rename it, set its mode).
constexpr int quiet_ms = 80;

/// "14:03:27", the local time of the status line.
std::string clock_time() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[16];
    std::strftime(text, sizeof text, "%H:%M:%S", &local);
    return text;
}

/// One render: loads, lays out and writes the PDF atomically, printing every
/// diagnostic; returns the files it read (to watch next), or nothing when the
/// worksheet has errors (then a status line says the last good PDF stays).
std::vector<std::string> render_prepared(const WatchArgs& a, std::uint32_t seed, const LayoutOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    Diagnostics diags;
    std::optional<Prepared> p = prepare(a.file, a.template_name, data_dir(), diags, parse_paper(a.paper));
    if (!diags.items().empty()) std::cerr << diags.format();
    if (!p) {
        int errors = 0;
        for (const auto& d : diags.items()) errors += d.severity == Severity::error;
        std::cerr << clock_time() << " " << a.file << ": " << errors << (errors == 1 ? " error" : " errors")
                  << ", kept the last good PDF\n";
        return {};
    }
    const std::string out = a.output.empty() ? p->worksheet.id.text + "-s" + std::to_string(seed) + ".pdf" : a.output;
    check_outputs(p->inputs, {{"-o", out}});
    Document doc;
    layout_seed(*p, seed, options, doc);
    write_file_atomically(out, paint_pdf(doc));
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::cout << clock_time() << " wrote " << out << " (" << doc.pages.size()
              << (doc.pages.size() == 1 ? " page" : " pages") << ", sheet code " << sheet_code(p->worksheet, seed)
              << ", " << ms.count() << " ms)" << std::endl;
    std::vector<std::string> files;
    for (const RolePath& input : p->inputs)
        if (input.role != "the font") files.push_back(input.path);  // fonts are the program's own
    return files;
}

/// render_prepared, with a file that cannot be read (half saved, or a full
/// disk) reported like a broken save: watching goes on.
std::vector<std::string> render_once(const WatchArgs& a, std::uint32_t seed, const LayoutOptions& options,
                                     const std::vector<std::string>& watched) {
    // A file replaced by a FIFO or a device would block the read for good
    // (and Ctrl-C with it): only regular files are read.
    for (const auto& file : watched) {
        std::error_code ec;
        const auto status = std::filesystem::status(file, ec);
        if (ec || !std::filesystem::exists(status) || std::filesystem::is_regular_file(status)) continue;
        std::cerr << "handout: error: " << file << " is not a regular file (a pipe or a device?): not read\n"
                  << clock_time() << " " << a.file << ": kept the last good PDF\n";
        return {};
    }
    try {
        return render_prepared(a, seed, options);
    } catch (const IoError& e) {  // a file half saved, or a full disk: try again at the next save
        std::cerr << "handout: error: " << e.what() << "\n"
                  << clock_time() << " " << a.file << ": kept the last good PDF\n";
        return {};
    }
}

}  // namespace

int run_watch(const WatchArgs& a) {
    if (a.file == standard_stream) throw UsageError("watch reads a file it can watch, not standard input ('-')");
    const std::uint32_t seed = parse_seed(a.seed, "--seed");
    LayoutOptions options;
    options.key = parse_key_mode(a.key);
    options.duplex = a.duplex;
    options.answer_sheet = a.answer_sheet;
    parse_paper(a.paper);  // a bad --paper is a usage error now, not at every save

    const InterruptSignals signals;  // Ctrl-C waits for a render to finish
    FileWatch watch;
    std::vector<std::string> files = {a.file};
    watch.watch(files);  // before the first render, so that no save is missed
    std::cerr << "watching " << a.file << " (Ctrl-C to stop)\n";
    for (;;) {
        std::vector<std::string> read = render_once(a, seed, options, files);
        // A broken save keeps watching what the last good render read.
        if (!read.empty() && read != files) watch.watch(files = std::move(read));
        if (!wait_for_save(watch, signals, quiet_ms)) break;
    }
    std::cerr << "stopped watching " << a.file << "\n";
    return exit_code::ok;
}

}  // namespace handout::cli
