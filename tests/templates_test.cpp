// Tests of the page-style loader against its corpus of bad templates: every
// file of tests/data/bad-templates carries its expected errors as
// `# expect: LINE:COL substring` comments, like tests/data/bad for worksheets.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "handout/load.hpp"

namespace fs = std::filesystem;
using namespace handout;

namespace {

/// One `# expect: LINE:COL substring` line.
struct Expectation {
    int line = 0;
    int column = 0;
    std::string text;
};

/// The expectations written in a file's comments.
std::vector<Expectation> expectations_of(const std::string& content) {
    std::vector<Expectation> result;
    std::istringstream in(content);
    std::string line;
    const std::string marker = "# expect: ";
    while (std::getline(in, line)) {
        const std::size_t at = line.find(marker);
        if (at == std::string::npos) continue;
        Expectation e;
        std::istringstream fields(line.substr(at + marker.size()));
        char colon = 0;
        fields >> e.line >> colon >> e.column;
        std::getline(fields >> std::ws, e.text);
        result.push_back(e);
    }
    return result;
}

}  // namespace

// Proves, for every file of tests/data/bad-templates, that parse_style
// reports exactly the errors its `# expect:` comments list (location and
// message), no other, each with a hint and the file's name, and returns no
// style.
TEST(BadTemplates, ReportExactlyTheErrorsWrittenInTheirExpectComments) {
    const fs::path folder = fs::path(HANDOUT_TEST_DATA) / "bad-templates";
    std::vector<fs::path> files;
    for (const auto& item : fs::directory_iterator(folder))
        if (item.path().extension() == ".yaml") files.push_back(item.path());
    std::sort(files.begin(), files.end());
    ASSERT_GE(files.size(), 8u);

    for (const auto& path : files) {
        SCOPED_TRACE(path.filename().string());
        const std::string content = read_file(path.string());
        const auto expected = expectations_of(content);
        ASSERT_FALSE(expected.empty()) << "no '# expect:' line";

        Diagnostics diags;
        std::optional<PageStyle> style;
        ASSERT_NO_THROW(style = parse_style(content, path.string(), diags));
        EXPECT_FALSE(style.has_value());

        std::vector<bool> used(diags.items().size(), false);
        for (const auto& e : expected) {
            bool found = false;
            for (std::size_t i = 0; i < diags.items().size() && !found; ++i) {
                const Diagnostic& d = diags.items()[i];
                if (!used[i] && d.loc.line == e.line && d.loc.column == e.column &&
                    d.message.find(e.text) != std::string::npos)
                    used[i] = found = true;
            }
            EXPECT_TRUE(found) << "missing " << e.line << ':' << e.column << ' ' << e.text
                               << "\ngot:\n" << diags.format();
        }
        for (std::size_t i = 0; i < diags.items().size(); ++i) {
            const Diagnostic& d = diags.items()[i];
            EXPECT_TRUE(used[i]) << "unexpected " << d.format();
            EXPECT_FALSE(d.hint.empty()) << "no hint: " << d.format();
            EXPECT_EQ(d.loc.file, path.string());
        }
    }
}

// Proves that every bundled template loads without a diagnostic, so the
// corpus above tests the errors and not the templates.
TEST(BadTemplates, EveryBundledTemplateLoadsCleanly) {
    const fs::path folder = fs::path(HANDOUT_SOURCE_DIR) / "templates";
    for (const auto& item : fs::directory_iterator(folder)) {
        if (item.path().extension() != ".yaml") continue;
        SCOPED_TRACE(item.path().filename().string());
        Diagnostics diags;
        EXPECT_TRUE(load_style(folder.string(), item.path().stem().string(), diags).has_value());
        EXPECT_TRUE(diags.items().empty()) << diags.format();
    }
}
