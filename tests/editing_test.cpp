// Writing a worksheet with help: `handout new` (a starter that passes
// check) and `handout watch` (the PDF rendered again on every save), run as
// the real binary and read back with pdftotext. The schema side of `new` is
// in tests/schema/schema_test.py.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "support.hpp"

using handout::test::Proc;
using handout::test::quote;
using handout::test::run;
using handout::test::slurp;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

const std::string handout_bin = HANDOUT_BINARY;
const char* const question_types[] = {"choice", "truefalse", "multi", "short", "fill", "match", "order", "numeric"};

class Editing : public ::testing::Test {
protected:
    void SetUp() override {
        std::string tmpl = (fs::temp_directory_path() / "handout-editing-XXXXXX").string();
        ASSERT_NE(mkdtemp(tmpl.data()), nullptr);
        dir = tmpl;
    }
    void TearDown() override { fs::remove_all(dir); }
    std::string path(const std::string& name) const { return (fs::path(dir) / name).string(); }
    Proc handout(const std::string& args) const { return run(quote(handout_bin) + " " + args); }
    std::string pdf_text(const std::string& pdf) const {
        return run("pdftotext -layout " + quote(pdf) + " - 2>/dev/null").out;
    }
    std::string dir;
};

// ---------------------------------------------------------------------------
// handout new
// ---------------------------------------------------------------------------

TEST_F(Editing, NewWritesAStarterOfEveryTypeThatPassesCheck) {
    for (const char* type : question_types) {
        SCOPED_TRACE(type);
        const std::string file = path(std::string(type) + ".yaml");
        const Proc made = handout("new --type " + std::string(type) + " -o " + quote(file));
        ASSERT_EQ(made.status, 0) << made.out;
        EXPECT_NE(made.out.find("handout check"), std::string::npos) << made.out;
        const std::string yaml = slurp(file);
        EXPECT_EQ(yaml.rfind("# yaml-language-server: $schema=/", 0), 0u) << yaml.substr(0, 200);
        EXPECT_NE(yaml.find("schema/worksheet.schema.json\n"), std::string::npos);
        EXPECT_NE(yaml.find("id: " + std::string(type) + "\n"), std::string::npos);
        const Proc check = handout("check " + quote(file));
        EXPECT_EQ(check.status, 0) << yaml << check.out;
        EXPECT_NE(check.out.find("ok (1 question,"), std::string::npos) << check.out;
    }
}

TEST_F(Editing, NewWithoutTypesWritesAMixThatRenders) {
    const std::string file = path("Fractions 2.yaml");
    ASSERT_EQ(handout("new -o " + quote(file)).status, 0);
    EXPECT_NE(slurp(file).find("id: fractions-2\n"), std::string::npos);  // the id comes from the file name
    const Proc check = handout("check " + quote(file));
    EXPECT_EQ(check.status, 0) << check.out;
    EXPECT_NE(check.out.find("ok (5 questions,"), std::string::npos) << check.out;
    const std::string pdf = path("out.pdf");
    const Proc render = handout("render " + quote(file) + " -o " + quote(pdf));
    ASSERT_EQ(render.status, 0) << render.out;
    const std::string text = pdf_text(pdf);
    for (const char* printed : {"My worksheet", "Which planet is closest to the Sun?", "Sound travels faster",
                                "Which of these are mammals?", "Water boils at", "phases of the Moon"})
        EXPECT_NE(text.find(printed), std::string::npos) << printed;
}

TEST_F(Editing, NewTakesSeveralTypesInOrder) {
    const Proc made = handout("new --type numeric,match --type order -o -");
    ASSERT_EQ(made.status, 0) << made.out;
    const auto numeric = made.out.find("type: numeric"), match = made.out.find("type: match"),
               order = made.out.find("type: order");
    ASSERT_NE(order, std::string::npos) << made.out;
    EXPECT_LT(numeric, match);
    EXPECT_LT(match, order);
    EXPECT_EQ(made.out.find("type: truefalse"), std::string::npos);
}

TEST_F(Editing, NewNeverWritesOverAFileUnlessForced) {
    const std::string file = path("mine.yaml");
    std::ofstream(file) << "id: mine\n";
    const Proc refused = handout("new -o " + quote(file));
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_NE(refused.out.find("mine.yaml exists; give another -o, or --force to replace it"), std::string::npos)
        << refused.out;
    EXPECT_EQ(slurp(file), "id: mine\n");
    ASSERT_EQ(handout("new --force -o " + quote(file)).status, 0);
    EXPECT_EQ(handout("check " + quote(file)).status, 0);
}

TEST_F(Editing, NewRefusesAnUnknownTypeAndWritesNothing) {
    const std::string file = path("quiz.yaml");
    const Proc refused = handout("new --type choice,mutli -o " + quote(file));
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_NE(refused.out.find("--type 'mutli' is not a question type (did you mean 'multi'?)"), std::string::npos)
        << refused.out;
    EXPECT_FALSE(fs::exists(file));
}

// ---------------------------------------------------------------------------
// handout watch
// ---------------------------------------------------------------------------

/// `handout watch` as a child process, its output in files.
class Watcher {
public:
    Watcher(const std::vector<std::string>& args, const std::string& out, const std::string& err) {
        pid_ = fork();
        if (pid_ == 0) {
            const int o = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int e = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            ::dup2(o, 1);
            ::dup2(e, 2);
            std::vector<char*> argv;
            argv.push_back(const_cast<char*>(handout_bin.c_str()));
            for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
            argv.push_back(nullptr);
            ::execv(handout_bin.c_str(), argv.data());
            ::_exit(127);
        }
    }
    ~Watcher() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    /// Sends Ctrl-C and returns the exit status (-1 when it did not exit).
    int interrupt() {
        ::kill(pid_, SIGINT);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    /// Sends Ctrl-C and waits at most 30 s for the exit: its status, -1
    /// when it did not exit normally, -2 when it is still running.
    int interrupt_within() {
        ::kill(pid_, SIGINT);
        int status = 0;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (::waitpid(pid_, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > until) return -2;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    pid_t pid_ = -1;
};

/// Waits (at most 30 s: generous, so a loaded machine does not fail it)
/// until `done` holds; false when it never did.
bool eventually(const std::function<bool()>& done) {
    const auto until = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < until) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return done();
}

/// Saves as editors do: a new file renamed over the old one.
void save_by_rename(const std::string& file, const std::string& text) {
    std::ofstream(file + ".swp") << text;
    fs::rename(file + ".swp", file);
}

std::string sheet(const std::string& prompt) {
    return "id: live\ntitle: Live\nquestions:\n  - type: truefalse\n    prompt: " + prompt + "\n    answer: true\n";
}

TEST_F(Editing, WatchRendersAgainOnEverySaveAndKeepsTheLastGoodPdf) {
    const std::string yaml = path("live.yaml"), pdf = path("live.pdf"), out = path("out.txt"), err = path("err.txt");
    std::ofstream(yaml) << sheet("Alpha is first.");
    Watcher watcher({"watch", yaml, "-o", pdf}, out, err);
    ASSERT_TRUE(eventually([&] { return fs::exists(pdf); })) << slurp(err);
    EXPECT_NE(pdf_text(pdf).find("Alpha is first."), std::string::npos);

    // A valid change: a new PDF with the new text.
    std::string last = slurp(pdf);
    auto saved = Clock::now();
    save_by_rename(yaml, sheet("Bravo is second."));
    ASSERT_TRUE(eventually([&] { return slurp(pdf) != last; })) << slurp(err);
    const auto latency = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - saved);
    EXPECT_NE(pdf_text(pdf).find("Bravo is second."), std::string::npos);
    std::cout << "save to new PDF: " << latency.count() << " ms\n";
    RecordProperty("save_to_pdf_ms", static_cast<int>(latency.count()));

    // A broken save: every error printed, the PDF kept as it was.
    last = slurp(pdf);
    save_by_rename(yaml, "id: live\ntitle: Live\nquestions:\n  - type: truefalse\n    promt: Charlie\n    answer: maybe\n");
    ASSERT_TRUE(eventually([&] { return slurp(err).find("kept the last good PDF") != std::string::npos; }))
        << slurp(err);
    const std::string errors = slurp(err);
    EXPECT_NE(errors.find("live.yaml:5:5: error: unknown key 'promt'"), std::string::npos) << errors;
    EXPECT_NE(errors.find("live.yaml:6:13: error: 'answer' must be true or false"), std::string::npos) << errors;
    EXPECT_NE(errors.find(": 3 errors, kept the last good PDF"), std::string::npos) << errors;
    EXPECT_EQ(slurp(pdf), last);

    // Fixed, written in place this time: a new PDF again.
    {
        std::ofstream in_place(yaml, std::ios::trunc);
        in_place << sheet("Delta is fixed.");
    }
    ASSERT_TRUE(eventually([&] { return slurp(pdf) != last; })) << slurp(err);
    EXPECT_NE(pdf_text(pdf).find("Delta is fixed."), std::string::npos);

    // Ctrl-C: a clean exit.
    EXPECT_EQ(watcher.interrupt(), 0);
    EXPECT_NE(slurp(err).find("stopped watching"), std::string::npos) << slurp(err);
    EXPECT_NE(slurp(out).find(" wrote " + pdf + " (2 pages, sheet code "), std::string::npos) << slurp(out);
}

TEST_F(Editing, WatchRendersAgainWhenThePageStyleIsSaved) {
    const std::string yaml = path("styled.yaml"), style = path("mine.yaml"), pdf = path("styled.pdf");
    std::ofstream(style) << "body_size: 11\n";
    std::ofstream(yaml) << "id: styled\ntitle: Styled\ntemplate: mine\nquestions:\n"
                           "  - type: truefalse\n    prompt: Echo.\n    answer: true\n";
    Watcher watcher({"watch", yaml, "-o", pdf}, path("out.txt"), path("err.txt"));
    ASSERT_TRUE(eventually([&] { return fs::exists(pdf); })) << slurp(path("err.txt"));
    const std::string a4 = run("pdfinfo " + quote(pdf)).out;
    EXPECT_NE(a4.find("595.28 x 841.89"), std::string::npos) << a4;
    save_by_rename(style, "page: letter\n");
    ASSERT_TRUE(eventually([&] { return run("pdfinfo " + quote(pdf)).out.find("612 x 792") != std::string::npos; }))
        << slurp(path("err.txt"));
    EXPECT_EQ(watcher.interrupt(), 0);
}

// Proves item 12 of issue 33: a worksheet replaced by a FIFO is not read
// (the read would block for good), the last good PDF stays, and Ctrl-C
// still ends watch cleanly.
TEST_F(Editing, WatchStopsOnCtrlCAfterTheWorksheetBecomesAFifo) {
    const std::string yaml = path("live.yaml"), pdf = path("live.pdf"), err = path("err.txt");
    std::ofstream(yaml) << sheet("Alpha is first.");
    Watcher watcher({"watch", yaml, "-o", pdf}, path("out.txt"), err);
    ASSERT_TRUE(eventually([&] { return fs::exists(pdf); })) << slurp(err);
    const std::string last = slurp(pdf);
    fs::remove(yaml);
    ASSERT_EQ(::mkfifo(yaml.c_str(), 0644), 0);
    ASSERT_TRUE(eventually([&] { return slurp(err).find("is not a regular file") != std::string::npos; }))
        << slurp(err);
    EXPECT_EQ(watcher.interrupt_within(), 0) << slurp(err);
    EXPECT_NE(slurp(err).find("stopped watching"), std::string::npos) << slurp(err);
    EXPECT_EQ(slurp(pdf), last);
}

TEST_F(Editing, WatchRefusesStandardInput) {
    const Proc refused = handout("watch -");
    EXPECT_EQ(refused.status, 2) << refused.out;
    EXPECT_NE(refused.out.find("not standard input"), std::string::npos) << refused.out;
}

}  // namespace
