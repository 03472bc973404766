// A section's pool keys (`pick`, `one_per_tag`, `points`), the questions it
// takes from bank files (`include`), and each question's `tags`.
#include <algorithm>
#include <filesystem>
#include <system_error>

#include "handout/io.hpp"
#include "handout/pool.hpp"
#include "load/worksheet_reader.hpp"
#include "text/utf8_path.hpp"

namespace handout::load {

namespace fs = std::filesystem;

namespace {

/// The keys of a bank file written as a mapping.
const std::vector<std::string_view> bank_keys = {"id", "title", "questions"};

/// Most files and folders a folder `include` looks through: a bank, not a
/// disk (`include: /` stops here with an error instead of reading it all).
constexpr std::size_t max_folder_entries = 5000;

/// The YAML files of a folder, recursively, in sorted order; `too_many` when
/// it holds more than max_folder_entries entries (then none).
std::vector<fs::path> bank_files(const fs::path& folder, bool& too_many) {
    std::vector<fs::path> files;
    std::error_code ec;
    std::size_t seen = 0;
    too_many = false;
    for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (++seen > max_folder_entries) {
            too_many = true;
            return {};
        }
        const auto ext = it->path().extension();
        if (it->is_regular_file(ec) && (ext == ".yaml" || ext == ".yml")) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

void WorksheetReader::read_tags(const Entry& entry, Question& question) {
    question.tags = text_list(entry, "tag", "tags", "write tags: [fractions, easy]");
}

// `include: bank.yaml`, `include: banks/` or a list of them, resolved from
// the worksheet's folder: each file's questions, in order.
std::vector<Question> WorksheetReader::read_include(const Entry& entry) {
    std::vector<Text> written;
    if (entry.value.IsScalar()) {
        if (auto one = text(entry, true)) written.push_back(*one);
    } else {
        written =
            text_list(entry, "file", "files to include", "write include: bank.yaml or include: [a.yaml, b/]");
    }
    std::vector<Question> questions;
    for (const Text& path : written) {
        const fs::path resolved =
            (utf8_path(src_.file()).parent_path() / utf8_path(path.text)).lexically_normal();
        std::error_code ec;
        std::vector<fs::path> files;
        if (fs::is_directory(resolved, ec)) {
            bool too_many = false;
            files = bank_files(resolved, too_many);
            if (too_many)
                error(path.loc,
                      "the folder '" + path.text + "' holds more than " + std::to_string(max_folder_entries) +
                          " files and folders",
                      "include the folder of the bank's own files, or the files themselves");
            else if (files.empty())
                error(path.loc, "the folder '" + path.text + "' has no .yaml files",
                      "put the bank's questions in files such as " + (resolved / "fractions.yaml").string());
        } else if (fs::exists(resolved, ec)) {
            files.push_back(resolved);
        } else {
            error(path.loc, "there is no file or folder '" + path.text + "' to include",
                  "the path is read from the worksheet's folder (" + resolved.string() + " was looked for)");
        }
        for (const fs::path& file : files) {
            auto more = read_bank(file.string(), path.loc);
            for (auto& q : more) questions.push_back(std::move(q));
        }
    }
    return questions;
}

// One bank file: a list of questions, or a mapping with `questions:`.
std::vector<Question> WorksheetReader::read_bank(const std::string& path, const Loc& included_at) {
    std::vector<Question> questions;
    if (const std::string why = unreadable_reason(path); !why.empty()) {
        error(included_at, "cannot read the bank file " + path + ": " + why, "check the file's permissions");
        return questions;
    }
    const auto text = read_yaml_file(path, diags_);
    if (!text) return questions;
    parse_file(
        *text, path, "bank", diags_, [&](const Source& source, const YAML::Node& root, Diagnostics& found) {
            WorksheetReader bank(source, found);
            bank.sheet_shuffles_options_ = sheet_shuffles_options_;
            bank.sheet_scoring_ = sheet_scoring_;
            bank.sheet_comma_ = sheet_comma_;
            bank.questions_written_ = questions_written_;
            if (root.IsSequence()) {
                questions = bank.read_questions(Entry{"questions", root, root});
            } else if (root.IsMap()) {
                const Entries keys = read_entries(source, found, root, "a bank file", bank_keys,
                                                  "a bank file has 'questions:' (and may have id and title)");
                if (const Entry* e = keys.find("questions"))
                    questions = bank.read_questions(*e);
                else
                    bank.error(root, "the bank file has no 'questions'",
                               "add 'questions:' with a list of questions");
            } else {
                bank.error(source.at(root),
                           "a bank file must be a list of questions or a mapping with 'questions:'",
                           "start it with 'questions:' and write each question as '- prompt: …'");
            }
            questions_written_ = bank.questions_written_;
            for (auto& [file, image] : bank.images_) images_.emplace(file, image);
        });
    return questions;
}

// `pick`, `one_per_tag` and `points` of a section, checked once its questions are read.
void WorksheetReader::read_pool(const Entries& keys, Section& section) {
    const Entry* pick = keys.find("pick");
    if (!pick) {
        for (const char* name : {"one_per_tag", "points"})
            if (const Entry* e = keys.find(name))
                error(e->key, "'" + std::string(name) + "' belongs to a pool, and this section has no 'pick'",
                      "add 'pick: 2' to print 2 of the section's questions on each sheet, or drop '" +
                          std::string(name) + "'");
        return;
    }
    const auto n = positive_int(*pick);
    if (!n) return;
    section.pick = static_cast<std::size_t>(*n);
    section.pick_loc = src_.at(pick->value);
    if (const Entry* e = keys.find("one_per_tag"))
        if (auto value = boolean(*e)) section.one_per_tag = *value;
    if (const Entry* e = keys.find("points"))
        if (auto value = points(*e)) section.pool_points = *value;
    if (section.questions.empty()) return;  // reported already
    if (auto why = pool_infeasible(section)) {
        error(section.pick_loc, *why,
              section.pick > section.questions.size()
                  ? "add questions to the pool, or pick fewer"
                  : "pick fewer questions, or change the pool's tags or points so that some draw fits");
        section.pick = 0;
        return;
    }
    if (section.pick == section.questions.size())
        diags_.warning(section.pick_loc, "the pool prints all its questions on every sheet",
                       "add questions to the pool, or drop 'pick'");
    if (!section.pool_points) {
        for (const Question& q : section.questions) {
            if (q.points == section.questions.front().points) continue;
            diags_.warning(section.pick_loc,
                           "the pool's questions are worth different points, so sheets may have "
                           "different totals",
                           "give them the same points, or add 'points: N' to the section so that every draw "
                           "totals N");
            break;
        }
    }
}

}  // namespace handout::load
