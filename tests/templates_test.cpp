// Tests of the page-style loader against its corpus of bad templates: every
// file of tests/data/bad-templates carries its expected errors as
// `# expect: LINE:COL substring` comments, like tests/data/bad for worksheets.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>
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

// `--paper`: the style on another paper keeps its look. A3 enlarges as a
// copier does (×√2) unless the style names its A3 body size (modified large
// print: 24 pt, every length by 24/18); A4 and letter keep every size.
TEST(Paper, AStyleOnAnotherPaperScalesEveryLengthByOneFactor) {
    const std::string folder = std::string(HANDOUT_SOURCE_DIR) + "/templates";
    Diagnostics diags;
    const PageStyle classic = *load_style(folder, "classic", diags);
    const PageStyle mlp = *load_style(folder, "modified-large-print", diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();

    const PageStyle big = on_paper(classic, paper_a3);
    EXPECT_EQ(big.page_width, paper_a3.width);
    EXPECT_EQ(big.page_height, paper_a3.height);
    const double root2 = std::sqrt(2.0);
    EXPECT_NEAR(big.body_size, classic.body_size * root2, 0.01);
    EXPECT_NEAR(big.margin_left, classic.margin_left * root2, 0.01);
    EXPECT_NEAR(big.question_gap, classic.question_gap * root2, 0.01);
    EXPECT_NEAR(big.rule_width, classic.rule_width * root2, 0.01);
    EXPECT_EQ(big.line_gap, classic.line_gap) << "a multiple of the font size, not a length";
    EXPECT_EQ(big.font_regular, classic.font_regular);

    const PageStyle mlp3 = on_paper(mlp, paper_a3);
    EXPECT_DOUBLE_EQ(mlp3.body_size, 24);
    EXPECT_NEAR(mlp3.title_size, mlp.title_size * 24 / 18, 1e-9);
    EXPECT_NEAR(mlp3.image_scale, mlp.image_scale * 24 / 18, 1e-9);
    EXPECT_NEAR(mlp3.margin_top, mlp.margin_top * 24 / 18, 1e-9);

    const PageStyle us = on_paper(classic, paper_letter);
    EXPECT_EQ(us.page_width, paper_letter.width);
    EXPECT_EQ(us.body_size, classic.body_size);
    EXPECT_EQ(us.margin_left, classic.margin_left);
    EXPECT_EQ(on_paper(classic, paper_a4).body_size, classic.body_size);

    // Back from A3 to A4: the same style as before.
    EXPECT_NEAR(on_paper(big, paper_a4).body_size, classic.body_size, 1e-9);
    EXPECT_EQ(find_paper("a3"), &paper_sizes[1]);
    EXPECT_EQ(find_paper("LETTER")->width, paper_letter.width);
    EXPECT_EQ(find_paper("B5"), nullptr);
}

namespace {

// A scratch folder for the search tests, removed when it goes.
struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("handout-templates-" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    void write(const fs::path& relative, const std::string& text) const {
        fs::create_directories((dir / relative).parent_path());
        std::ofstream(dir / relative) << text;
    }
};

// Sets an environment variable for one scope, restoring what was there.
struct Env {
    std::string name;
    std::optional<std::string> old;
    Env(std::string n, const std::string& value) : name(std::move(n)) {
        if (const char* v = std::getenv(name.c_str())) old = v;
        setenv(name.c_str(), value.c_str(), 1);
    }
    ~Env() {
        if (old) setenv(name.c_str(), old->c_str(), 1);
        else unsetenv(name.c_str());
    }
};

}  // namespace

// Proves the search order of a style's name: the worksheet's folder, its
// templates/ folder, $XDG_CONFIG_HOME/handout/templates (else
// ~/.config/handout/templates), then the program's templates; the nearest wins.
TEST(TemplateSearch, FindsANameNearestTheWorksheetFirst) {
    Scratch s;
    const std::string data = HANDOUT_SOURCE_DIR;
    const std::string sheet = (s.dir / "work" / "quiz.yaml").string();
    Env xdg("XDG_CONFIG_HOME", (s.dir / "config").string());
    EXPECT_EQ(find_template("classic", sheet, data), data + "/templates/classic.yaml");
    s.write("config/handout/templates/classic.yaml", "body_size: 12\n");
    EXPECT_EQ(find_template("classic", sheet, data), (s.dir / "config/handout/templates/classic.yaml").string());
    s.write("work/templates/classic.yaml", "body_size: 13\n");
    EXPECT_EQ(find_template("classic", sheet, data), (s.dir / "work/templates/classic.yaml").string());
    s.write("work/classic.yaml", "body_size: 14\n");
    EXPECT_EQ(find_template("classic", sheet, data), (s.dir / "work/classic.yaml").string());
    // Standard input has no folder: the user's and the program's styles only.
    EXPECT_EQ(find_template("classic", "-", data), (s.dir / "config/handout/templates/classic.yaml").string());
    {
        Env no_xdg("XDG_CONFIG_HOME", "");
        Env home("HOME", (s.dir / "home").string());
        s.write("home/.config/handout/templates/mine.yaml", "body_size: 15\n");
        EXPECT_EQ(find_template("mine", "-", data), (s.dir / "home/.config/handout/templates/mine.yaml").string());
    }
    Diagnostics diags;
    const auto style = load_style_file(find_template("classic", sheet, data), diags);
    ASSERT_TRUE(style.has_value()) << diags.format();
    EXPECT_EQ(style->body_size, 14);
    EXPECT_EQ(style->name, "classic");
}

// Proves a path is read as given (relative to the worksheet's folder when
// the worksheet names it), and a name found nowhere names every folder searched.
TEST(TemplateSearch, ReadsAPathAndNamesEveryFolderWhenNothingIsFound) {
    Scratch s;
    const std::string data = HANDOUT_SOURCE_DIR;
    s.write("styles/school.yaml", "body_size: 12\n");
    s.write("work/quiz.yaml", "id: quiz\n");
    const std::string sheet = (s.dir / "work" / "quiz.yaml").string();
    EXPECT_EQ(find_template("../styles/school.yaml", sheet, data), (s.dir / "work/../styles/school.yaml").string());
    EXPECT_EQ(find_template((s.dir / "styles/school.yaml").string(), "", data), (s.dir / "styles/school.yaml").string());
    EXPECT_TRUE(is_template_path("school.yaml"));
    EXPECT_FALSE(is_template_path("school"));
    Env xdg("XDG_CONFIG_HOME", (s.dir / "config").string());
    try {
        find_template("shcool", sheet, data);
        ADD_FAILURE() << "no error";
    } catch (const IoError& e) {
        const std::string what = e.what();
        for (const auto& folder : template_folders(sheet, data)) EXPECT_NE(what.find(folder), std::string::npos) << what;
        EXPECT_NE(what.find("large-print"), std::string::npos) << what;
    }
    EXPECT_THROW(find_template("missing.yaml", sheet, data), IoError);
}
