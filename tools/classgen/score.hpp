// classgen: how `handout mark` reads a pile that `make` wrote. Each scan
// (copier.pdf, bw.pdf, phone/) is marked with the class's worksheet and
// roster; responses.csv is compared with the truth per answer (sheet and
// question): right (read, not flagged, equal to what was meant), flagged
// (status unclear or multiple, or points `?`: a person decides), wrong
// without a flag (read, not flagged, not what was meant: the worst case),
// not read (its page refused or never scanned). Pages read and refused are
// counted too.
#pragma once

#include <ostream>
#include <string>

namespace classgen {

struct ScoreOptions {
    std::string dir;        ///< the pile's folder (written by make_pile)
    std::string handout;    ///< the handout program to run
    std::string worksheet;  ///< --from
    std::string roster;     ///< --roster
};

/// Marks each scan of the pile, prints the Markdown tables to `out`; returns
/// 0 when no answer was read wrong without a flag and `mark` finished on
/// every scan, else 1. Throws std::runtime_error when the pile's truth
/// cannot be read.
int score(const ScoreOptions& options, std::ostream& out);

}  // namespace classgen
