// `handout import` and `handout export`: question banks in and out, kept
// out of main.cpp.
#pragma once

#include <string>

namespace handout::cli {

struct ConvertArgs {
    std::string file, output, to, seed, copies;
    bool force = false;
};

/// `handout import`: a question bank to worksheet YAML (and its pictures),
/// checked as `handout check` would before it is written.
int run_import(const ConvertArgs& a);

/// `handout export`: a worksheet to Moodle XML, GIFT or a QTI 2.1 package.
int run_export(const ConvertArgs& a);

}  // namespace handout::cli
