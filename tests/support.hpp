// Helpers shared by the tests that run the real `handout` binary: run a
// shell command and capture what it prints, quote a path, read a file whole;
// and the Liberation Sans page style the font and PDF tests name explicitly.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace handout::test
