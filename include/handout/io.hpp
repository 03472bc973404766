// Files: atomic writes and where handout finds its data (fonts, templates).
#pragma once

#include <string>

namespace handout {

/// Writes `bytes` to `path` atomically: a temporary file in the same folder,
/// flushed, then renamed over `path`. On any failure the temporary file is
/// removed, an existing `path` is left untouched, and IoError is thrown.
void write_file_atomically(const std::string& path, const std::string& bytes);

/// The folder holding `fonts/` and `templates/`: $HANDOUT_DATA_DIR when set,
/// else `../share/handout` beside the executable when it exists, else the
/// source tree handout was built from.
std::string data_dir();

}  // namespace handout
