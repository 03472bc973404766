// Files: atomic writes (a staged temporary file, then rename), several
// outputs as one transaction, and the signal handler that removes staged
// files when the run is interrupted.

#include "handout/io.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>

#include "io_internal.hpp"

namespace handout {
namespace {

namespace fs = std::filesystem;

/// The IoError every failed write reports: `cannot write PATH: reason`.
IoError write_error(const std::string& path, int error_number) {
    return IoError("cannot write " + path + ": " + std::strerror(error_number));
}

/// Test hook: when HANDOUT_TEST_FAIL_WRITE_AFTER is set to a number N, every
/// atomic write fails with ENOSPC ("No space left on device") once N bytes of
/// its file are written, as on a full disk. Unset (the normal case): no limit.
std::size_t write_budget() {
    const char* env = std::getenv("HANDOUT_TEST_FAIL_WRITE_AFTER");
    if (env == nullptr || *env == '\0') return static_cast<std::size_t>(-1);
    char* end = nullptr;
    const unsigned long long n = std::strtoull(env, &end, 10);
    return *end == '\0' ? static_cast<std::size_t>(n) : static_cast<std::size_t>(-1);
}

/// Writes all of `bytes` to `fd`, retrying short writes and interrupts.
void write_all(int fd, std::string_view bytes, const std::string& shown, std::size_t budget) {
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        if (budget == 0) throw write_error(shown, ENOSPC);
        const ssize_t written = ::write(fd, data, std::min(left, budget));
        if (written < 0) {
            if (errno == EINTR) continue;
            throw write_error(shown, errno);
        }
        data += written;
        left -= static_cast<std::size_t>(written);
        budget -= static_cast<std::size_t>(written);
    }
}

// ---------------------------------------------------------------------------
// Staged files the signal handler removes

/// Slots of the temporary files staged now, as C strings the handler can
/// read without allocating. A path too long for a slot is not registered
/// (it is still removed by its owner, only not on a signal).
constexpr std::size_t slot_count = 16;
constexpr std::size_t slot_bytes = 4096;
std::array<std::array<char, slot_bytes>, slot_count> slot_names;
std::array<std::atomic<bool>, slot_count> slot_used;
std::mutex slot_mutex;  // taken by threads claiming or freeing a slot, never by the handler

/// Removes every staged temporary file, then dies of the signal as if no
/// handler were installed (so the exit status still tells the signal).
extern "C" void remove_staged_and_die(int signal_number) {
    for (std::size_t i = 0; i < slot_count; ++i)
        if (slot_used[i].load()) ::unlink(slot_names[i].data());
    ::signal(signal_number, SIG_DFL);
    ::raise(signal_number);
}

/// Installs the handler for SIGINT and SIGTERM (unless they are ignored, as
/// under nohup), and ignores SIGXFSZ so that a file-size limit (`ulimit -f`)
/// fails the write with EFBIG, reported, instead of killing the run silently.
void install_signal_handlers() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (const int sig : {SIGINT, SIGTERM}) {
            struct sigaction old {};
            if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
            struct sigaction action {};
            action.sa_handler = remove_staged_and_die;
            sigemptyset(&action.sa_mask);
            ::sigaction(sig, &action, nullptr);
        }
        ::signal(SIGXFSZ, SIG_IGN);
    });
}

/// Registers `name` for removal on a signal; returns its slot or -1.
int claim_slot(const std::string& name) {
    if (name.size() >= slot_bytes) return -1;
    std::lock_guard lock(slot_mutex);
    for (std::size_t i = 0; i < slot_count; ++i) {
        if (slot_used[i].load()) continue;
        std::memcpy(slot_names[i].data(), name.c_str(), name.size() + 1);
        slot_used[i].store(true);
        return static_cast<int>(i);
    }
    return -1;
}

void free_slot(int slot) {
    if (slot < 0) return;
    std::lock_guard lock(slot_mutex);
    slot_used[static_cast<std::size_t>(slot)].store(false);
}

/// SIGINT and SIGTERM held back for the life of the object (this thread).
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t set;
        sigemptyset(&set);
        sigaddset(&set, SIGINT);
        sigaddset(&set, SIGTERM);
        ::pthread_sigmask(SIG_BLOCK, &set, &old_);
    }
    ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t old_;
};

// ---------------------------------------------------------------------------
// One staged output

/// An output written in full but not yet in place. For a regular target the
/// bytes sit in a temporary file beside it; for standard output or a device
/// they wait in memory. `commit` puts them in place; after a commit,
/// `roll_back` gives the target its previous contents. The destructor
/// removes whatever is left (temporary file, backup) and never throws.
class StagedFile {
public:
    StagedFile(const std::string& path, std::string_view bytes, bool streaming = false);
    ~StagedFile();
    StagedFile(const StagedFile&) = delete;
    StagedFile& operator=(const StagedFile&) = delete;

    /// Puts the bytes in place, keeping a link to the previous file (if
    /// there was one) for `roll_back`. Throws IoError.
    void commit();
    /// Undoes a commit of a regular file, quietly (best effort).
    void roll_back() noexcept;
    /// Drops the backup of the previous file: the commit stands.
    void finish() noexcept;
    /// Standard output or a device, written only at commit (and not undone).
    bool direct() const { return direct_; }
    /// A streaming file: appends `bytes` (held in memory for standard output
    /// or a device). Throws IoError.
    void append(std::string_view bytes);
    /// A streaming file: flushes and closes it, ready to commit. Throws IoError.
    void seal();

private:
    void stage_regular(mode_t mode);
    /// Closes and removes the temporary file unless committed; drops the backup.
    void discard() noexcept;

    std::string shown_;   ///< the path as given, for messages
    std::string target_;  ///< the file the path finally names
    std::string_view bytes_;
    bool direct_ = false;  ///< standard output or a device: written at commit
    bool streaming_ = false;  ///< written by append, sealed before commit
    std::string held_;        ///< a streaming direct output's bytes
    std::size_t budget_ = 0;  ///< bytes a streaming file may still take (tests)
    mode_t mode_ = 0;
    std::string temp_, backup_;
    int fd_ = -1, slot_ = -1;
    bool committed_ = false;
};

StagedFile::StagedFile(const std::string& path, std::string_view bytes, bool streaming)
    : shown_(path), bytes_(bytes), streaming_(streaming) {
    if (path == standard_stream) {
        direct_ = true;
        return;
    }
    // rename() would replace an empty folder, and a trailing slash names no
    // file: refuse both before creating anything.
    if (path.empty()) throw write_error(path, ENOENT);
    if (path.back() == '/') throw write_error(path, EISDIR);
    target_ = io::resolve_output(path);
    struct stat info {};
    if (::stat(target_.c_str(), &info) == 0) {
        if (S_ISDIR(info.st_mode)) throw write_error(path, EISDIR);
        if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode) || S_ISBLK(info.st_mode)) {
            direct_ = true;  // /dev/null, a named pipe: written as they are
            return;
        }
        if (!S_ISREG(info.st_mode))
            throw IoError("cannot write " + path + ": it is not a regular file, a device or a pipe");
        stage_regular(info.st_mode & 07777);
    } else {
        // A new file gets the permissions an ordinary new file would have.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        stage_regular(0666 & ~mask);
    }
}

void StagedFile::stage_regular(mode_t mode) {
    install_signal_handlers();
    const fs::path target(target_);
    const fs::path folder = target.parent_path();
    const std::string pattern = "." + target.filename().string() + ".tmp-XXXXXX";
    temp_ = (folder.empty() ? fs::path(pattern) : folder / pattern).string();
    {
        const SignalsHeld held;  // a signal between creating and registering would leave it
        fd_ = ::mkstemp(temp_.data());
        if (fd_ < 0) throw write_error(shown_, errno);
        slot_ = claim_slot(temp_);
    }
    if (streaming_) {  // written by append, closed by seal
        mode_ = mode;
        budget_ = write_budget();
        return;
    }
    try {
        write_all(fd_, bytes_, shown_, write_budget());
        if (::fchmod(fd_, mode) != 0 || ::fsync(fd_) != 0) throw write_error(shown_, errno);
        const int fd = fd_;
        fd_ = -1;
        if (::close(fd) != 0) throw write_error(shown_, errno);
    } catch (...) {
        discard();  // the constructor fails: no destructor will run
        throw;
    }
}

void StagedFile::append(std::string_view bytes) {
    if (direct_) {
        held_ += bytes;
        return;
    }
    write_all(fd_, bytes, shown_, budget_);
    budget_ -= std::min(budget_, bytes.size());
}

void StagedFile::seal() {
    if (direct_) {
        bytes_ = held_;
        return;
    }
    if (::fchmod(fd_, mode_) != 0 || ::fsync(fd_) != 0) throw write_error(shown_, errno);
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw write_error(shown_, errno);
}

void StagedFile::discard() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!temp_.empty() && !committed_) ::unlink(temp_.c_str());
    free_slot(slot_);
    slot_ = -1;
    finish();
}

StagedFile::~StagedFile() { discard(); }

void StagedFile::commit() {
    if (direct_) {
        const bool to_stdout = shown_ == standard_stream;
        const int fd = to_stdout ? STDOUT_FILENO : ::open(target_.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) throw write_error(shown_, errno);
        try {
            write_all(fd, bytes_, to_stdout ? "standard output" : shown_, static_cast<std::size_t>(-1));
        } catch (...) {
            if (!to_stdout) ::close(fd);
            throw;
        }
        if (!to_stdout && ::close(fd) != 0) throw write_error(shown_, errno);
        committed_ = true;
        return;
    }
    // Keep the previous file under a second name until the transaction ends.
    if (::access(target_.c_str(), F_OK) == 0) {
        for (int attempt = 0; attempt < 100 && backup_.empty(); ++attempt) {
            std::string name = temp_ + ".old" + std::to_string(attempt);
            if (::link(target_.c_str(), name.c_str()) == 0) backup_ = std::move(name);
            else if (errno != EEXIST) break;  // no hard links here: commit without a way back
        }
    }
    if (::rename(temp_.c_str(), target_.c_str()) != 0) {
        const int error = errno;
        finish();
        throw write_error(shown_, error);
    }
    committed_ = true;
    free_slot(slot_);  // the temporary name is gone: nothing for the handler
    slot_ = -1;
}

void StagedFile::roll_back() noexcept {
    if (!committed_ || direct_) return;
    if (!backup_.empty()) {
        if (::rename(backup_.c_str(), target_.c_str()) == 0) backup_.clear();
    } else {
        ::unlink(target_.c_str());
    }
}

void StagedFile::finish() noexcept {
    if (!backup_.empty()) ::unlink(backup_.c_str());
    backup_.clear();
}

}  // namespace

void write_file_atomically(const std::string& path, const std::string& bytes) {
    write_files_atomically({{path, bytes}});
}

namespace {

/// Puts staged files in place as one transaction (see write_files_atomically).
void commit_all(const std::vector<StagedFile*>& staged) {
    // Standard output and devices first: their writes cannot be undone, and
    // may wait (a named pipe waits for its reader) while a signal must still
    // be able to stop the run. Then the renames, which are quick: no signal
    // may stop the run between two of them.
    for (auto& s : staged)
        if (s->direct()) s->commit();
    const SignalsHeld held;
    std::vector<StagedFile*> renamed;
    try {
        for (auto& s : staged) {
            if (s->direct()) continue;
            s->commit();
            renamed.push_back(s);
        }
    } catch (...) {
        for (auto it = renamed.rbegin(); it != renamed.rend(); ++it) (*it)->roll_back();
        throw;
    }
    for (StagedFile* s : staged) s->finish();
}

}  // namespace

void write_files_atomically(const std::vector<OutputFile>& files) {
    std::vector<std::unique_ptr<StagedFile>> staged;
    staged.reserve(files.size());
    for (const auto& file : files) staged.push_back(std::make_unique<StagedFile>(file.path, file.bytes));
    std::vector<StagedFile*> all;
    all.reserve(staged.size());
    for (auto& s : staged) all.push_back(s.get());
    commit_all(all);
}

struct StagedOutput::Impl {
    StagedFile file;
    Impl(const std::string& path) : file(path, {}, /*streaming=*/true) {}
};

StagedOutput::StagedOutput(const std::string& path) : impl_(std::make_unique<Impl>(path)) {}
StagedOutput::~StagedOutput() = default;

void StagedOutput::write(std::string_view bytes) { impl_->file.append(bytes); }

void commit_outputs(const std::vector<StagedOutput*>& outputs) {
    std::vector<StagedFile*> all;
    for (StagedOutput* o : outputs) {
        o->impl_->file.seal();
        all.push_back(&o->impl_->file);
    }
    commit_all(all);
}

}  // namespace handout
