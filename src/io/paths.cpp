// Files: what an output path names, the check that no output is an input or
// another output, and the data folder lookup.

#include "handout/io.hpp"

#include <sys/stat.h>

#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#include "io_internal.hpp"

#ifndef HANDOUT_SOURCE_DIR
#error "HANDOUT_SOURCE_DIR must be defined by the build"
#endif

namespace handout {
namespace {

namespace fs = std::filesystem;

/// What identifies a file: its device and inode when it exists, and its
/// absolute path with symlinks resolved in any case.
struct Identity {
    std::optional<std::pair<dev_t, ino_t>> inode;
    fs::path resolved;
};

Identity identify(const std::string& path) {
    Identity id;
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0) id.inode = std::make_pair(info.st_dev, info.st_ino);
    std::error_code ec;
    id.resolved = fs::weakly_canonical(fs::absolute(io::resolve_output(path), ec), ec);
    if (ec) id.resolved = fs::absolute(path, ec).lexically_normal();
    return id;
}

bool same_file(const Identity& a, const Identity& b) {
    if (a.inode && b.inode) return *a.inode == *b.inode;
    return a.resolved == b.resolved;
}

}  // namespace

namespace io {

std::string resolve_output(const std::string& path) {
    fs::path p(path);
    std::error_code ec;
    // 40 links, as the kernel allows; a loop ends there and fails at open.
    for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
        const fs::path to = fs::read_symlink(p, ec);
        if (ec) break;
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    return p.string();
}

}  // namespace io

void check_outputs(const std::vector<RolePath>& inputs, const std::vector<RolePath>& outputs) {
    std::vector<Identity> written;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const RolePath& out = outputs[i];
        const bool to_stdout = out.path == standard_stream;
        const Identity id = to_stdout ? Identity{} : identify(out.path);
        for (std::size_t j = 0; j < i; ++j) {
            const bool both_stdout = to_stdout && outputs[j].path == standard_stream;
            const bool clash = both_stdout || (!to_stdout && outputs[j].path != standard_stream &&
                                               same_file(id, written[j]));
            if (clash)
                throw UsageError(out.role + " " + out.path + " and " + outputs[j].role + " " + outputs[j].path +
                                 " are the same file: the second would overwrite the first; give each output "
                                 "its own name");
        }
        written.push_back(id);
        if (to_stdout) continue;
        for (const auto& in : inputs) {
            if (in.path == standard_stream || in.path.empty()) continue;
            if (same_file(id, identify(in.path)))
                throw UsageError(out.role + " " + out.path + " is " + in.role + " " + in.path +
                                 ": writing it would destroy it; give the output another name");
        }
    }
}

std::string data_dir() {
    if (const char* env = std::getenv("HANDOUT_DATA_DIR"); env != nullptr && *env != '\0') return env;

    // An installed handout: <prefix>/bin/handout and <prefix>/share/handout.
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "handout";
        if (fs::is_directory(installed / "fonts", ec)) return installed.lexically_normal().string();
    }
    return HANDOUT_SOURCE_DIR;
}

}  // namespace handout
