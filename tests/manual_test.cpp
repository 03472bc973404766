// The manual pages and shell completions the build writes from handout's
// --help (build/generated): a page for every command that groff renders
// without a warning and that lists every option --help lists; a bash
// completion that completes commands, options, page styles and .yaml files;
// zsh and fish scripts those shells accept (where they are installed).
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "support.hpp"

using handout::test::Proc;
using handout::test::quote;
using handout::test::run;
using handout::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string handout_bin = HANDOUT_BINARY;
const fs::path generated = fs::path(HANDOUT_BUILD_DIR) / "generated";

/// The commands `handout --help` lists.
std::vector<std::string> commands() {
    const Proc help = run(quote(handout_bin) + " --help");
    std::vector<std::string> names;
    std::istringstream lines(help.out.substr(help.out.find("Subcommands:")));
    std::string line;
    std::getline(lines, line);
    std::smatch m;
    while (std::getline(lines, line))
        if (std::regex_search(line, m, std::regex("^  ([a-z][a-z-]*) "))) names.push_back(m[1]);
    return names;
}

/// The option names (-o, --output) `handout <command> --help` lists.
std::set<std::string> options_of(const std::string& command) {
    const std::string help = run(quote(handout_bin) + " " + command + " --help").out;
    std::set<std::string> names;
    const std::regex option("(^|[ ,])(--?[a-z][a-z-]*)");
    for (auto it = std::sregex_iterator(help.begin(), help.end(), option); it != std::sregex_iterator(); ++it)
        names.insert((*it)[2]);
    return names;
}

/// A page as man shows it: groff's text, with its warnings (all of them on).
Proc render_page(const fs::path& page) {
    // -P-cbou: plain text, no overstriking (stock Debian has no `col` to strip it).
    return run("groff -man -Tutf8 -ww " + quote(page.string()) + " 2>&1 >/dev/null; groff -man -Tutf8 -P-cbou " +
               quote(page.string()) + " 2>/dev/null");
}

TEST(Manual, EveryCommandOfHelpHasItsPageAndNoOtherPageIsThere) {
    const auto names = commands();
    ASSERT_GE(names.size(), 9u);
    std::set<std::string> expected{"handout.1"};
    for (const auto& n : names) expected.insert("handout-" + n + ".1");
    std::set<std::string> pages;
    for (const auto& e : fs::directory_iterator(generated / "man")) pages.insert(e.path().filename().string());
    EXPECT_EQ(pages, expected);
}

TEST(Manual, PagesRenderWithoutWarningsAndListEveryOptionOfHelp) {
    if (run("command -v groff").status != 0) GTEST_SKIP() << "groff is not installed";
    for (const auto& name : commands()) {
        const Proc page = render_page(generated / "man" / ("handout-" + name + ".1"));
        ASSERT_EQ(page.status, 0) << name;
        EXPECT_EQ(page.out.find("warning"), std::string::npos) << name << ":\n" << page.out;
        EXPECT_NE(page.out.find("handout " + name + " [OPTIONS]"), std::string::npos) << page.out;
        for (const auto& option : options_of(name))
            EXPECT_NE(page.out.find(option), std::string::npos) << name << " " << option << ":\n" << page.out;
    }
    const Proc top = render_page(generated / "man" / "handout.1");
    EXPECT_EQ(top.out.find("warning"), std::string::npos) << top.out;
    for (const char* section : {"DESCRIPTION", "COMMANDS", "FILES", "ENVIRONMENT", "EXIT STATUS", "handout-render(1)"})
        EXPECT_NE(top.out.find(section), std::string::npos) << section << ":\n" << top.out;
    // Non-ASCII text of --help (the ellipsis of batch's --copies) prints as itself.
    EXPECT_NE(render_page(generated / "man" / "handout-batch.1").out.find("S+1, …"), std::string::npos);
}

/// Bash completing `words` (the last is the word under the cursor) in
/// `folder`, as the script installed for bash does; what it offers, sorted.
std::set<std::string> complete_bash(const std::vector<std::string>& words, const fs::path& folder) {
    std::string array;
    for (const auto& w : words) array += " " + quote(w);
    const fs::path script = folder / ".complete.sh";
    std::ofstream(script) << "source " << quote((generated / "completions/handout").string()) << "\n"
                          << "COMP_WORDS=(" << array << ")\nCOMP_CWORD=" << words.size() - 1 << "\n"
                          << "_handout\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
    const Proc r = run("cd " + quote(folder.string()) + " && bash .complete.sh 2>/dev/null");
    fs::remove(script);
    std::set<std::string> offered;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) offered.insert(line);
    return offered;
}

class Completion : public ::testing::Test {
protected:
    void SetUp() override {
        std::string tmpl = (fs::temp_directory_path() / "handout-completion-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir = tmpl;
        for (const char* file : {"quiz.yaml", "notes.txt", "lab.yaml"}) std::ofstream(dir / file) << "x\n";
        fs::create_directories(dir / "units");
    }
    void TearDown() override { fs::remove_all(dir); }
    fs::path dir;
};

using Set = std::set<std::string>;

TEST_F(Completion, BashCompletesCommandsAndTheirOptions) {
    EXPECT_EQ(complete_bash({handout_bin, "re"}, dir), Set{"render"});
    EXPECT_EQ(complete_bash({handout_bin, "render", "--tem"}, dir), Set{"--template"});
    EXPECT_EQ(complete_bash({handout_bin, "batch", "quiz.yaml", "--ro"}, dir), Set{"--roster"});
    EXPECT_EQ(complete_bash({handout_bin, "render", "--key", ""}, dir), (Set{"on", "off", "only"}));
    EXPECT_EQ(complete_bash({handout_bin, "render", "--seed", ""}, dir), Set{});
    EXPECT_EQ(complete_bash({handout_bin, "--vers"}, dir), Set{"--version"});
}

TEST_F(Completion, BashCompletesWorksheetsAndPageStyles) {
    // Worksheets: .yaml files and folders, not other files.
    EXPECT_EQ(complete_bash({handout_bin, "render", ""}, dir), (Set{"lab.yaml", "quiz.yaml", "units"}));
    EXPECT_EQ(complete_bash({handout_bin, "check", "lab.yaml", "q"}, dir), Set{"quiz.yaml"});
    // Page styles: the names --template finds (asked of the program being
    // completed), and .yaml files.
    const Set styles = complete_bash({handout_bin, "render", "quiz.yaml", "--template", ""}, dir);
    for (const char* name : {"classic", "large-print", "compact", "dyslexia", "quiz.yaml"})
        EXPECT_TRUE(styles.count(name)) << name;
    EXPECT_EQ(complete_bash({handout_bin, "batch", "--template", "la"}, dir), (Set{"lab.yaml", "large-print"}));
    // Any file where any file will do.
    EXPECT_EQ(complete_bash({handout_bin, "render", "-o", "no"}, dir), Set{"notes.txt"});
}

// Proves item 7 of issue 33: a page style whose name is a command
// substitution, in the user's templates folder, is offered as its name and
// never run when Tab is pressed after --template.
TEST_F(Completion, APageStyleNamedLikeACommandIsNeverRun) {
    const fs::path config = dir / "config";
    fs::create_directories(config / "handout" / "templates");
    const std::string name = "$(touch${IFS}PWNED)";
    std::ofstream(config / "handout" / "templates" / (name + ".yaml")) << "x\n";
    ASSERT_EQ(setenv("XDG_CONFIG_HOME", config.c_str(), 1), 0);
    const Set all = complete_bash({handout_bin, "render", "quiz.yaml", "--template", ""}, dir);
    const Set some = complete_bash({handout_bin, "render", "quiz.yaml", "--template", "$(t"}, dir);
    unsetenv("XDG_CONFIG_HOME");
    EXPECT_FALSE(fs::exists(dir / "PWNED"));
    EXPECT_TRUE(all.count(name)) << "offered as it is named";
    EXPECT_EQ(some, Set{name});
    const std::string script = slurp((generated / "completions/handout").string());
    EXPECT_EQ(script.find("--list-templates 2>/dev/null)\" --"), std::string::npos)
        << "no compgen -W of the names";
}

TEST(CompletionScripts, ZshAndFishAcceptTheirScripts) {
    EXPECT_EQ(run("bash -n " + quote((generated / "completions/handout").string())).status, 0);
    bool any = false;
    if (run("command -v zsh").status == 0) {
        any = true;
        const Proc z = run("zsh -n " + quote((generated / "completions/_handout").string()));
        EXPECT_EQ(z.status, 0) << z.out;
    }
    if (run("command -v fish").status == 0) {
        any = true;
        const Proc f = run("fish --no-execute " + quote((generated / "completions/handout.fish").string()));
        EXPECT_EQ(f.status, 0) << f.out;
    }
    if (!any) GTEST_SKIP() << "neither zsh nor fish is installed (bash's script was checked)";
}

}  // namespace
