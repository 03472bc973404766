// Waiting for files to be saved (inotify), and for Ctrl-C (signalfd), for
// `handout watch`. Private to src/io and src/cli.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace handout {

/// Watches a set of files for saves. It watches the folders that hold them,
/// not the files: editors save by writing a new file and renaming it over the
/// old one, which a watch on the old file would miss. Not copyable; the
/// destructor closes the inotify descriptor quietly.
class FileWatch {
public:
    /// Throws IoError when inotify cannot be used.
    FileWatch();
    ~FileWatch();
    FileWatch(const FileWatch&) = delete;
    FileWatch& operator=(const FileWatch&) = delete;

    /// Watches exactly `files` from now on (their folders, for writes,
    /// renames, creations and deletions of these names). Throws IoError when a
    /// folder cannot be watched.
    void watch(const std::vector<std::string>& files);

    /// The descriptor to poll for readability.
    int fd() const { return fd_; }

    /// Reads every pending event without blocking; true when one of them
    /// touched a watched file.
    bool drain();

private:
    int fd_ = -1;
    std::map<int, std::string> folders_;  ///< watch descriptor → folder
    std::set<std::string> files_;         ///< watched files, as folder/name
};

/// Ctrl-C (SIGINT) and SIGTERM as a descriptor to poll: blocks both signals
/// while it lives and restores the previous signal mask when destroyed, so
/// that a command can finish the file it writes and exit cleanly.
class InterruptSignals {
public:
    /// Throws IoError when the signals cannot be caught.
    InterruptSignals();
    ~InterruptSignals();
    InterruptSignals(const InterruptSignals&) = delete;
    InterruptSignals& operator=(const InterruptSignals&) = delete;

    int fd() const { return fd_; }

private:
    int fd_ = -1;
    unsigned char old_mask_[128] = {};  ///< the sigset_t in force before
};

/// Waits until `watch` reports a change of a watched file, then until no
/// further change comes for `quiet_ms` (an editor's save is several events);
/// returns false, at once, when `signals` fires instead.
bool wait_for_save(FileWatch& watch, const InterruptSignals& signals, int quiet_ms);

}  // namespace handout
