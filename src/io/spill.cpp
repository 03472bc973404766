// Bytes a class set keeps until its end (marking-grid rows, bookmark titles,
// page-label prefixes), held in an anonymous temporary file rather than in
// memory, so that memory stays flat whatever the number of copies.
#include "handout/io.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

namespace handout {

struct SpillStore::Impl {
    std::FILE* file = nullptr;
    std::uint64_t size = 0;
    bool reading = false;  // the file position is not at the end

    ~Impl() {
        if (file != nullptr) std::fclose(file);
    }
};

namespace {

[[noreturn]] void fail(const char* what) {
    throw IoError(std::string("cannot ") + what +
                  " the temporary file that holds a class set's rows until its end: " + std::strerror(errno) +
                  " (is the temporary folder full?)");
}

}  // namespace

SpillStore::SpillStore() : impl_(std::make_unique<Impl>()) {}

SpillStore::~SpillStore() = default;

SpillStore::Span SpillStore::append(std::string_view bytes) {
    const std::lock_guard lock(mutex_);
    Impl& s = *impl_;
    if (s.file == nullptr) {
        s.file = std::tmpfile();  // unlinked at once: nothing is left behind
        if (s.file == nullptr) fail("make");
    }
    if (s.reading) {
        if (std::fseek(s.file, 0, SEEK_END) != 0) fail("seek in");
        s.reading = false;
    }
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), s.file) != bytes.size()) fail("write");
    const Span span{s.size, bytes.size()};
    s.size += bytes.size();
    return span;
}

std::string SpillStore::read(Span span) const {
    const std::lock_guard lock(mutex_);
    Impl& s = *impl_;
    std::string bytes(span.size, '\0');
    if (span.size == 0) return bytes;
    if (s.file == nullptr || span.at + span.size > s.size)
        throw IoError("a class set's temporary file lost its rows");
    if (std::fflush(s.file) != 0) fail("write");
    if (std::fseek(s.file, static_cast<long>(span.at), SEEK_SET) != 0) fail("seek in");
    s.reading = true;
    if (std::fread(bytes.data(), 1, span.size, s.file) != span.size) fail("read");
    return bytes;
}

}  // namespace handout
