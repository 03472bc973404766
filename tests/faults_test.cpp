// Fault tests: run the real `handout` binary against the failures a
// classroom machine has (an output folder that cannot be written, a full
// disk, a data folder missing a font, a template that does not exist) and
// prove that each ends with exit code 3, a message naming the file and the
// reason, and any existing output left exactly as it was.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"
#include "handout/diagnostic.hpp"
#include "handout/io.hpp"

using namespace handout;
using handout::test::Proc;
using handout::test::quote;
using handout::test::run;
using handout::test::slurp;
namespace fs = std::filesystem;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string handout_bin = HANDOUT_BINARY;

void spit(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

const std::string worksheet = source_dir + "/worksheets/forces-and-motion.yaml";

/// A fresh scratch folder per test, removed afterwards.
class Faults : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() /
               ("handout-faults-" + std::to_string(::getpid()) + "-" + info->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    /// The names in the scratch folder (to find stray temporary files).
    std::vector<std::string> listing() const {
        std::vector<std::string> names;
        for (const auto& item : fs::directory_iterator(dir_)) names.push_back(item.path().filename().string());
        std::sort(names.begin(), names.end());
        return names;
    }

    fs::path dir_;
};

}  // namespace

// Proves that an output path whose parent "folder" is a regular file fails
// with exit code 3 and says why, and that the file is left as it was.
TEST_F(Faults, AnOutputFolderThatIsAFileExitsWithThree) {
    spit(path("notes.txt"), "keep me");
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " -o " +
                       quote(path("notes.txt") + "/out.pdf"));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("cannot write " + path("notes.txt") + "/out.pdf"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Not a directory"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("notes.txt")), "keep me");
}

// Proves that a folder that cannot hold files (under /proc, where even root
// cannot create one) fails with exit code 3 naming the output.
TEST_F(Faults, AnUnwritableOutputFolderExitsWithThree) {
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " -o /proc/handout-out.pdf");
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("cannot write /proc/handout-out.pdf"), std::string::npos) << r.out;
}

// Proves that an output path naming an existing folder fails with exit code
// 3 and leaves the folder and its contents alone.
TEST_F(Faults, AnOutputPathThatIsAFolderExitsWithThree) {
    fs::create_directories(path("out.pdf"));
    spit(path("out.pdf") + "/inside.txt", "untouched");
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " -o " + quote(path("out.pdf")));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("Is a directory"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::is_directory(path("out.pdf")));
    EXPECT_EQ(slurp(path("out.pdf") + "/inside.txt"), "untouched");
}

// Proves, through the HANDOUT_TEST_FAIL_WRITE_AFTER hook, that a disk that
// fills up mid-write fails with exit code 3 and "No space left on device",
// keeps the previous PDF byte for byte, and leaves no temporary file behind.
TEST_F(Faults, AFullDiskKeepsTheExistingOutputAndExitsWithThree) {
    spit(path("out.pdf"), "the previous PDF");
    const Proc r = run("HANDOUT_TEST_FAIL_WRITE_AFTER=1000 " + quote(handout_bin) + " render " +
                       quote(worksheet) + " -o " + quote(path("out.pdf")));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("cannot write " + path("out.pdf") + ": No space left on device"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(slurp(path("out.pdf")), "the previous PDF");
    EXPECT_EQ(listing(), std::vector<std::string>{"out.pdf"});
}

// Proves the write hook in-process: the budget is honoured exactly (a write
// within it succeeds, one byte over fails) and the target is untouched.
TEST_F(Faults, TheWriteHookFailsExactlyPastItsBudget) {
    spit(path("a.bin"), "old");
    ::setenv("HANDOUT_TEST_FAIL_WRITE_AFTER", "5", 1);
    EXPECT_NO_THROW(write_file_atomically(path("a.bin"), "12345"));
    EXPECT_EQ(slurp(path("a.bin")), "12345");
    EXPECT_THROW(write_file_atomically(path("a.bin"), "123456"), IoError);
    ::unsetenv("HANDOUT_TEST_FAIL_WRITE_AFTER");
    EXPECT_EQ(slurp(path("a.bin")), "12345");
    EXPECT_EQ(listing(), std::vector<std::string>{"a.bin"});
}

// Proves the same on a real full disk: a 16 KiB tmpfs (a sheet is some 48 KB) mounted in a private
// mount namespace (needs root and unshare; skipped elsewhere).
TEST_F(Faults, ARealFullDiskKeepsTheExistingOutput) {
    if (::geteuid() != 0 || run("unshare -m true").status != 0) GTEST_SKIP() << "needs root and unshare";
    const std::string mnt = path("small");
    fs::create_directories(mnt);
    const std::string script =
        "mount -t tmpfs -o size=16k tmpfs " + quote(mnt) + " || exit 99; " +
        "printf 'the previous PDF' > " + quote(mnt + "/out.pdf") + "; " +
        quote(handout_bin) + " render " + quote(worksheet) + " -o " + quote(mnt + "/out.pdf") +
        "; rc=$?; echo; echo rc=$rc; echo content=$(cat " + quote(mnt + "/out.pdf") + "); ls -A " +
        quote(mnt) + "; umount " + quote(mnt);
    spit(path("full-disk.sh"), script);
    const Proc r = run("unshare -m sh " + quote(path("full-disk.sh")));
    if (r.out.find("rc=") == std::string::npos) GTEST_SKIP() << "cannot mount a tmpfs here: " << r.out;
    EXPECT_NE(r.out.find("No space left on device"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("rc=3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("content=the previous PDF\nout.pdf\n"), std::string::npos) << r.out;
}

// Proves that a data folder missing one font file fails with exit code 3,
// naming the missing file, before anything is written.
TEST_F(Faults, AMissingFontExitsWithThreeNamingIt) {
    fs::create_directories(path("data"));
    fs::copy(source_dir + "/templates", path("data/templates"), fs::copy_options::recursive);
    fs::copy(source_dir + "/fonts", path("data/fonts"), fs::copy_options::recursive);
    fs::remove(path("data/fonts/Lato-Light.ttf"));
    const Proc r = run("HANDOUT_DATA_DIR=" + quote(path("data")) + " " + quote(handout_bin) +
                       " render " + quote(worksheet) + " -o " + quote(path("out.pdf")));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("Lato-Light.ttf"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(path("out.pdf")));
}

// Proves that `--template nope` fails with exit code 3, naming the template
// and listing the ones that exist.
TEST_F(Faults, AMissingTemplateExitsWithThreeListingTheOthers) {
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " --template nope -o " +
                       quote(path("out.pdf")));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("cannot read template 'nope'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("classic"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(path("out.pdf")));
}

// Proves that a template named in the worksheet that does not exist is the
// worksheet's mistake: a located error at its value with the templates
// that exist (exit code 1), for check and render alike; nothing written.
TEST_F(Faults, AMissingTemplateNamedInTheWorksheetIsALocatedError) {
    spit(path("quiz.yaml"), "id: quiz\ntitle: Quiz\ntemplate: clasic\nquestions:\n"
                            "  - {type: truefalse, prompt: A., answer: true}\n");
    for (const std::string& options : {std::string(), " -o " + quote(path("out.pdf"))}) {
        const Proc r = run(quote(handout_bin) + (options.empty() ? " check " : " render ") + quote(path("quiz.yaml")) +
                           options);
        EXPECT_EQ(r.status, exit_code::input_error) << r.out;
        EXPECT_NE(r.out.find("quiz.yaml:3:11: error: cannot read template 'clasic'"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("classic, compact"), std::string::npos) << r.out;
    }
    EXPECT_FALSE(fs::exists(path("out.pdf")));
}

// Proves that a worksheet that cannot be read (a folder given as the file)
// fails with exit code 3.
TEST_F(Faults, AWorksheetThatIsAFolderExitsWithThree) {
    const Proc r = run(quote(handout_bin) + " render " + quote(dir_.string()));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("it is a folder"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------------------
// An output is never an input or the other output (exit 2, nothing written)

// Proves that `render quiz.yaml -o quiz.yaml` refuses with exit code 2 and
// leaves the worksheet as it was.
TEST_F(Faults, AnOutputThatIsTheWorksheetIsRefused) {
    fs::copy(source_dir + "/worksheets/images", path("images"), fs::copy_options::recursive);
    fs::copy(worksheet, path("quiz.yaml"));
    const Proc r = run(quote(handout_bin) + " render " + quote(path("quiz.yaml")) + " -o " + quote(path("quiz.yaml")));
    EXPECT_EQ(r.status, exit_code::usage) << r.out;
    EXPECT_NE(r.out.find("is the worksheet"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("quiz.yaml")), slurp(worksheet));
}

// Proves the same for a roster, for a hard link to the worksheet and for a
// symlink to it: the same file by device and inode, under another name.
TEST_F(Faults, AnOutputThatIsAnotherNameOfAnInputIsRefused) {
    spit(path("7b.csv"), "name\nAda\n");
    Proc r = run(quote(handout_bin) + " batch " + quote(worksheet) + " --roster " + quote(path("7b.csv")) + " -o " +
                 quote(path("7b.csv")));
    EXPECT_EQ(r.status, exit_code::usage) << r.out;
    EXPECT_NE(r.out.find("is the roster"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("7b.csv")), "name\nAda\n");

    fs::copy(source_dir + "/worksheets/images", path("images"), fs::copy_options::recursive);
    fs::copy(worksheet, path("quiz.yaml"));
    fs::create_hard_link(path("quiz.yaml"), path("hard.pdf"));
    fs::create_symlink("quiz.yaml", path("soft.pdf"));
    for (const char* name : {"hard.pdf", "soft.pdf"}) {
        r = run(quote(handout_bin) + " render " + quote(path("quiz.yaml")) + " -o " + quote(path(name)));
        EXPECT_EQ(r.status, exit_code::usage) << name << ": " << r.out;
        EXPECT_EQ(slurp(path("quiz.yaml")), slurp(worksheet)) << name;
    }
}

// Proves that `-o class.pdf --keys class.pdf` (also spelled differently)
// refuses with exit code 2 before writing either.
TEST_F(Faults, SheetsAndKeysOnTheSameFileAreRefused) {
    spit(path("class.pdf"), "the previous class set");
    const Proc r = run("cd " + quote(dir_.string()) + " && " + quote(handout_bin) + " batch " + quote(worksheet) +
                       " --copies 2 -o class.pdf --keys ./sub/../class.pdf");
    EXPECT_EQ(r.status, exit_code::usage) << r.out;
    EXPECT_NE(r.out.find("are the same file"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("class.pdf")), "the previous class set");
}

// ---------------------------------------------------------------------------
// Sheets and keys are one transaction

// Proves that when the keys cannot be written (a folder is in their place),
// the sheets keep their previous content: neither file is new.
TEST_F(Faults, KeysThatCannotBeWrittenLeaveTheOldSheets) {
    spit(path("sheets.pdf"), "the previous sheets");
    fs::create_directories(path("keys.pdf"));
    const Proc r = run(quote(handout_bin) + " batch " + quote(worksheet) + " --copies 2 -o " +
                       quote(path("sheets.pdf")) + " --keys " + quote(path("keys.pdf")));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_EQ(slurp(path("sheets.pdf")), "the previous sheets");
    EXPECT_EQ(listing(), (std::vector<std::string>{"keys.pdf", "sheets.pdf"}));
}

// Proves the same on a real full disk: the keys go to a 16 KiB tmpfs that
// cannot hold them, the sheets to an ordinary folder; both keep their
// previous content and no temporary file is left (needs root and unshare).
TEST_F(Faults, AFullDiskForTheKeysLeavesTheOldSheets) {
    if (::geteuid() != 0 || run("unshare -m true").status != 0) GTEST_SKIP() << "needs root and unshare";
    const std::string mnt = path("small");
    fs::create_directories(mnt);
    spit(path("sheets.pdf"), "the previous sheets");
    const std::string script =
        "mount -t tmpfs -o size=16k tmpfs " + quote(mnt) + " || exit 99; printf 'the previous keys' > " +
        quote(mnt + "/keys.pdf") + "; " + quote(handout_bin) + " batch " + quote(worksheet) + " --copies 3 -o " +
        quote(path("sheets.pdf")) + " --keys " + quote(mnt + "/keys.pdf") +
        "; rc=$?; echo; echo rc=$rc; echo keys=$(cat " + quote(mnt + "/keys.pdf") + "); ls -A " + quote(mnt) +
        "; umount " + quote(mnt);
    spit(path("full-disk.sh"), script);
    const Proc r = run("unshare -m sh " + quote(path("full-disk.sh")));
    if (r.out.find("rc=") == std::string::npos) GTEST_SKIP() << "cannot mount a tmpfs here: " << r.out;
    EXPECT_NE(r.out.find("rc=3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("No space left on device"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("keys=the previous keys\nkeys.pdf\n"), std::string::npos) << r.out;
    EXPECT_EQ(slurp(path("sheets.pdf")), "the previous sheets");
    EXPECT_EQ(listing(), (std::vector<std::string>{"full-disk.sh", "sheets.pdf", "small"}));
}

// Proves with a real SIGINT that an interrupted batch leaves no staged
// temporary file: the sheets go to a named pipe nobody reads, so the run
// waits there with the keys staged beside their target; then it is
// interrupted, dies of SIGINT, and the folder holds only what it held.
TEST_F(Faults, AnInterruptedBatchLeavesNoTemporaryFile) {
    ASSERT_EQ(::mkfifo(path("sheets.pdf").c_str(), 0600), 0);
    // A background job of a script starts with SIGINT ignored: env gives it
    // back its default, as a terminal's Ctrl-C would find it. A watchdog
    // kills the run should the signal not end it.
    const std::string script = "cd " + quote(dir_.string()) + " || exit 99; env --default-signal=INT " +
                               quote(handout_bin) + " batch " + quote(worksheet) +
                               " --copies 2 -o sheets.pdf --keys keys.pdf & pid=$!; "
                               "n=0; until ls -A | grep -q '^\\.keys\\.pdf\\.tmp-'; do sleep 0.05; "
                               "n=$((n+1)); [ $n -gt 1200 ] && break; done; "
                               "(sleep 60; kill -KILL $pid) >/dev/null 2>&1 & dog=$!; "
                               "kill -INT $pid; wait $pid; echo rc=$?; kill $dog";
    spit(path("interrupt.sh"), script);
    const Proc r = run("sh " + quote(path("interrupt.sh")));
    EXPECT_NE(r.out.find("rc=130"), std::string::npos) << r.out;  // 128 + SIGINT
    EXPECT_EQ(listing(), (std::vector<std::string>{"interrupt.sh", "sheets.pdf"}));
}

// Proves that a file-size limit (`ulimit -f`) ends the run with exit code 3
// and a message, not a silent SIGXFSZ kill, and leaves no temporary file.
TEST_F(Faults, AFileSizeLimitExitsWithThreeAndSaysSo) {
    const Proc r = run("cd " + quote(dir_.string()) + " && ulimit -f 20 && " + quote(handout_bin) + " render " +
                       quote(worksheet) + " -o out.pdf");
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("cannot write out.pdf: File too large"), std::string::npos) << r.out;
    EXPECT_TRUE(listing().empty());
}

// Proves that running out of memory is said in words (exit 3, nothing
// written): a 400-question × 26-option worksheet batched under a 120 MB
// address-space limit (ulimit -v), where allocation fails.
TEST_F(Faults, OutOfMemoryIsSaidInWordsAndWritesNothing) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: no ulimit -v under it";
#endif
    std::string yaml = "title: Many options\nid: many-options\nquestions:\n";
    for (int q = 0; q < 400; ++q) {
        yaml += "  - type: choice\n    prompt: Question " + std::to_string(q + 1) + " with a long prompt to lay out\n    options:\n";
        for (int o = 0; o < 26; ++o) yaml += "      - Option " + std::to_string(o + 1) + " of question " + std::to_string(q + 1) + "\n";
        yaml += "    answer: Option 1 of question " + std::to_string(q + 1) + "\n";
    }
    spit(path("many.yaml"), yaml);
    const Proc r = run("cd " + quote(dir_.string()) + " && ulimit -v 120000 && " + quote(handout_bin) +
                       " batch many.yaml --copies 3 -o out.pdf");
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("handout: error: out of memory"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(path("out.pdf")));
}

// ---------------------------------------------------------------------------
// Writing what the path means

// Proves that an output that is a symlink updates the file it points to and
// stays a symlink.
TEST_F(Faults, AnOutputSymlinkWritesItsTarget) {
    spit(path("real.pdf"), "old");
    fs::create_symlink("real.pdf", path("link.pdf"));
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " -o " + quote(path("link.pdf")));
    EXPECT_EQ(r.status, exit_code::ok) << r.out;
    EXPECT_TRUE(fs::is_symlink(path("link.pdf")));
    EXPECT_EQ(slurp(path("real.pdf")).substr(0, 5), "%PDF-");
}

// Proves that a replaced file keeps its mode: a key made private stays so.
TEST_F(Faults, AReplacedFileKeepsItsMode) {
    spit(path("key.pdf"), "old");
    fs::permissions(path("key.pdf"), fs::perms::owner_read | fs::perms::owner_write);
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " --key only -o " + quote(path("key.pdf")));
    EXPECT_EQ(r.status, exit_code::ok) << r.out;
    EXPECT_EQ(fs::status(path("key.pdf")).permissions(), fs::perms::owner_read | fs::perms::owner_write);
}

// Proves that a device as output is written, not replaced: a null device
// made in the scratch folder (needs root for mknod) is still a device after.
TEST_F(Faults, ADeviceOutputIsWrittenNotReplaced) {
    if (run("mknod " + quote(path("null")) + " c 1 3").status != 0) GTEST_SKIP() << "needs mknod (root)";
    const Proc r = run(quote(handout_bin) + " render " + quote(worksheet) + " -o " + quote(path("null")));
    EXPECT_EQ(r.status, exit_code::ok) << r.out;
    EXPECT_EQ(fs::status(path("null")).type(), fs::file_type::character);
    EXPECT_EQ(listing(), std::vector<std::string>{"null"});
}

// Proves that `-` reads the worksheet from standard input and `-o -` writes
// the PDF to standard output (and "wrote …" to standard error).
TEST_F(Faults, DashMeansStandardInputAndOutput) {
    const Proc r = run("cd " + quote(source_dir + "/worksheets") + " && " + quote(handout_bin) + " render - -o - < " +
                       quote(worksheet) + " 2>" + quote(path("err.txt")) + " | pdfinfo - ");
    EXPECT_EQ(r.status, 0) << r.out;
    EXPECT_NE(r.out.find("Forces and motion"), std::string::npos) << r.out;
    EXPECT_NE(slurp(path("err.txt")).find("wrote standard output"), std::string::npos);
    const Proc check = run("printf 'id: x\\n' | " + quote(handout_bin) + " check -");
    EXPECT_EQ(check.status, exit_code::input_error);
    EXPECT_NE(check.out.find("<stdin>:"), std::string::npos) << check.out;
}

// ---------------------------------------------------------------------------
// Inputs that are not files

// Proves that a named pipe given as a question's image is refused with a
// located error at once (it used to hang the loader until a writer came).
TEST_F(Faults, AnImageThatIsANamedPipeIsALocatedError) {
    ASSERT_EQ(::mkfifo(path("pipe.png").c_str(), 0600), 0);
    spit(path("quiz.yaml"), "id: fifo\ntitle: A pipe\nquestions:\n  - type: truefalse\n    prompt: A picture.\n"
                            "    answer: true\n    image: pipe.png\n");
    const Proc r = run("timeout 60 " + quote(handout_bin) + " check " + quote(path("quiz.yaml")));
    EXPECT_EQ(r.status, exit_code::input_error) << r.out;
    EXPECT_NE(r.out.find("quiz.yaml:7:12: error: image 'pipe.png' cannot be read: it is a named pipe (FIFO)"),
              std::string::npos)
        << r.out;
}

// Proves that a class set of more than 250,000 pages (10,000 copies of a
// 500-question sheet, each input within its limits) is refused before
// anything is laid out or left behind, with exit code 2 and the figures;
// it used to take about 20 MB a copy, gigabytes in all.
TEST_F(Faults, AClassSetOverTheLimitOfPagesIsRefused) {
    std::string yaml = "id: long\ntitle: Long\nquestions:\n";
    for (int i = 0; i < 500; ++i)
        yaml += "  - {type: truefalse, prompt: 'Statement " + std::to_string(i) + " is true.', answer: true}\n";
    spit(path("long.yaml"), yaml);
    const Proc r = run("cd " + quote(dir_.string()) + " && " + quote(handout_bin) +
                       " batch long.yaml --copies 10000 -o class.pdf --keys keys.pdf");
    EXPECT_EQ(r.status, exit_code::usage) << r.out;
    EXPECT_NE(r.out.find("this class set would have at least"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the limit is 250,000 pages"), std::string::npos) << r.out;
    EXPECT_EQ(listing(), std::vector<std::string>{"long.yaml"});
}

// Proves that `--roster /dev/zero` is refused after reading one byte past
// the roster limit (it used to read until memory ran out).
TEST_F(Faults, AnEndlessRosterIsRefusedAtItsLimit) {
    // A memory cap makes a reader that reads on fail fast; AddressSanitizer
    // reserves terabytes of shadow memory and cannot start under one, so the
    // sanitizer build relies on the timeout alone.
#if defined(__SANITIZE_ADDRESS__)
    const std::string cap;
#else
    const std::string cap = "ulimit -v 4000000; ";
#endif
    const Proc r = run(cap + "timeout 60 " + quote(handout_bin) + " batch " + quote(worksheet) +
                       " --roster /dev/zero -o " + quote(path("out.pdf")));
    EXPECT_EQ(r.status, exit_code::input_error) << r.out;
    EXPECT_NE(r.out.find("/dev/zero:1:1: error: the roster is more than 1,000,000 bytes"), std::string::npos)
        << r.out;
    EXPECT_TRUE(listing().empty());
}
