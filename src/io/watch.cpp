// FileWatch and InterruptSignals (watch.hpp): inotify and signalfd, with
// their C errors turned into IoError here.
#include "io/watch.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "handout/io.hpp"

namespace handout {

namespace {

/// What a save looks like in a folder: a file written and closed, renamed
/// into place, created, or removed (before a rename puts the new one there).
constexpr std::uint32_t save_events = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM;

std::string folder_of(const std::string& file) {
    const std::filesystem::path folder = std::filesystem::path(file).parent_path();
    return folder.empty() ? "." : folder.string();
}

std::string name_in(const std::string& folder, const std::string& name) {
    return (std::filesystem::path(folder) / name).lexically_normal().string();
}

}  // namespace

FileWatch::FileWatch() : fd_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) {
    if (fd_ < 0) throw IoError(std::string("cannot watch files for changes (inotify): ") + std::strerror(errno));
}

FileWatch::~FileWatch() {
    if (fd_ >= 0) ::close(fd_);
}

void FileWatch::watch(const std::vector<std::string>& files) {
    for (const auto& [wd, folder] : folders_) ::inotify_rm_watch(fd_, wd);
    folders_.clear();
    files_.clear();
    for (const std::string& file : files) {
        const std::string folder = folder_of(file);
        files_.insert(name_in(folder, std::filesystem::path(file).filename().string()));
        const int wd = ::inotify_add_watch(fd_, folder.c_str(), save_events);
        if (wd < 0)
            throw IoError("cannot watch the folder " + folder + " for changes: " + std::strerror(errno));
        folders_[wd] = folder;  // the same folder twice gives the same descriptor
    }
}

bool FileWatch::drain() {
    bool touched = false;
    alignas(inotify_event) char buffer[8192];
    for (;;) {
        const ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n <= 0) break;  // EAGAIN: nothing more pending
        for (ssize_t at = 0; at < n;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
            if (event->mask & IN_Q_OVERFLOW) touched = true;  // events were lost: assume a save
            const auto folder = folders_.find(event->wd);
            if (folder == folders_.end() || event->len == 0) continue;
            if (files_.count(name_in(folder->second, event->name))) touched = true;
        }
    }
    return touched;
}

InterruptSignals::InterruptSignals() {
    static_assert(sizeof(sigset_t) <= sizeof old_mask_);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    auto* old = reinterpret_cast<sigset_t*>(old_mask_);
    if (::sigprocmask(SIG_BLOCK, &mask, old) != 0 || (fd_ = ::signalfd(-1, &mask, SFD_CLOEXEC)) < 0)
        throw IoError(std::string("cannot catch Ctrl-C: ") + std::strerror(errno));
}

InterruptSignals::~InterruptSignals() {
    if (fd_ >= 0) ::close(fd_);
    ::sigprocmask(SIG_SETMASK, reinterpret_cast<const sigset_t*>(old_mask_), nullptr);
}

bool wait_for_save(FileWatch& watch, const InterruptSignals& signals, int quiet_ms) {
    bool saved = false;
    for (;;) {
        pollfd fds[2] = {{signals.fd(), POLLIN, 0}, {watch.fd(), POLLIN, 0}};
        const int ready = ::poll(fds, 2, saved ? quiet_ms : -1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) throw IoError(std::string("cannot wait for changes: ") + std::strerror(errno));
        if (fds[0].revents & POLLIN) {
            // Taken, so that it is not delivered again when the mask is restored.
            signalfd_siginfo info;
            [[maybe_unused]] const ssize_t taken = ::read(signals.fd(), &info, sizeof info);
            return false;
        }
        if (ready == 0) return true;  // quiet since the last change: the save is done
        if (watch.drain()) saved = true;
    }
}

}  // namespace handout
