// How every command ends on an exception: the one place that turns a usage
// error, a file that cannot be read or written, or anything unexpected into
// its message and exit code (handout and handout-mark alike).
#pragma once

#include <exception>
#include <new>
#include <iostream>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"

namespace handout::cli {

/// Runs `command` and returns its exit code, or 2 (usage), 3 (a file, out of
/// memory, and anything unexpected, as an internal error) with the message on
/// standard error.
template <class Command>
int guarded(Command&& command) {
    try {
        return command();
    } catch (const UsageError& e) {
        std::cerr << "handout: error: " << e.what() << "\nRun 'handout --help' for usage.\n";
        return exit_code::usage;
    } catch (const IoError& e) {
        std::cerr << "handout: error: " << e.what() << "\n";
        return exit_code::io;
    } catch (const std::bad_alloc&) {
        std::cerr << "handout: error: out of memory: this input needs more memory than the system gives handout "
                     "(nothing was written)\n";
        return exit_code::io;
    } catch (const std::exception& e) {
        std::cerr << "handout: internal error: " << e.what() << "\n";
        return exit_code::io;
    }
}

}  // namespace handout::cli
