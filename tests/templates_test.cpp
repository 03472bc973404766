// Tests of the page-style loader against its corpus of bad templates: every
// file of tests/data/bad-templates carries its expected errors as
// `# expect: LINE:COL substring` comments, like tests/data/bad for worksheets.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "corpus.hpp"
#include "handout/io.hpp"
#include "handout/load.hpp"

namespace fs = std::filesystem;
using namespace handout;

// Proves, for every file of tests/data/bad-templates, that parse_style
// reports exactly the errors its `# expect:` comments list (location and
// message), no other, each with a hint and the file's name, and returns no
// style.
TEST(BadTemplates, ReportExactlyTheErrorsWrittenInTheirExpectComments) {
    const auto files = test::corpus_files(fs::path(HANDOUT_TEST_DATA) / "bad-templates", ".yaml");
    ASSERT_GE(files.size(), 8u);

    for (const auto& path : files) {
        SCOPED_TRACE(path.filename().string());
        const std::string content = read_file(path.string());
        const auto expected = test::expectations_in_comments(content);
        ASSERT_FALSE(expected.empty()) << "no '# expect:' line";

        Diagnostics diags;
        std::optional<PageStyle> style;
        ASSERT_NO_THROW(style = parse_style(content, path.string(), diags));
        EXPECT_FALSE(style.has_value());
        test::expect_exactly(diags, expected, path.string());
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
