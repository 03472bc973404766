// handout-mark: the `handout mark` command as its own program, so that the
// scan engine's libraries load only when scans are marked. `handout mark …`
// runs it with the same arguments; it parses them with the same options.
// Reads the scans, writes results.csv, responses.csv beside it, the review
// report and the slips, then says what needs a person.
#include "cli/mark_command.hpp"
#include "cli/guarded.hpp"
#include "cli/paper_option.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <thread>

#include "handout/io.hpp"
#include "handout/mark.hpp"

namespace handout::cli {

namespace {

/// responses.csv beside results.csv: `results` in the name becomes
/// `responses`, else `-responses` is added to it.
std::string responses_path(const std::string& results) {
    namespace fs = std::filesystem;
    const fs::path p(results);
    std::string stem = p.stem().string();
    const auto at = stem.rfind("results");
    stem = at == std::string::npos ? stem + "-responses" : stem.replace(at, 7, "responses");
    return (p.parent_path() / (stem + ".csv")).string();
}

}  // namespace

int run_mark(const MarkArgs& a) {
    mark::Options o;
    o.scans = a.scans;
    o.from = a.from;
    o.template_name = a.template_name;
    o.paper = cli::parse_paper(a.paper);
    o.roster = a.roster;
    o.roster_name_columns = a.name_columns;
    o.fixes = a.fixes;
    o.jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
    o.crops = !a.report.empty();
    o.read.pdf_dpi = a.dpi;
    const std::string responses = responses_path(a.output);
    std::vector<RolePath> inputs;
    for (const auto& s : a.scans) {
        // A scan that is not there is the command line's mistake, not a page to review.
        std::error_code ec;
        if (!std::filesystem::exists(s, ec))
            throw IoError(s + ": no such file or folder (the scans to mark: PDF, PNG, JPEG, TIFF files or folders)");
        inputs.push_back({"a scan", s});
    }
    if (!a.roster.empty()) inputs.push_back({"the roster", a.roster});
    if (!a.fixes.empty()) inputs.push_back({"--fix", a.fixes});
    std::vector<RolePath> outputs{{"-o", a.output}, {"responses", responses}};
    if (!a.report.empty()) outputs.push_back({"--report", a.report});
    if (!a.slips.empty()) outputs.push_back({"--slips", a.slips});
    check_outputs(inputs, outputs);

    Diagnostics diags;
    const mark::Results results = mark::mark(o, diags);
    if (!diags.items().empty()) std::cerr << diags.format();
    if (diags.has_errors()) {
        std::cerr << "nothing written\n";
        return exit_code::input_error;
    }
    const std::string results_text = mark::results_csv(results), responses_text = mark::responses_csv(results);
    const std::string report_text = a.report.empty() ? std::string() : mark::review_html(results);
    std::vector<OutputFile> files{{a.output, results_text}, {responses, responses_text}};
    if (!a.report.empty()) files.push_back({a.report, report_text});
    // Slips only for sheets that were read (no empty PDF).
    const std::size_t read = static_cast<std::size_t>(
        std::count_if(results.sheets.begin(), results.sheets.end(), [](const auto& s) { return s.scanned; }));
    const bool slips = !a.slips.empty() && read > 0;
    const std::string slips_bytes = slips ? mark::slips_pdf(results) : std::string();  // outlives `files`' views
    if (slips) files.push_back({a.slips, slips_bytes});
    write_files_atomically(files);

    std::size_t undecided = 0;
    for (const auto& s : results.sheets) undecided += s.undecided();
    std::cout << "read " << results.pages_read << " of " << results.pages_scanned << " pages: " << read
              << (read == 1 ? " sheet" : " sheets")
              << (results.pages_blank ? "; " + std::to_string(results.pages_blank) + " blank (duplex backs)" : "")
              << "\n";
    std::cout << "wrote " << a.output << ", " << responses << (a.report.empty() ? "" : ", " + a.report)
              << (slips ? ", " + a.slips : "") << "\n";
    if (!a.slips.empty() && !slips) std::cerr << "no slips written: no sheet was read\n";
    for (const auto& p : results.problems) {
        std::cerr << (p.source.empty() ? "" : p.source + ":" + std::to_string(p.index) + ": ") << "needs a person: "
                  << (p.sheet.empty() ? "" : "sheet " + p.sheet + (p.page.empty() ? "" : " page " + p.page) + ": ")
                  << p.reason << "\n";
    }
    if (undecided)
        std::cerr << undecided << (undecided == 1 ? " answer needs" : " answers need")
                  << " a person (status in " << responses << (a.report.empty() ? "" : ", pictures in " + a.report) << ")\n";
    return results.needs_review() ? exit_code::review : exit_code::ok;
}

}  // namespace handout::cli

namespace {

// Parses the command line and runs `handout mark`.
int run_handout_mark(int argc, char** argv) {
    using namespace handout;
    CLI::App app{"handout mark: scanned sheets back to scores"};
    app.name("handout");
    app.require_subcommand(1);
    cli::MarkArgs args;
    cli::add_mark_command(app, args);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? exit_code::ok : exit_code::usage;
    }
    return cli::guarded([&] { return cli::run_mark(args); });
}

}  // namespace

int main(int argc, char** argv) {
    // Building the options can throw too (out of memory): the same messages.
    return handout::cli::guarded([&] { return run_handout_mark(argc, argv); });
}
