// Fault tests: run the real `handout` binary against the failures a
// classroom machine has (an output folder that cannot be written, a full
// disk, a data folder missing a font, a template that does not exist) and
// prove that each ends with exit code 3, a message naming the file and the
// reason, and any existing output left exactly as it was.
#include <gtest/gtest.h>

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

// Proves the same on a real full disk: a 64 KiB tmpfs mounted in a private
// mount namespace (needs root and unshare; skipped elsewhere).
TEST_F(Faults, ARealFullDiskKeepsTheExistingOutput) {
    if (::geteuid() != 0 || run("unshare -m true").status != 0) GTEST_SKIP() << "needs root and unshare";
    const std::string mnt = path("small");
    fs::create_directories(mnt);
    const std::string script =
        "mount -t tmpfs -o size=64k tmpfs " + quote(mnt) + " || exit 99; " +
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

// Proves that a worksheet that cannot be read (a folder given as the file)
// fails with exit code 3.
TEST_F(Faults, AWorksheetThatIsAFolderExitsWithThree) {
    const Proc r = run(quote(handout_bin) + " render " + quote(dir_.string()));
    EXPECT_EQ(r.status, exit_code::io) << r.out;
    EXPECT_NE(r.out.find("it is a folder"), std::string::npos) << r.out;
}
