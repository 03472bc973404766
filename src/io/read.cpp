// Files: bounded reads that refuse what is not a file before reading it.

#include "handout/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace handout {
namespace {

/// The IoError of a read that failed: `cannot read PATH: reason`.
IoError read_error(const std::string& path, const std::string& reason) {
    return IoError("cannot read " + path + ": " + reason);
}

/// What a file that is not a regular file is, in words; "" for a regular file.
std::string kind_words(mode_t mode) {
    if (S_ISREG(mode)) return "";
    if (S_ISDIR(mode)) return "it is a folder, not a file";
    if (S_ISFIFO(mode)) return "it is a named pipe (FIFO), not a file";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "it is a device, not a file";
    if (S_ISSOCK(mode)) return "it is a socket, not a file";
    return "it is not a regular file";
}

/// An open file descriptor, closed on destruction.
class Fd {
public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ > STDERR_FILENO) ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

/// Opens `path` for reading; returns -1 with errno set on failure. Without
/// `blocking`, a FIFO with no writer does not hang the open (O_NONBLOCK has
/// no effect on reading a regular file).
int open_for_reading(const std::string& path, bool blocking) {
    return ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | (blocking ? 0 : O_NONBLOCK));
}

/// Reads from `fd` into `out` until end of file or `cap` bytes.
void read_up_to(int fd, std::size_t cap, const std::string& path, std::string& out) {
    std::size_t used = 0;
    out.resize(std::min<std::size_t>(cap, 1 << 16));
    for (;;) {
        if (used == out.size()) {
            if (used == cap) break;
            out.resize(std::min(cap, out.size() * 2));
        }
        const ssize_t got = ::read(fd, out.data() + used, out.size() - used);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw read_error(path, std::strerror(errno));
        }
        if (got == 0) break;
        used += static_cast<std::size_t>(got);
    }
    out.resize(used);
}

}  // namespace

FileTooLarge::FileTooLarge(const std::string& path, std::string size, std::size_t limit)
    : IoError("cannot read " + path + ": it is " + size + " bytes; the limit is " + with_commas(limit) +
              " bytes"),
      size_(std::move(size)),
      limit_(limit) {}

std::string input_name(const std::string& path) {
    return path == standard_stream ? standard_input_name : path;
}

std::string read_file(const std::string& path, std::size_t limit, FileKinds kinds) {
    const bool from_stdin = kinds == FileKinds::streams && path == standard_stream;
    const std::string shown = from_stdin ? standard_input_name : path;
    // A stream is opened as it is meant: a named pipe waits for its writer.
    const Fd fd(from_stdin ? STDIN_FILENO : open_for_reading(path, kinds == FileKinds::streams));
    if (fd.get() < 0) {
        const int error = errno;
        if (error == EISDIR) throw read_error(shown, kind_words(S_IFDIR));
        throw read_error(shown, std::strerror(error));
    }
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) throw read_error(shown, std::strerror(errno));
    const bool regular = S_ISREG(info.st_mode);
    if (!regular && (kinds == FileKinds::regular || S_ISDIR(info.st_mode) || S_ISSOCK(info.st_mode)))
        throw read_error(shown, kind_words(info.st_mode));
    if (regular && static_cast<std::uintmax_t>(info.st_size) > limit)
        throw FileTooLarge(shown, with_commas(static_cast<std::size_t>(info.st_size)), limit);

    std::string content;
    read_up_to(fd.get(), limit + 1, shown, content);
    if (content.size() > limit) throw FileTooLarge(shown, "more than " + with_commas(limit), limit);
    return content;
}

std::string unreadable_reason(const std::string& path) {
    const Fd fd(open_for_reading(path, /*blocking=*/false));
    if (fd.get() < 0) return errno == EISDIR ? kind_words(S_IFDIR) : std::strerror(errno);
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0) return std::strerror(errno);
    return kind_words(info.st_mode);
}

}  // namespace handout
