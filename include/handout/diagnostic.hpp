// Located diagnostics: every error a worksheet can have names FILE:LINE:COL,
// says what was expected, and carries a hint of what to do.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace handout {

/// A position in a source file; line and column are 1-based (0 = unknown).
struct Loc {
    std::string file;
    int line = 0;
    int column = 0;
};

enum class Severity { error, warning };

/// One finding about an input file.
struct Diagnostic {
    Severity severity = Severity::error;
    Loc loc;
    std::string message;
    std::string hint;  ///< what to do about it; may be empty

    /// `FILE:LINE:COL: error: message` followed, when there is a hint, by
    /// an indented `hint: …` line.
    std::string format() const;
};

/// A list of diagnostics gathered while reading one or more files.
class Diagnostics {
public:
    void error(const Loc& loc, std::string message, std::string hint = {});
    void warning(const Loc& loc, std::string message, std::string hint = {});
    bool has_errors() const;
    const std::vector<Diagnostic>& items() const { return items_; }
    void append(const Diagnostics& other);
    /// Appends the diagnostics of one file, as compilers do: the first
    /// max_per_file of them, then (when there are more) one error at the
    /// next one's place saying how many were left out.
    void append_file(const Diagnostics& other);
    /// Most diagnostics reported for one file.
    static constexpr std::size_t max_per_file = 100;
    /// Every diagnostic formatted, one per line (hints on their own lines).
    std::string format() const;

private:
    std::vector<Diagnostic> items_;
};

/// `n` with thousands separators (1,000,000), for limits in messages.
std::string with_commas(std::size_t n);

/// A file could not be read or written (exit code 3).
class IoError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The command line asks for something that cannot be done, e.g. an output
/// that is also an input (exit code 2).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Exit codes of the `handout` command, in one place.
namespace exit_code {
inline constexpr int ok = 0;
inline constexpr int input_error = 1;  ///< a worksheet, template or roster has errors
inline constexpr int usage = 2;        ///< a command-line usage error
inline constexpr int io = 3;           ///< a file could not be read or written
inline constexpr int review = 4;       ///< `mark`: results written, but some pages or marks need a person
}  // namespace exit_code

}  // namespace handout
