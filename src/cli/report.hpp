// What the `handout` commands print about a run: the "wrote …" line and the
// diagnostics, shared by main.cpp and the commands kept in files of their own.
#pragma once

#include <iostream>
#include <string>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"

namespace handout::cli {

// Starts the "wrote …" line of an output: on standard error when the output
// itself goes to standard output (`-o -`), so the PDF stays clean.
inline std::ostream& wrote(const std::string& output) {
    if (output == standard_stream) return std::cerr << "wrote standard output";
    return std::cout << "wrote " << output;
}

inline void print(const Diagnostics& diags) {
    if (!diags.items().empty()) std::cerr << diags.format();
}

inline int count_errors(const Diagnostics& diags) {
    int n = 0;
    for (const auto& d : diags.items()) n += d.severity == Severity::error;
    return n;
}

}  // namespace handout::cli
