// Private helpers of src/io shared by its reading, writing and path code.
#pragma once

#include <string>

namespace handout::io {

/// The file an output path finally names: `path` with every symlink at its
/// end followed (a link to a link to a file gives the file; a dangling link
/// gives the path it points to, which writing creates). Other paths are
/// returned as they are.
std::string resolve_output(const std::string& path);

}  // namespace handout::io
