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
#include "handout/render.hpp"
#include "handout/scan.hpp"
#include "handout/stats.hpp"
#include "handout/text.hpp"

namespace handout::cli {

namespace {

/// responses.csv (`what` = "responses") or tags.csv beside results.csv:
/// `results` in the name becomes `what`, else `-what` is added to it.
std::string beside_results(const std::string& results, const std::string& what = "responses") {
    namespace fs = std::filesystem;
    const fs::path p(results);
    std::string stem = p.stem().string();
    const auto at = stem.rfind("results");
    stem = at == std::string::npos ? stem + "-" + what : stem.replace(at, 7, what);
    return (p.parent_path() / (stem + ".csv")).string();
}

/// Whether results are written as a spreadsheet: `--format`, else -o's extension.
bool as_xlsx(const MarkArgs& a) {
    if (!a.format.empty()) return a.format == "xlsx";
    std::string ext = std::filesystem::path(a.output).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == ".xlsx";
}

/// Every file the run writes, in the order they are named: results (CSV or
/// a spreadsheet), responses.csv, then the files asked for. Slips only for
/// sheets that were read (no empty PDF). Grade-book errors go to `diags`.
std::vector<std::pair<std::string, std::string>> outputs_of(const MarkArgs& a, const std::string& responses,
                                                            const mark::Results& results,
                                                            Diagnostics& diags) {
    std::vector<std::pair<std::string, std::string>> files;
    files.emplace_back(a.output, as_xlsx(a) ? mark::results_xlsx(results) : mark::results_csv(results));
    files.emplace_back(responses, mark::responses_csv(results));
    // Scores per tag, when the worksheets tag their questions.
    if (std::string tags = mark::tags_csv(results); !tags.empty())
        files.emplace_back(beside_results(a.output, "tags"), std::move(tags));
    if (!a.report.empty()) files.emplace_back(a.report, mark::review_html(results));
    const bool any_read =
        std::any_of(results.sheets.begin(), results.sheets.end(), [](const auto& s) { return s.scanned; });
    if (!a.slips.empty() && any_read) files.emplace_back(a.slips, mark::slips_pdf(results));
    if (!a.analysis.empty() && any_read) files.emplace_back(a.analysis, mark::analysis_pdf(results));
    if (!a.filled_roster.empty()) files.emplace_back(a.filled_roster, mark::filled_roster(results));
    if (!a.moodle.empty()) files.emplace_back(a.moodle, mark::moodle_csv(results, diags));
    if (!a.canvas.empty()) files.emplace_back(a.canvas, mark::canvas_csv(results, diags));
    if (!results.reads.empty()) files.emplace_back(a.reads, results.reads);
    return files;
}

/// The scans (every scan file of a scan folder too) and the worksheets of
/// --from: inputs that no output may name. IoError for a scan that is not there.
std::vector<RolePath> scans_and_worksheets(const MarkArgs& a) {
    std::vector<RolePath> inputs;
    for (const auto& s : a.scans) {
        // A scan that is not there is the command line's mistake, not a page to review.
        std::error_code ec;
        if (!std::filesystem::exists(s, ec))
            throw IoError(
                s + ": no such file or folder (the scans to mark: PDF, PNG, JPEG, TIFF files or folders)");
        inputs.push_back({"a scan", s});
        // An output is never one of the scans a folder holds.
        if (std::filesystem::is_directory(s, ec))
            for (const auto& file : scan::scan_files_in(s)) inputs.push_back({"a scan in " + s, file});
    }
    // … nor a worksheet the sheets are marked against.
    try {
        for (const auto& file :
             find_worksheet_files(a.from.empty() ? std::vector<std::string>{"worksheets"} : a.from))
            inputs.push_back({"the worksheet (--from)", file});
    } catch (const IoError&) {
        // a --from that cannot be searched is reported when the worksheets are loaded
    }
    return inputs;
}

/// Every file the run may write, with its option, for check_outputs.
std::vector<RolePath> outputs_named(const MarkArgs& a, const std::string& responses) {
    std::vector<RolePath> outputs{
        {"-o", a.output}, {"responses", responses}, {"tags", beside_results(a.output, "tags")}};
    for (const auto& [role, path] : std::initializer_list<std::pair<const char*, const std::string*>>{
             {"--report", &a.report},
             {"--slips", &a.slips},
             {"--filled-roster", &a.filled_roster},
             {"--moodle", &a.moodle},
             {"--canvas", &a.canvas},
             {"--reads", &a.reads},
             {"--analysis", &a.analysis},
             {"--history", &a.history}})
        if (!path->empty()) outputs.push_back({role, *path});
    return outputs;
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
    o.adjust = a.adjust;
    o.reads = a.reads;
    o.decimal = a.decimal.empty() ? '\0' : a.decimal.front();
    o.jobs = a.jobs ? a.jobs : std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
    o.crops = !a.report.empty();
    o.read.pdf_dpi = a.dpi;
    const std::string responses = beside_results(a.output);
    std::vector<RolePath> inputs = scans_and_worksheets(a);
    if (!a.roster.empty()) inputs.push_back({"the roster", a.roster});
    if (!a.fixes.empty()) inputs.push_back({"--fix", a.fixes});
    if (!a.adjust.empty()) inputs.push_back({"--adjust", a.adjust});
    check_outputs(inputs, outputs_named(a, responses));

    Diagnostics diags;
    const mark::Results results = mark::mark(o, diags);
    std::vector<std::pair<std::string, std::string>> files;  // path, bytes
    if (!diags.has_errors()) files = outputs_of(a, responses, results, diags);
    if (!diags.items().empty()) std::cerr << diags.format();
    if (diags.has_errors()) {
        std::cerr << "nothing written\n";
        return exit_code::input_error;
    }
    std::vector<OutputFile> views;
    std::string written;
    for (const auto& [path, bytes] : files) {
        views.push_back({path, bytes});
        written += (written.empty() ? "" : ", ") + path;
    }
    // The item history first: when it cannot be written, nothing is.
    if (!a.history.empty()) {
        const std::string label = a.class_label.empty() ? mark::class_label(responses) : a.class_label;
        const std::size_t answers = mark::record_history(results, a.history, label);
        written += ", " + std::to_string(answers) + " answers of class " + label + " in " + a.history;
    }
    write_files_atomically(views);
    const std::size_t read = static_cast<std::size_t>(
        std::count_if(results.sheets.begin(), results.sheets.end(), [](const auto& s) { return s.scanned; }));

    std::size_t undecided = 0;
    for (const auto& s : results.sheets) undecided += s.undecided();
    if (results.reads_reused)
        std::cout << "the pages as read come from " << a.reads << " (no scan read again)\n";
    std::cout << "read " << results.pages_read << " of " << results.pages_scanned << " pages: " << read
              << (read == 1 ? " sheet" : " sheets")
              << (results.pages_blank ? "; " + std::to_string(results.pages_blank) + " blank (duplex backs)" : "")
              << "\n";
    std::cout << "wrote " << written << "\n";
    if (!a.slips.empty() && read == 0) std::cerr << "no slips written: no sheet was read\n";
    for (const auto& p : results.problems) {
        // File names and what a QR code says are shown escaped: no escape
        // code, line break or cut character reaches the terminal raw.
        std::cerr << (p.source.empty() ? "" : shown_escaped(p.source) + ":" + std::to_string(p.index) + ": ")
                  << "needs a person: "
                  << (p.sheet.empty() ? ""
                                      : "sheet " + p.sheet + (p.page.empty() ? "" : " page " + p.page) + ": ")
                  << shown_escaped(p.reason) << "\n";
    }
    if (undecided)
        std::cerr << undecided << (undecided == 1 ? " answer needs" : " answers need")
                  << " a person (status in " << responses << (a.report.empty() ? "" : ", pictures in " + a.report) << ")\n";
    return results.needs_review() ? exit_code::review : exit_code::ok;
}

int run_stats(const StatsArgs& a) {
    const std::vector<std::string> from = a.from.empty() ? std::vector<std::string>{"worksheets"} : a.from;
    std::vector<RolePath> inputs;
    for (const auto& r : a.responses) inputs.push_back({"a responses.csv", r});
    std::vector<RolePath> outputs;
    if (!a.output.empty()) outputs.push_back({"-o", a.output});
    if (!a.pdf.empty()) outputs.push_back({"--pdf", a.pdf});
    check_outputs(inputs, outputs);
    Diagnostics diags;
    const mark::Stats stats = mark::class_stats(a.responses, from, diags);
    if (!diags.items().empty()) std::cerr << diags.format();
    if (diags.has_errors()) {
        std::cerr << "nothing written\n";
        return exit_code::input_error;
    }
    std::vector<std::pair<std::string, std::string>> files;
    if (!a.output.empty()) files.emplace_back(a.output, mark::stats_csv(stats));
    if (!a.pdf.empty()) files.emplace_back(a.pdf, mark::stats_pdf(stats));
    std::vector<OutputFile> views;
    std::string written;
    for (const auto& [path, bytes] : files) {
        views.push_back({path, bytes});
        written += (written.empty() ? "" : ", ") + path;
    }
    write_files_atomically(views);
    if (a.output.empty()) std::cout << mark::stats_text(stats);
    std::size_t sheets = 0;
    for (std::size_t n : stats.sheets) sheets += n;
    (a.output.empty() ? std::cerr : std::cout)
        << stats.questions.size() << " questions, " << sheets << " sheets fully marked in "
        << stats.classes.size() << (stats.classes.size() == 1 ? " class" : " classes")
        << (written.empty() ? "" : "; wrote " + written) << "\n";
    return exit_code::ok;
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
    cli::StatsArgs stats;
    auto* stats_command = cli::add_stats_command(app, stats);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? exit_code::ok : exit_code::usage;
    }
    return cli::guarded([&] { return *stats_command ? cli::run_stats(stats) : cli::run_mark(args); });
}

}  // namespace

int main(int argc, char** argv) {
    // Building the options can throw too (out of memory): the same messages.
    return handout::cli::guarded([&] { return run_handout_mark(argc, argv); });
}
