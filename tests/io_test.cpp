// The io module in-process: bounded reads, what is refused before reading,
// and the output checks. (tests/faults_test.cpp runs the binary against real
// faults: full disks, signals, symlinks, devices.)
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"
#include "support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

/// A fresh scratch folder per test, removed afterwards.
class Io : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        dir_ = fs::temp_directory_path() / ("handout-io-" + std::to_string(::getpid()) + "-" + info->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }
    void spit(const std::string& name, const std::string& bytes) const {
        std::ofstream(path(name), std::ios::binary) << bytes;
    }

    fs::path dir_;
};

template <typename E, typename F>
std::string thrown(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return "(nothing thrown)";
}

}  // namespace

// Proves that the limit is exact: a file of `limit` bytes is read, one more
// byte is refused naming its size.
TEST_F(Io, ReadFileTakesExactlyItsLimit) {
    spit("a.txt", "12345");
    EXPECT_EQ(read_file(path("a.txt"), 5), "12345");
    EXPECT_EQ(thrown<FileTooLarge>([&] { read_file(path("a.txt"), 4); }),
              "cannot read " + path("a.txt") + ": it is 5 bytes; the limit is 4 bytes");
}

// Proves that an endless stream is read only up to the limit + 1 byte.
TEST_F(Io, AnEndlessStreamStopsOneBytePastTheLimit) {
    const std::string message = thrown<FileTooLarge>([] { read_file("/dev/zero", 1000, FileKinds::streams); });
    EXPECT_EQ(message, "cannot read /dev/zero: it is more than 1,000 bytes; the limit is 1,000 bytes");
}

// Proves that a named pipe, a device and a folder are refused as regular
// files without blocking, each named in words; a pipe is fine as a stream.
TEST_F(Io, WhatIsNotARegularFileIsRefusedBeforeReading) {
    ASSERT_EQ(::mkfifo(path("pipe").c_str(), 0600), 0);
    EXPECT_NE(thrown<IoError>([&] { read_file(path("pipe")); }).find("it is a named pipe (FIFO), not a file"),
              std::string::npos);
    EXPECT_EQ(unreadable_reason(path("pipe")), "it is a named pipe (FIFO), not a file");
    EXPECT_EQ(unreadable_reason("/dev/null"), "it is a device, not a file");
    EXPECT_EQ(unreadable_reason(dir_.string()), "it is a folder, not a file");
    EXPECT_EQ(unreadable_reason(path("missing")), "No such file or directory");
    EXPECT_NE(thrown<IoError>([&] { read_file(dir_.string(), 100, FileKinds::streams); }).find("it is a folder"),
              std::string::npos);
    EXPECT_EQ(read_file("/dev/null", 100, FileKinds::streams), "");
}

// Proves that two outputs naming one file, and an output naming an input
// under another name, are refused; different files are fine.
TEST_F(Io, CheckOutputsFindsEveryClash) {
    spit("in.yaml", "x");
    fs::create_symlink("in.yaml", path("link"));
    EXPECT_THROW(check_outputs({{"the worksheet", path("in.yaml")}}, {{"-o", path("link")}}), UsageError);
    EXPECT_THROW(check_outputs({}, {{"-o", path("a.pdf")}, {"--keys", path("./a.pdf")}}), UsageError);
    EXPECT_THROW(check_outputs({}, {{"-o", "-"}, {"--keys", "-"}}), UsageError);
    EXPECT_NO_THROW(check_outputs({{"the worksheet", "-"}}, {{"-o", "-"}, {"--keys", path("k.pdf")}}));
    EXPECT_NO_THROW(check_outputs({{"the worksheet", path("in.yaml")}}, {{"-o", path("out.pdf")}}));
}

// Proves that two staged files are committed together and a failure while
// staging the second leaves the first file's previous content.
TEST_F(Io, AFailedSecondOutputLeavesTheFirstUntouched) {
    spit("sheets.pdf", "old sheets");
    fs::create_directories(path("keys.pdf"));
    EXPECT_THROW(write_files_atomically({{path("sheets.pdf"), "new sheets"}, {path("keys.pdf"), "new keys"}}),
                 IoError);
    EXPECT_EQ(test::slurp(path("sheets.pdf")), "old sheets");
    fs::remove(path("keys.pdf"));
    write_files_atomically({{path("sheets.pdf"), "new sheets"}, {path("keys.pdf"), "new keys"}});
    EXPECT_EQ(test::slurp(path("sheets.pdf")), "new sheets");
    EXPECT_EQ(test::slurp(path("keys.pdf")), "new keys");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 2);
}

// Proves the spill store gives back exactly what was appended, in any order
// of reading, with reads and appends interleaved (as the marking grid reads
// a row back and appends its final form), from several threads at once, and
// for empty spans.
TEST(SpillStore, GivesBackWhatWasAppendedFromSeveralThreads) {
    SpillStore store;
    std::vector<SpillStore::Span> spans(4000);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (std::size_t i = t; i < spans.size(); i += 4)
                spans[i] = store.append(std::string(i % 97, static_cast<char>('a' + i % 26)) + std::to_string(i));
        });
    for (auto& thread : threads) thread.join();
    for (std::size_t k = 0; k < spans.size(); ++k) {
        const std::size_t i = (k * 7919) % spans.size();  // scattered
        ASSERT_EQ(store.read(spans[i]), std::string(i % 97, static_cast<char>('a' + i % 26)) + std::to_string(i));
        if (k % 3 == 0) {
            const SpillStore::Span again = store.append("row " + std::to_string(i));
            ASSERT_EQ(store.read(again), "row " + std::to_string(i));
        }
    }
    EXPECT_EQ(store.read(store.append("")), "");
    EXPECT_EQ(SpillStore().read({}), "");
}
