// Files: the one place handout reads and writes them. Bounded reads that
// refuse what is not a file, atomic writes that keep what a path means
// (symlinks, devices, standard output, the mode of the file replaced),
// several outputs committed as one transaction, the check that no output
// is an input or another output, and the data folder lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"

namespace handout {

/// The path that means standard input (as an input) or standard output (as
/// an output), as with most command-line tools.
inline constexpr const char* standard_stream = "-";

/// How diagnostics name standard input.
inline constexpr const char* standard_input_name = "<stdin>";

/// The name of input `path` in messages: `<stdin>` for "-", else `path`.
std::string input_name(const std::string& path);

/// Which files read_file accepts besides regular files.
enum class FileKinds {
    regular,  ///< only regular files (images, templates, fonts): anything else
              ///< is refused before it is read, so a FIFO cannot hang the run
    streams,  ///< also pipes, devices and "-" (worksheets and rosters), read up
              ///< to the limit + 1 byte, so /dev/zero is refused quickly
};

/// A file holds more than the reader's limit. `what()` reads `cannot read
/// PATH: it is SIZE bytes; the limit is LIMIT bytes`.
class FileTooLarge : public IoError {
public:
    FileTooLarge(const std::string& path, std::string size, std::size_t limit);
    /// The size in words: "2,500,000" (a regular file) or "more than 2,000,000"
    /// (a stream read up to one byte past the limit).
    const std::string& size() const noexcept { return size_; }
    std::size_t limit() const noexcept { return limit_; }

private:
    std::string size_;
    std::size_t limit_;
};

/// Largest file read_file reads when no limit is given (256 MiB).
inline constexpr std::size_t default_read_limit = std::size_t{256} << 20;

/// Reads the whole file at `path` ("-": standard input, with FileKinds::streams).
/// A regular file over `limit` is refused from its size, unread; a stream is
/// read up to `limit` + 1 bytes. Folders, and with FileKinds::regular FIFOs,
/// devices and sockets, are refused before anything is read (opened without
/// blocking, checked with fstat). Throws FileTooLarge over the limit, and
/// IoError (`cannot read PATH: reason`) when the file cannot be read.
std::string read_file(const std::string& path, std::size_t limit = default_read_limit,
                      FileKinds kinds = FileKinds::regular);

/// Why `path` cannot be read as a regular file, in words ("it is a named pipe
/// (FIFO), not a file", "Permission denied"), or "" when it can. Never blocks.
std::string unreadable_reason(const std::string& path);

/// Writes `bytes` to `path` atomically: a temporary file in the folder of the
/// file `path` finally names (symlinks followed), flushed, given the mode of
/// the file it replaces, then renamed over it. "-" writes to standard output,
/// and an existing device or FIFO (/dev/null) is written directly. On any
/// failure the temporary file is removed, an existing file is left untouched,
/// and IoError is thrown.
void write_file_atomically(const std::string& path, const std::string& bytes);

/// Bytes kept until the end of a long job (a class set's marking-grid rows,
/// bookmark titles and page-label prefixes) in an anonymous temporary file,
/// made on the first append and gone with the store: memory then stays flat
/// however many copies a class set has. Safe to use from several threads.
/// Throws IoError when the file cannot be made, written or read.
class SpillStore {
public:
    /// Where some bytes are in the store.
    struct Span {
        std::uint64_t at = 0;
        std::size_t size = 0;
    };
    SpillStore();
    ~SpillStore();
    SpillStore(const SpillStore&) = delete;
    SpillStore& operator=(const SpillStore&) = delete;

    Span append(std::string_view bytes);
    std::string read(Span span) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    mutable std::mutex mutex_;
};

/// One output of write_files_atomically.
struct OutputFile {
    std::string path;
    std::string_view bytes;  ///< must outlive the call
};

/// Writes several files as one transaction: every file is staged (written in
/// full beside its target) first, then all are renamed into place with
/// SIGINT and SIGTERM held back; when one fails, the ones already in place
/// get their previous contents back. Either every file is new or none is.
/// A SIGINT or SIGTERM while staging removes the staged files. Throws IoError.
void write_files_atomically(const std::vector<OutputFile>& files);

/// An output written piece by piece (a class set's PDF, which is never held
/// in memory whole): staged in a temporary file beside its target as it is
/// written, put in place by commit_outputs. Standard output and devices are
/// held in memory and written at commit. Destroyed uncommitted, it removes
/// its temporary file and leaves the target untouched.
class StagedOutput {
public:
    explicit StagedOutput(const std::string& path);  ///< throws IoError
    ~StagedOutput();
    StagedOutput(const StagedOutput&) = delete;
    StagedOutput& operator=(const StagedOutput&) = delete;
    void write(std::string_view bytes);  ///< throws IoError

private:
    friend void commit_outputs(const std::vector<StagedOutput*>& outputs);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

/// Closes the outputs and puts them in place as one transaction, as
/// write_files_atomically does. Throws IoError.
void commit_outputs(const std::vector<StagedOutput*>& outputs);

/// A file a command reads or writes, with the role that names it in messages
/// ("the worksheet", "--keys").
struct RolePath {
    std::string role;
    std::string path;
};

/// Throws UsageError when an output is one of `inputs` or names the same file
/// as another output: the same resolved path, or the same device and inode
/// (hard links, symlinks). Outputs of "-" (standard output) clash only with
/// each other. Call before anything is written.
void check_outputs(const std::vector<RolePath>& inputs, const std::vector<RolePath>& outputs);

/// The folder holding `fonts/` and `templates/`: $HANDOUT_DATA_DIR when set,
/// else `../share/handout` beside the executable when it exists, else the
/// source tree handout was built from.
std::string data_dir();

}  // namespace handout
