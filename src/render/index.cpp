// Finding worksheets again: the files under some folders, and the worksheet
// a sheet code was printed from (`key`, `mark`).
#include "handout/render.hpp"

#include <algorithm>
#include <filesystem>

#include "handout/io.hpp"

namespace handout {

std::vector<std::string> find_worksheet_files(const std::vector<std::string>& paths) {
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (fs::is_regular_file(path, ec)) {
            files.push_back(path);
            continue;
        }
        if (!fs::is_directory(path, ec)) throw IoError("cannot search " + path + ": no such file or folder");
        std::vector<std::string> found;
        for (fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec)) {
            const auto ext = it->path().extension();
            if (it->is_regular_file(ec) && (ext == ".yaml" || ext == ".yml")) found.push_back(it->path().string());
        }
        if (ec) throw IoError("cannot search " + path + ": " + ec.message());
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

WorksheetIndex::WorksheetIndex(const std::vector<std::string>& roots, const std::string& template_name,
                               const PaperSize* paper) {
    for (const auto& r : roots) searched_ += (searched_.empty() ? "" : ", ") + r;
    for (const auto& file : find_worksheet_files(roots)) {
        inputs_.push_back({"the worksheet", file});
        Diagnostics ignored;
        try {
            if (auto p = prepare(file, template_name, data_dir(), ignored, paper))
                worksheets_.push_back(std::make_shared<const Prepared>(std::move(*p)));
        } catch (const IoError&) {
            // an unreadable file is one that cannot match
        }
    }
}

WorksheetIndex::Match WorksheetIndex::find(const ParsedCode& code) const {
    Match m;
    for (const auto& p : worksheets_) {
        if (code.matches(p->worksheet)) {
            m.printed = p;
            return m;
        }
        if (!m.mistyped)
            if (auto typo = typo_in(code, p->worksheet)) {
                m.mistyped = p;
                m.typo = std::move(*typo);
            }
        if (!m.edited && code.same_id(p->worksheet)) m.edited = p;
    }
    return m;
}

}  // namespace handout
