// The bad-input corpora (tests/data/bad*, one file per mistake) carry the
// diagnostics each must produce: `# expect: LINE:COL substring` comments in
// YAML files (`# expect-warning:` for warnings), or a sibling `.expect` file of
// `LINE:COL substring` lines. These helpers read them and check a run's
// diagnostics against them, the same way for every corpus.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "handout/diagnostic.hpp"

namespace handout::test {

/// One expected diagnostic.
struct Expectation {
    Severity severity = Severity::error;
    int line = 0;
    int column = 0;
    std::string text;  ///< a substring of the message
};

/// Parses `LINE:COL substring` at `from` in `line` into `e`.
inline void parse_expectation(const std::string& line, std::size_t from, Expectation& e) {
    std::istringstream fields(line.substr(from));
    char colon = 0;
    fields >> e.line >> colon >> e.column;
    std::getline(fields >> std::ws, e.text);
}

/// The `# expect:` / `# expect-warning:` comments of a file's text.
inline std::vector<Expectation> expectations_in_comments(const std::string& content) {
    std::vector<Expectation> result;
    std::istringstream in(content);
    const std::string error_marker = "# expect: ", warning_marker = "# expect-warning: ";
    for (std::string line; std::getline(in, line);) {
        Expectation e;
        std::size_t at = line.find(error_marker), after = at + error_marker.size();
        if (at == std::string::npos) {
            at = line.find(warning_marker);
            if (at == std::string::npos) continue;
            after = at + warning_marker.size();
            e.severity = Severity::warning;
        }
        parse_expectation(line, after, e);
        result.push_back(e);
    }
    return result;
}

/// The lines of an `.expect` file (blank lines skipped; errors, or warnings
/// when the line starts with `warning `).
inline std::vector<Expectation> expectations_in_lines(const std::string& content) {
    std::vector<Expectation> result;
    std::istringstream in(content);
    const std::string warning_marker = "warning ";
    for (std::string line; std::getline(in, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        Expectation e;
        const bool warning = line.starts_with(warning_marker);
        if (warning) e.severity = Severity::warning;
        parse_expectation(line, warning ? warning_marker.size() : 0, e);
        result.push_back(e);
    }
    return result;
}

/// The files of `folder` ending in `extension`, sorted.
inline std::vector<std::filesystem::path> corpus_files(const std::filesystem::path& folder,
                                                       const std::string& extension) {
    std::vector<std::filesystem::path> files;
    for (const auto& item : std::filesystem::directory_iterator(folder))
        if (item.path().extension() == extension) files.push_back(item.path());
    std::sort(files.begin(), files.end());
    return files;
}

/// Checks that `diags` holds exactly `expected`: each expectation matches a
/// distinct diagnostic of its severity at its line:column whose message
/// (or hint) contains its text, no other diagnostic appears, and every diagnostic has
/// a hint and names `file`.
inline void expect_exactly(const Diagnostics& diags, const std::vector<Expectation>& expected,
                           const std::string& file) {
    std::vector<bool> used(diags.items().size(), false);
    for (const auto& e : expected) {
        bool found = false;
        for (std::size_t i = 0; i < diags.items().size() && !found; ++i) {
            const Diagnostic& d = diags.items()[i];
            if (!used[i] && d.severity == e.severity && d.loc.line == e.line && d.loc.column == e.column &&
                (d.message + "\n" + d.hint).find(e.text) != std::string::npos)
                used[i] = found = true;
        }
        EXPECT_TRUE(found) << "missing " << (e.severity == Severity::error ? "" : "warning ") << e.line << ':'
                           << e.column << ' ' << e.text << "\ngot:\n" << diags.format();
    }
    for (std::size_t i = 0; i < diags.items().size(); ++i) {
        const Diagnostic& d = diags.items()[i];
        EXPECT_TRUE(used[i]) << "unexpected " << d.format();
        EXPECT_FALSE(d.hint.empty()) << "no hint: " << d.format();
        EXPECT_EQ(d.loc.file, file);
    }
}

}  // namespace handout::test
