// `handout import` and `handout export` (cli/convert_command.hpp).
#include "cli/convert_command.hpp"

#include <cstdint>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <vector>

#include "cli/guarded.hpp"
#include "cli/render_options.hpp"
#include "cli/report.hpp"
#include "handout/convert.hpp"
#include "handout/diagnostic.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"
#include "handout/render.hpp"
#include "text/utf8_path.hpp"

namespace handout::cli {

namespace {

/// A picture already beside the worksheet is never replaced, nor written
/// through a symbolic link, without --force (the same bytes are left as
/// they are): a usage error before anything is written.
void refuse_to_replace_pictures(const std::vector<ConvertedFile>& files, const std::filesystem::path& folder,
                                bool force) {
    namespace fs = std::filesystem;
    if (force) return;
    for (const auto& f : files) {
        const fs::path path = folder / utf8_path(f.path);
        std::error_code ec;
        const auto status = fs::symlink_status(path, ec);
        if (!fs::exists(status)) continue;
        if (fs::is_symlink(status))
            throw UsageError(path.string() +
                             " is a symbolic link; import writes no picture through one (give "
                             "another -o folder, or --force)");
        if (read_file(path.string()) != f.bytes)
            throw UsageError(
                path.string() +
                " exists with another picture; give another -o folder, or --force to replace it");
    }
}

}  // namespace

int run_import(const ConvertArgs& a) {
    namespace fs = std::filesystem;
    const std::string out =
        a.output.empty() ? (utf8_path(a.file).replace_extension(".yaml")).string() : a.output;
    if (!a.force && fs::exists(out))
        throw UsageError(out + " exists; give another -o, or --force to replace it");
    check_outputs({{"the question bank", a.file}}, {{"-o", out}});
    Diagnostics diags;
    auto result = import_file(a.file, out, diags);
    print(diags);
    if (!result) {
        std::cerr << a.file << ": " << count_errors(diags) << " error(s), nothing written\n";
        return exit_code::input_error;
    }
    // The pictures, then the YAML beside its final name, checked as `handout
    // check` would (pictures, fonts, page style), then renamed into place; a
    // failure removes what this run wrote and leaves an existing file as it was.
    const fs::path folder = utf8_path(out).parent_path();
    refuse_to_replace_pictures(result->bank.files, folder, a.force);
    const bool to_stdout = out == standard_stream;
    const std::string checking = to_stdout ? ".handout-import.yaml" : out + ".importing";
    std::vector<fs::path> written;
    const auto remove_written = [&] {
        std::error_code ec;
        fs::remove(utf8_path(checking), ec);
        for (const auto& p : written) {
            fs::remove(p, ec);
            fs::remove(p.parent_path(), ec);  // only when it is left empty
        }
    };
    try {
        for (const auto& f : result->bank.files) {
            const fs::path path = folder / utf8_path(f.path);
            fs::create_directories(path.parent_path());
            if (!fs::exists(path)) written.push_back(path);
            // --force replaces a link with the picture, never writes through it.
            if (std::error_code ec; fs::is_symlink(fs::symlink_status(path, ec))) fs::remove(path);
            write_file_atomically(path.string(), f.bytes);
        }
        // A question the check refuses (a character no font has) is written
        // commented out, as import_file does with what the loader refuses.
        for (int round = 0;; ++round) {
            write_file_atomically(checking, result->yaml);
            Diagnostics checked, found;
            if (prepare(checking, "", data_dir(), checked)) break;
            if (round == 2 || !comment_out_checked(*result, checked, found)) {
                print(found);
                remove_written();
                std::cerr << a.file
                          << ": the worksheet made from it does not pass 'handout check', nothing written\n";
                return exit_code::input_error;
            }
            print(found);
        }
        if (to_stdout) {
            write_file_atomically(out, result->yaml);
            fs::remove(utf8_path(checking));
        } else if (std::error_code ec; fs::rename(utf8_path(checking), utf8_path(out), ec), ec) {
            throw IoError("cannot write " + out + ": " + ec.message());
        }
    } catch (...) {
        remove_written();
        throw;
    }
    wrote(out) << " (" << result->bank.question_count() << " questions, " << result->bank.commented_count()
               << " items commented out, " << result->bank.files.size() << " images)\n";
    return exit_code::ok;
}

int run_export(const ConvertArgs& a) {
    const auto format = parse_export_format(a.to);
    if (!format) throw UsageError("--to takes moodle-xml, gift or qti, not '" + a.to + "'");
    Diagnostics diags;
    auto sheet = load_worksheet(a.file, diags);
    if (!sheet) {
        print(diags);
        std::cerr << a.file << ": " << count_errors(diags) << " error(s), nothing written\n";
        return exit_code::input_error;
    }
    // `vars:` drawn as printed sheets show them (--seed, --copies), else refused.
    if (!a.seed.empty() || !a.copies.empty()) {
        const std::uint32_t copies = a.copies.empty() ? 1 : parse_seed(a.copies, "--copies");
        if (copies < 1 || copies > 100) throw UsageError("--copies takes 1 to 100, not " + a.copies);
        sheet = draw_vars_for_export(*sheet, a.seed.empty() ? 1 : parse_seed(a.seed, "--seed"), copies);
    }
    const char* ext = *format == ExportFormat::gift  ? ".gift"
                      : *format == ExportFormat::qti ? "-qti.zip"
                                                     : ".xml";
    const std::string out = a.output.empty() ? sheet->id.text + ext : a.output;
    const std::string bytes = *format == ExportFormat::gift  ? export_gift(*sheet, diags)
                              : *format == ExportFormat::qti ? export_qti(*sheet, diags)
                                                             : export_moodle_xml(*sheet, diags);
    print(diags);
    if (diags.has_errors()) {
        std::cerr << a.file << ": " << count_errors(diags) << " error(s), nothing written\n";
        return exit_code::input_error;
    }
    check_outputs({{"the worksheet", a.file}}, {{"-o", out}});
    write_file_atomically(out, bytes);
    std::cout << "wrote " << out << " (" << sheet->question_count() << " questions)\n";
    return exit_code::ok;
}

}  // namespace handout::cli
