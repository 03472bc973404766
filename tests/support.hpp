// Helpers shared by the tests that run the real `handout` binary: run a
// shell command and capture what it prints, quote a path, read a file whole,
// read a CSV file's rows by heading, a scratch folder; and the Liberation
// Sans page style the font and PDF tests name explicitly.
#pragma once

#include <stdlib.h>
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "handout/roster.hpp"
#include "handout/style.hpp"

namespace handout::test {

/// What a command did: its exit status (-1 when it did not exit normally)
/// and its stdout and stderr together.
struct Proc {
    int status = -1;
    std::string out;
};

/// Runs a shell command, capturing stdout and stderr.
inline Proc run(const std::string& command) {
    Proc r;
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf;
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int st = pclose(pipe);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return r;
}

/// `s` in single quotes, for a shell command line (paths here have none).
inline std::string quote(const std::string& s) { return "'" + s + "'"; }

/// A fresh folder of its own under the system's temporary folder
/// (`handout-NAME-XXXXXX`), removed with the object.
struct TempDir {
    std::filesystem::path path;
    explicit TempDir(const std::string& name) {
        std::string tmpl =
            (std::filesystem::temp_directory_path() / ("handout-" + name + "-XXXXXX")).string();
        if (mkdtemp(tmpl.data()) != nullptr) path = tmpl;
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    ~TempDir() {
        std::error_code ec;
        if (!path.empty()) std::filesystem::remove_all(path, ec);
    }
    std::string operator/(const std::string& name) const { return (path / name).string(); }
};

/// The whole content of a file ("" when it cannot be read).
inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A page style whose four faces are Liberation Sans (the default style's
/// faces are Lato), for tests of Liberation's own metrics and messages.
inline PageStyle liberation_style() {
    PageStyle style;
    style.font_regular = "LiberationSans-Regular.ttf";
    style.font_bold = "LiberationSans-Bold.ttf";
    style.font_italic = "LiberationSans-Italic.ttf";
    style.font_bold_italic = "LiberationSans-BoldItalic.ttf";
    return style;
}

/// A CSV file's rows as maps from heading to cell (BOM skipped, any
/// separator, as the roster reader reads it); a parse error fails the test.
inline std::vector<std::map<std::string, std::string>> read_csv(const std::string& text) {
    std::vector<std::map<std::string, std::string>> rows;
    Diagnostics diags;
    const auto parsed = parse_csv(text, "test.csv", diags);
    EXPECT_TRUE(parsed) << diags.format();
    if (!parsed || parsed->empty()) return rows;
    const auto& header = parsed->front();
    for (std::size_t i = 1; i < parsed->size(); ++i) {
        std::map<std::string, std::string> row;
        for (std::size_t k = 0; k < header.size() && k < (*parsed)[i].size(); ++k)
            row[header[k].text] = (*parsed)[i][k].text;
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace handout::test
