// The `handout` command: parses options with CLI11 and calls the library.
// Exit codes: see handout::exit_code.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <future>
#include <cstdint>
#include <thread>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/bank_command.hpp"
#include "cli/convert_command.hpp"
#include "cli/guarded.hpp"
#include "cli/hidden_commands.hpp"
#include "cli/mark_command.hpp"
#include "cli/new_command.hpp"
#include "cli/paper_option.hpp"
#include "cli/render_options.hpp"
#include "cli/report.hpp"
#include "cli/watch_command.hpp"
#include "handout/convert.hpp"
#include "handout/diagnostic.hpp"
#include "handout/html.hpp"
#include "handout/io.hpp"
#include "handout/labels.hpp"
#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/pdf.hpp"
#include "handout/pool.hpp"
#include "handout/render.hpp"
#include "handout/roster.hpp"
#include "handout/variant.hpp"
#include "text/utf8_path.hpp"

using namespace handout;

namespace {

using cli::ConvertArgs;
using cli::count_errors;
using cli::parse_key_mode;
using cli::parse_seed;
using cli::print;
using cli::wrote;

// Prepares a worksheet (on the paper `paper` names, "" = the style's),
// printing its diagnostics; nullopt on errors.
std::optional<Prepared> prepare_or_report(const std::string& file, const std::string& template_name,
                                          const std::string& paper = {}) {
    const PaperSize* on = cli::parse_paper(paper);
    Diagnostics diags;
    auto p = prepare(file, template_name, data_dir(), diags, on);
    print(diags);
    if (!p) {
        const int n = count_errors(diags);
        std::cerr << input_name(file) << ": " << n << (n == 1 ? " error" : " errors") << ", nothing written\n";
    }
    return p;
}

struct RenderArgs {
    std::string file, output, seed = "1", key = "on", template_name, paper;
    bool duplex = false, answer_sheet = false;
};

int run_render(const RenderArgs& a) {
    const std::uint32_t seed = parse_seed(a.seed, "--seed");
    LayoutOptions options;
    options.key = parse_key_mode(a.key);
    options.duplex = a.duplex;
    options.answer_sheet = a.answer_sheet;
    auto p = prepare_or_report(a.file, a.template_name, a.paper);
    if (!p) return exit_code::input_error;
    const std::string out =
        a.output.empty() ? p->worksheet.id.text + "-s" + std::to_string(seed) + ".pdf" : a.output;
    check_outputs(p->inputs, {{"-o", out}});
    Document doc;
    layout_seed(*p, seed, options, doc);
    Diagnostics shrunk;
    warn_shrunk_formulas(p->worksheet, doc, shrunk);
    print(shrunk);
    write_file_atomically(out, paint_pdf(doc));
    wrote(out) << " (" << doc.pages.size() << (doc.pages.size() == 1 ? " page" : " pages")
              << ", sheet code " << sheet_code(p->worksheet, seed) << ")\n";
    return exit_code::ok;
}

int run_check(const std::vector<std::string>& files, const std::string& history_path) {
    std::optional<ItemHistoryFile> history;
    if (!history_path.empty()) history.emplace(history_path, false);
    int worst = exit_code::ok;
    for (const auto& file : files) {
        try {
            Diagnostics diags;
            auto p = prepare(file, "", data_dir(), diags);
            if (p) check_formula_widths(*p, diags);
            // English labels beside another language's questions: suggest `lang:`.
            if (p && p->worksheet.lang.loc.line == 0)
                if (const std::string lang = guess_language(p->worksheet); !lang.empty())
                    diags.warning({p->worksheet.file, 1, 1},
                                  "the worksheet has no 'lang:', so its labels (Name, Date, True/False, the key's "
                                  "words) print in English, but its texts look written in '" + lang + "'",
                                  "add 'lang: " + lang + "' at the top level (or 'lang: en' to keep English)");
            print(diags);
            if (p) {
                const std::size_t n = p->worksheet.question_count();
                std::cout << input_name(file) << ": ok (" << n << (n == 1 ? " question" : " questions") << ", sheet code "
                          << sheet_code(p->worksheet, 1) << ")\n";
                for (const std::string& line : pools_and_tags(p->worksheet))
                    std::cout << "  " << line << "\n";
                if (history) std::cout << cli::item_report(p->worksheet, &*history);
            } else {
                const int n = count_errors(diags);
                std::cerr << input_name(file) << ": " << n << (n == 1 ? " error" : " errors") << "\n";
                worst = std::max(worst, exit_code::input_error);
            }
        } catch (const IoError& e) {
            std::cerr << "handout: error: " << e.what() << "\n";
            worst = std::max(worst, exit_code::io);
        }
    }
    return worst;
}

struct LayoutArgs {
    std::string file, output = standard_stream, seed = "1", template_name, paper;
    bool json = false, answer_sheet = false;
};

// `handout layout --json`: where every machine-read mark of a variant's
// pages is (docs/layout-json.md), from the same Document the PDF is painted from.
int run_layout(const LayoutArgs& a) {
    if (!a.json) throw UsageError("layout writes JSON only: add --json");
    const std::uint32_t seed = parse_seed(a.seed, "--seed");
    auto p = prepare_or_report(a.file, a.template_name, a.paper);
    if (!p) return exit_code::input_error;
    check_outputs(p->inputs, {{"-o", a.output}});
    LayoutOptions options;
    options.key = KeyMode::off;
    options.answer_sheet = a.answer_sheet;
    Document doc;
    layout_seed(*p, seed, options, doc);
    write_file_atomically(a.output, layout_json(doc));
    if (a.output != standard_stream) wrote(a.output) << " (" << doc.pages.size() << " pages, sheet code "
                                                    << sheet_code(p->worksheet, seed) << ")\n";
    return exit_code::ok;
}

struct HtmlArgs {
    std::string file, output, seed = "1", template_name;
};

// `handout html`: the variant of a seed as a self-contained quiz page.
int run_html(const HtmlArgs& a) {
    const std::uint32_t seed = parse_seed(a.seed, "--seed");
    auto p = prepare_or_report(a.file, a.template_name);
    if (!p) return exit_code::input_error;
    check_outputs(p->inputs, {{"-o", a.output}});
    write_file_atomically(a.output, render_html(p->worksheet, seed));
    const std::size_t n = p->worksheet.question_count();
    wrote(a.output) << " (quiz of " << n << (n == 1 ? " question" : " questions") << ", sheet code "
              << sheet_code(p->worksheet, seed) << ")\n";
    return exit_code::ok;
}

struct BatchArgs {
    std::string file, output, keys, roster, template_name, paper, first_seed = "1";
    std::string copies;
    std::vector<std::string> name_columns;
    bool duplex = false, answer_sheet = false, booklet = false;
    unsigned jobs = 0;
};

// The checks among batch's options that CLI11 cannot express.
void check_batch_args(const BatchArgs& a) {
    if (a.copies.empty() == a.roster.empty())
        throw UsageError("batch needs either --copies N or --roster CLASS.csv (one of the two)");
    if (a.roster == standard_stream && a.file == standard_stream)
        throw UsageError("the worksheet and the roster cannot both come from standard input ('-')");
    if (a.booklet && a.first_seed != "1")
        throw UsageError("--booklet prints the master copy (seed 0) for everyone: --first-seed does not apply");
    if (!a.roster.empty() && a.first_seed != "1")
        throw UsageError("--first-seed goes with --copies; a roster pins seeds in its own `seed` column");
}

// `--copies N --first-seed S`: the sheets of seeds S … S+N-1.
std::vector<SheetSpec> copy_specs(const BatchArgs& a) {
    const std::uint32_t copies = parse_seed(a.copies, "--copies");
    if (copies < 1 || copies > 10000) throw UsageError("--copies must be from 1 to 10000");
    const std::uint32_t first = parse_seed(a.first_seed, "--first-seed");
    if (std::uint64_t{first} + copies - 1 > 0xFFFFFFFFULL)
        throw UsageError("--first-seed + --copies goes past the largest seed, 4294967295");
    std::vector<SheetSpec> specs;
    specs.reserve(copies);
    for (std::uint32_t i = 0; i < copies; ++i) specs.push_back({first + i, "", nullptr, ""});
    return specs;
}

// `--roster`: its students, printing its diagnostics; nullopt on errors.
std::optional<std::vector<Student>> read_batch_roster(const BatchArgs& a) {
    RosterOptions roster_options;
    roster_options.name_columns = a.name_columns;
    Diagnostics read;
    auto students = load_roster(a.roster, read, roster_options);
    print(read);  // its notes (columns left alone) too
    if (!students) std::cerr << input_name(a.roster) << ": " << count_errors(read) << " error(s), nothing written\n";
    return students;
}

// Paints the class set of `specs` into -o and --keys, with a progress line
// only on a terminal and only once the batch takes a moment.
int write_batch(const BatchArgs& a, const Prepared& p, std::vector<SheetSpec>& specs) {
    const bool tty = isatty(STDERR_FILENO) != 0;
    const auto start = std::chrono::steady_clock::now();
    bool shown = false;
    auto progress = [&](std::size_t done) {
        if (!tty) return;
        if (!shown && std::chrono::steady_clock::now() - start < std::chrono::milliseconds(400)) return;
        shown = true;
        std::cerr << "\rwrote " << done << " of " << specs.size() << " sheets" << std::flush;
    };
    const unsigned jobs = a.jobs ? a.jobs : std::max(1u, std::thread::hardware_concurrency());
    // A booklet is the master copy for everyone: one order, one key.
    if (a.booklet)
        for (auto& s : specs) s.seed = 0;
    // Both PDFs are written as they are painted, staged beside their targets:
    // sheets and keys are one transaction, both new or neither.
    StagedOutput sheets_out(a.output);
    std::optional<StagedOutput> keys_out;
    if (!a.keys.empty()) keys_out.emplace(a.keys);
    const ClassSetWritten written = write_class_set(
        p, specs, {a.duplex, !a.keys.empty(), a.answer_sheet, a.booklet, jobs},
        [&](std::string_view bytes) { sheets_out.write(bytes); },
        [&](std::string_view bytes) { if (keys_out) keys_out->write(bytes); }, progress);
    if (shown) std::cerr << "\r" << std::string(40, ' ') << "\r";
    std::vector<StagedOutput*> outputs_written{&sheets_out};
    if (keys_out) outputs_written.push_back(&*keys_out);
    commit_outputs(outputs_written);
    wrote(a.output) << " (" << specs.size() << " sheets, " << written.sheet_pages << " pages)\n";
    if (!a.keys.empty()) {
        wrote(a.keys) << " (marking grid and " << specs.size() << " keys, " << written.key_pages << " pages)\n";
    }
    return exit_code::ok;
}

int run_batch(const BatchArgs& a) {
    check_batch_args(a);
    std::vector<SheetSpec> specs;
    std::vector<Student> roster;
    Diagnostics diags;
    if (!a.copies.empty()) {
        specs = copy_specs(a);
    } else {
        auto students = read_batch_roster(a);
        if (!students) return exit_code::input_error;
        specs.reserve(students->size());
        for (auto& s : *students) specs.push_back({s.seed, s.name, nullptr, s.class_name});
        roster = std::move(*students);
    }
    auto p = prepare_or_report(a.file, a.template_name, a.paper);
    if (!p) return exit_code::input_error;
    std::vector<RolePath> inputs = p->inputs;
    if (!a.roster.empty()) inputs.push_back({"the roster", a.roster});
    // A roster's `style` column: those students' sheets in their own page styles.
    const auto styles =
        prepare_roster_styles(a.file, *p, roster, data_dir(), diags, cli::parse_paper(a.paper));
    for (std::size_t i = 0; i < roster.size(); ++i)
        if (const auto own = styles.find(roster[i].style); own != styles.end()) specs[i].style = &own->second;
    for (const auto& [name, own] : styles) inputs.insert(inputs.end(), own.inputs.begin(), own.inputs.end());
    std::vector<RolePath> outputs{{"-o", a.output}};
    if (!a.keys.empty()) outputs.push_back({"--keys", a.keys});
    check_outputs(inputs, outputs);
    // Every name prints in the Name field: each of its characters must be in the font.
    for (const Student& s : roster) check_coverage(s.name, s.name_loc, p->fonts, diags);
    if (diags.has_errors()) {
        print(diags);
        std::cerr << a.roster << ": " << count_errors(diags) << " error(s), nothing written\n";
        return exit_code::input_error;
    }
    return write_batch(a, *p, specs);
}

struct KeyArgs {
    std::vector<std::string> codes, from;
    std::string output;
};

int run_key(const KeyArgs& a) {
    std::vector<ParsedCode> codes;
    for (const auto& c : a.codes) {
        ParsedCode parsed;
        if (!parse_sheet_code(c, parsed))
            throw UsageError("'" + c + "' is not a sheet code: expected W3-XXXX-XXXXXXXXX-<seed>-<check>, as printed "
                             "in the footer of every sheet (e.g. W3-7K3Q-X9M2P4T8A-17-Y)");
        codes.push_back(parsed);
    }
    const WorksheetIndex index(a.from.empty() ? std::vector<std::string>{"worksheets"} : a.from);
    Document doc;
    Diagnostics diags;
    // One PDF has one set of fonts: every key takes the page style of the
    // first worksheet matched.
    std::shared_ptr<const Prepared> base;
    for (std::size_t i = 0; i < codes.size(); ++i) {
        const auto [match, edited, mistyped, typo] = index.find(codes[i]);
        if (match) {
            if (!base) base = match;
            LayoutOptions o;
            o.key = KeyMode::only;
            o.images = &match->images;
            layout_variant(make_variant(match->worksheet, codes[i].seed), base->style, base->fonts, o, doc);
        } else if (mistyped) {
            diags.error({}, "sheet code " + a.codes[i] + " has a typo: " + typo,
                        "check the code on the sheet and type it again; no key is printed for a code that "
                        "does not check out, as it could be another student's");
        } else if (edited) {
            diags.error({edited->worksheet.file, edited->worksheet.id.loc.line, edited->worksheet.id.loc.column},
                        "worksheet '" + edited->worksheet.id.text + "' was edited since sheet " + a.codes[i] +
                            " was printed (its code is now " + sheet_code(edited->worksheet, codes[i].seed) +
                            "), so its key cannot be rebuilt exactly",
                        "use the version of the file that was printed (a backup or version control); "
                        "a key from the edited file could give wrong answers");
        } else {
            diags.error({}, "no worksheet in " + index.searched() + " has the code " + a.codes[i],
                        "pass the folder or file of the worksheet with --from");
        }
    }
    print(diags);
    if (diags.has_errors()) {
        std::cerr << "nothing written\n";
        return exit_code::input_error;
    }
    check_outputs(index.inputs(), {{"-o", a.output}});
    write_file_atomically(a.output, paint_pdf(doc));
    wrote(a.output) << " (" << codes.size() << (codes.size() == 1 ? " key, " : " keys, ")
              << doc.pages.size() << (doc.pages.size() == 1 ? " page)" : " pages)") << "\n";
    return exit_code::ok;
}

/// What --template accepts and where a style's name is looked up (docs/format.md).
const char* const template_help =
    "Page style: a NAME (NAME.yaml beside the worksheet, in templates/ beside it, in "
    "$XDG_CONFIG_HOME/handout/templates (~/.config/handout/templates), then the program's templates/: "
    "classic, large-print, compact, letter, modified-large-print, dyslexia) or a path to a .yaml file";

// FILE and --seed, first among the options of a command that prints one variant.
void add_variant_options(CLI::App* command, std::string& file, std::string& seed) {
    command->add_option("FILE", file, "Worksheet YAML file (- reads standard input)")->required();
    command->add_option("--seed", seed, "Variant seed, 0 = master copy (default 1)");
}

// --template and --paper, last among a command's options.
void add_style_options(CLI::App* command, std::string& template_name, std::string& paper) {
    command->add_option("--template", template_name, template_help);
    command->add_option("--paper", paper, cli::paper_help);
}

CLI::App* add_render_command(CLI::App& app, RenderArgs& ra) {
    auto* render = app.add_subcommand("render", "Render one variant: student pages, then its answer key");
    add_variant_options(render, ra.file, ra.seed);
    render->add_option("-o,--output", ra.output, "Output PDF (default <id>-s<seed>.pdf; - writes standard output)");
    render->add_option("--key", ra.key, "Answer key: on, off or only (default on)");
    render->add_flag("--duplex", ra.duplex, "Start the key on a new sheet of paper (two-sided printing)");
    render->add_flag("--answer-sheet", ra.answer_sheet,
                     "Add a bubble sheet for scanning; the question pages then carry no page code");
    add_style_options(render, ra.template_name, ra.paper);
    return render;
}

CLI::App* add_html_command(CLI::App& app, HtmlArgs& ha) {
    auto* html = app.add_subcommand("html", "One variant as a self-contained interactive quiz page (HTML)");
    add_variant_options(html, ha.file, ha.seed);
    html->add_option("-o,--output", ha.output, "Output HTML file (- writes standard output)")->required();
    html->add_option("--template", ha.template_name, template_help);
    return html;
}

CLI::App* add_layout_command(CLI::App& app, LayoutArgs& la) {
    auto* layout = app.add_subcommand("layout", "Where each page code, corner mark, bubble and box of a variant is (JSON)");
    add_variant_options(layout, la.file, la.seed);
    layout->add_flag("--json", la.json, "Write JSON (the one format; see docs/layout-json.md)");
    layout->add_flag("--answer-sheet", la.answer_sheet, "The answer sheet's geometry (as render --answer-sheet prints it)");
    layout->add_option("-o,--output", la.output, "Output file (default: standard output)");
    add_style_options(layout, la.template_name, la.paper);
    return layout;
}

CLI::App* add_batch_command(CLI::App& app, BatchArgs& ba) {
    auto* batch = app.add_subcommand("batch", "A class set: one variant per copy or per student, and a marking pack");
    batch->add_option("FILE", ba.file, "Worksheet YAML file (- reads standard input)")->required();
    auto* copies = batch->add_option("--copies", ba.copies, "Number of copies (seeds S, S+1, …)");
    batch->add_option("--first-seed", ba.first_seed, "Seed of the first copy (default 1)")->needs(copies);
    auto* roster = batch->add_option("--roster", ba.roster,
                                     "Class list CSV (or tab-separated) with a name column, or first and last name "
                                     "columns (optional class, seed, style; other columns are left alone)");
    roster->excludes(copies);
    batch->add_option("--name-columns", ba.name_columns,
                      "The roster's columns the name is made of, in order: \"Vorname,Nachname\"")
        ->delimiter(',')
        ->needs(roster);
    batch->add_option("-o,--output", ba.output, "Output PDF of all student sheets (- writes standard output)")->required();
    batch->add_option("--keys", ba.keys, "Output PDF of the marking pack: grid, then every key");
    batch->add_flag("--duplex", ba.duplex, "Pad each sheet to an even page count (two-sided printing)");
    batch->add_flag("--answer-sheet", ba.answer_sheet,
                    "Each sheet with a bubble sheet for scanning; the question pages then carry no page code");
    batch->add_flag("--booklet", ba.booklet,
                    "One master-copy booklet to photocopy, then an answer sheet per copy or student (seed 0)");
    batch->add_option("--jobs", ba.jobs, "Layout threads (default: all cores)")->check(CLI::Range(1u, 256u));
    add_style_options(batch, ba.template_name, ba.paper);
    return batch;
}

CLI::App* add_key_command(CLI::App& app, KeyArgs& ka) {
    auto* key = app.add_subcommand("key", "Rebuild the answer keys of printed sheets from their sheet codes");
    key->add_option("CODE", ka.codes, "Sheet codes, as printed in each page's footer")->required();
    key->add_option("--from", ka.from, "Worksheet file or folder to search (default: worksheets/); repeatable");
    key->add_option("-o,--output", ka.output, "Output PDF of the keys (- writes standard output)")->required();
    return key;
}

CLI::App* add_import_command(CLI::App& app, ConvertArgs& ia) {
    auto* import = app.add_subcommand("import", "A Moodle GIFT, Aiken or Moodle XML bank to worksheet YAML");
    import->add_option("FILE", ia.file, "Question bank: .gift, .txt (GIFT or Aiken) or .xml")->required();
    import->add_option("-o,--output", ia.output, "Output YAML (default: FILE with .yaml)");
    import->add_flag("--force", ia.force, "Replace the output file if it exists");
    return import;
}

CLI::App* add_export_command(CLI::App& app, ConvertArgs& ea) {
    auto* exp = app.add_subcommand("export", "A worksheet to Moodle XML, GIFT or a QTI 2.1 package");
    exp->add_option("FILE", ea.file, "Worksheet YAML file")->required();
    exp->add_option("--to", ea.to, "moodle-xml, gift or qti")->required();
    exp->add_option("-o,--output", ea.output, "Output file (default <id>.xml, <id>.gift or <id>-qti.zip)");
    exp->add_option("--seed", ea.seed,
                    "Questions with vars: the numbers of the sheet of this seed (default 1)");
    exp->add_option("--copies", ea.copies,
                    "Questions with vars: this many versions each, seeds --seed, --seed+1, …");
    return exp;
}

// Parses the command line and runs the command it names.
int run_handout(int argc, char** argv) {
    CLI::App app{"handout: YAML worksheets to printable, ink-friendly PDF worksheets with answer keys"};
    app.set_version_flag("--version", "handout " HANDOUT_VERSION);
    app.require_subcommand(1);

    RenderArgs ra;
    auto* render = add_render_command(app, ra);
    HtmlArgs ha;
    auto* html = add_html_command(app, ha);
    LayoutArgs la;
    auto* layout = add_layout_command(app, la);
    std::vector<std::string> check_files;
    auto* check = app.add_subcommand("check", "Validate worksheets; print every error; render nothing");
    check->add_option("FILE", check_files, "Worksheet YAML files (- reads standard input)")->required();
    std::string check_history;
    check->add_option("--history", check_history,
                      "Show each question's item history from this file (SQLite)");
    cli::BankArgs bka;
    auto* bank = cli::add_bank_command(app, bka);
    BatchArgs ba;
    auto* batch = add_batch_command(app, ba);
    KeyArgs ka;
    auto* key = add_key_command(app, ka);
    ConvertArgs ia, ea;
    auto* import = add_import_command(app, ia);
    auto* exp = add_export_command(app, ea);
    cli::MarkArgs ma;
    auto* mark = cli::add_mark_command(app, ma);
    cli::StatsArgs sa;
    auto* stats = cli::add_stats_command(app, sa);
    cli::NewArgs na;
    auto* new_sheet = cli::add_new_command(app, na);
    cli::WatchArgs wa;
    auto* watch = cli::add_watch_command(app, wa);

    // The build's and the completions' own commands (not in --help).
    if (const auto rc = cli::run_hidden_command(app, argc, argv, HANDOUT_VERSION)) return *rc;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? exit_code::ok : exit_code::usage;
    }

    return cli::guarded([&] {
        if (*render) return run_render(ra);
        if (*html) return run_html(ha);
        if (*layout) return run_layout(la);
        if (*check) return run_check(check_files, check_history);
        if (*bank) return cli::run_bank(bka);
        if (*batch) return run_batch(ba);
        if (*key) return run_key(ka);
        if (*import) return cli::run_import(ia);
        if (*exp) return cli::run_export(ea);
        if (*new_sheet) return cli::run_new(na);
        if (*watch) return cli::run_watch(wa);
        if (*mark || *stats) return cli::exec_mark(argv);  // the scan engine is its own program
        return exit_code::usage;
    });
}

}  // namespace

int main(int argc, char** argv) {
    // Building the options and the hidden commands can throw too (out of
    // memory, a manual page that cannot be written): the same messages.
    return cli::guarded([&] { return run_handout(argc, argv); });
}
