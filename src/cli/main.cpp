// The `handout` command: parses options with CLI11 and calls the library.
// Exit codes: see handout::exit_code.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"
#include "handout/pdf.hpp"
#include "handout/render.hpp"
#include "handout/variant.hpp"

using namespace handout;

namespace {

// A usage error found after CLI11's parse (exit code 2).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::uint32_t parse_seed(const std::string& text, const char* what) {
    if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError(std::string(what) + " must be a whole number from 0 to 4294967295, not '" + text + "'");
    const unsigned long long v = std::stoull(text);
    if (v > 0xFFFFFFFFULL)
        throw UsageError(std::string(what) + " must be a whole number from 0 to 4294967295, not '" + text + "'");
    return static_cast<std::uint32_t>(v);
}

KeyMode parse_key_mode(const std::string& text) {
    if (text == "on") return KeyMode::on;
    if (text == "off") return KeyMode::off;
    if (text == "only") return KeyMode::only;
    throw UsageError("--key takes on, off or only, not '" + text + "'");
}

void print(const Diagnostics& diags) {
    if (!diags.items().empty()) std::cerr << diags.format();
}

int count_errors(const Diagnostics& diags) {
    int n = 0;
    for (const auto& d : diags.items()) n += d.severity == Severity::error;
    return n;
}

// Prepares a worksheet, printing its diagnostics; nullopt on errors.
std::optional<Prepared> prepare_or_report(const std::string& file, const std::string& template_name) {
    Diagnostics diags;
    auto p = prepare(file, template_name, data_dir(), diags);
    print(diags);
    if (!p) {
        const int n = count_errors(diags);
        std::cerr << file << ": " << n << (n == 1 ? " error" : " errors") << ", nothing written\n";
    }
    return p;
}

struct RenderArgs {
    std::string file, output, seed = "1", key = "on", template_name;
    bool duplex = false;
};

int run_render(const RenderArgs& a) {
    const std::uint32_t seed = parse_seed(a.seed, "--seed");
    LayoutOptions options;
    options.key = parse_key_mode(a.key);
    options.duplex = a.duplex;
    auto p = prepare_or_report(a.file, a.template_name);
    if (!p) return exit_code::input_error;
    const std::string out =
        a.output.empty() ? p->worksheet.id.text + "-s" + std::to_string(seed) + ".pdf" : a.output;
    Document doc;
    layout_seed(*p, seed, options, doc);
    write_file_atomically(out, paint_pdf(doc, p->fonts));
    std::cout << "wrote " << out << " (" << doc.pages.size() << (doc.pages.size() == 1 ? " page" : " pages")
              << ", sheet code " << sheet_code(p->worksheet, seed) << ")\n";
    return exit_code::ok;
}

int run_check(const std::vector<std::string>& files) {
    int worst = exit_code::ok;
    for (const auto& file : files) {
        try {
            Diagnostics diags;
            auto p = prepare(file, "", data_dir(), diags);
            print(diags);
            if (p) {
                std::cout << file << ": ok (" << p->worksheet.question_count() << " questions, sheet code "
                          << sheet_code(p->worksheet, 1) << ")\n";
            } else {
                const int n = count_errors(diags);
                std::cerr << file << ": " << n << (n == 1 ? " error" : " errors") << "\n";
                worst = std::max(worst, exit_code::input_error);
            }
        } catch (const IoError& e) {
            std::cerr << "handout: error: " << e.what() << "\n";
            worst = std::max(worst, exit_code::io);
        }
    }
    return worst;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"handout: YAML worksheets to printable, ink-friendly PDF worksheets with answer keys"};
    app.set_version_flag("--version", "handout " HANDOUT_VERSION);
    app.require_subcommand(1);

    RenderArgs ra;
    auto* render = app.add_subcommand("render", "Render one variant: student pages, then its answer key");
    render->add_option("FILE", ra.file, "Worksheet YAML file")->required();
    render->add_option("--seed", ra.seed, "Variant seed, 0 = master copy (default 1)");
    render->add_option("-o,--output", ra.output, "Output PDF (default <id>-s<seed>.pdf)");
    render->add_option("--key", ra.key, "Answer key: on, off or only (default on)");
    render->add_flag("--duplex", ra.duplex, "Start the key on a new sheet of paper (two-sided printing)");
    render->add_option("--template", ra.template_name, "Page style from templates/NAME.yaml");

    std::vector<std::string> check_files;
    auto* check = app.add_subcommand("check", "Validate worksheets; print every error; render nothing");
    check->add_option("FILE", check_files, "Worksheet YAML files")->required();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? exit_code::ok : exit_code::usage;
    }

    try {
        if (*render) return run_render(ra);
        if (*check) return run_check(check_files);
    } catch (const UsageError& e) {
        std::cerr << "handout: error: " << e.what() << "\nRun 'handout --help' for usage.\n";
        return exit_code::usage;
    } catch (const IoError& e) {
        std::cerr << "handout: error: " << e.what() << "\n";
        return exit_code::io;
    } catch (const InputError& e) {
        std::cerr << e.what();
        return exit_code::input_error;
    } catch (const std::exception& e) {
        std::cerr << "handout: internal error: " << e.what() << "\n";
        return exit_code::io;
    }
    return exit_code::usage;
}
