// Files: atomic writes (temporary file + rename) and the data folder lookup.

#include "handout/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>

#include "handout/diagnostic.hpp"

#ifndef HANDOUT_SOURCE_DIR
#error "HANDOUT_SOURCE_DIR must be defined by the build"
#endif

namespace handout {
namespace {

namespace fs = std::filesystem;

/// The IoError every failed write reports: `cannot write PATH: reason`.
IoError write_error(const std::string& path, int error_number) {
    return IoError("cannot write " + path + ": " + std::strerror(error_number));
}

/// Test hook: when HANDOUT_TEST_FAIL_WRITE_AFTER is set to a number N, every
/// atomic write fails with ENOSPC ("No space left on device") once N bytes of
/// its file are written, as on a full disk. Lets tests prove that a failed
/// write reports exit code 3 and leaves an existing file untouched, without
/// a real full disk. Unset (the normal case): no limit.
std::size_t write_budget() {
    const char* env = std::getenv("HANDOUT_TEST_FAIL_WRITE_AFTER");
    if (env == nullptr || *env == '\0') return static_cast<std::size_t>(-1);
    char* end = nullptr;
    const unsigned long long n = std::strtoull(env, &end, 10);
    return *end == '\0' ? static_cast<std::size_t>(n) : static_cast<std::size_t>(-1);
}

/// Owner of the temporary file of one atomic write: closes it and, unless
/// `commit` renamed it into place, removes it. Quiet destructor.
class TempFile {
public:
    /// Creates `.<name>.tmp-XXXXXX` beside `path`; throws IoError.
    explicit TempFile(const std::string& path) : target_(path) {
        const fs::path target(path);
        const fs::path folder = target.parent_path();
        const std::string pattern = "." + target.filename().string() + ".tmp-XXXXXX";
        name_ = (folder.empty() ? fs::path(pattern) : folder / pattern).string();
        fd_ = ::mkstemp(name_.data());
        if (fd_ < 0) throw write_error(target_, errno);
    }
    ~TempFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!committed_) ::unlink(name_.c_str());
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    /// Writes all of `bytes`, retrying short writes and interrupts.
    void write_all(const std::string& bytes) {
        const char* data = bytes.data();
        std::size_t left = bytes.size();
        std::size_t budget = write_budget();  // the test hook; "unlimited" normally
        while (left > 0) {
            if (budget == 0) throw write_error(target_, ENOSPC);
            const ssize_t written = ::write(fd_, data, std::min(left, budget));
            if (written < 0) {
                if (errno == EINTR) continue;
                throw write_error(target_, errno);
            }
            data += written;
            left -= static_cast<std::size_t>(written);
            budget -= static_cast<std::size_t>(written);
        }
    }

    /// Makes the contents durable, closes the file and renames it over the
    /// target. mkstemp creates files readable only by their owner; the
    /// result gets the permissions an ordinary new file would have.
    void commit() {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        if (::fchmod(fd_, 0666 & ~mask) != 0) throw write_error(target_, errno);
        if (::fsync(fd_) != 0) throw write_error(target_, errno);
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) throw write_error(target_, errno);
        if (::rename(name_.c_str(), target_.c_str()) != 0) throw write_error(target_, errno);
        committed_ = true;
    }

private:
    std::string target_;
    std::string name_;
    int fd_ = -1;
    bool committed_ = false;
};

}  // namespace

void write_file_atomically(const std::string& path, const std::string& bytes) {
    // rename() would replace an empty folder, and a trailing slash names no
    // file: refuse both before creating anything.
    if (path.empty()) throw write_error(path, ENOENT);
    std::error_code ec;
    if (path.back() == '/' || fs::is_directory(path, ec)) throw write_error(path, EISDIR);

    TempFile temp(path);
    temp.write_all(bytes);
    temp.commit();
}

std::string data_dir() {
    if (const char* env = std::getenv("HANDOUT_DATA_DIR"); env != nullptr && *env != '\0') return env;

    // An installed handout: <prefix>/bin/handout and <prefix>/share/handout.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "handout";
        if (fs::is_directory(installed / "fonts", ec)) return installed.lexically_normal().string();
    }
    return HANDOUT_SOURCE_DIR;
}

}  // namespace handout
