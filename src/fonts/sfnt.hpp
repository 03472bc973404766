// The sfnt container of TrueType fonts, read with bounds checks: a
// big-endian view of the file and its table directory. Shared by the reader
// that measures text (ttf.cpp) and the font-file slimmer (slim.cpp).
// Private to src/fonts.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace handout::sfnt {

/// Raised inside the reader when the font does not make sense; `load` adds
/// the file name and turns it into an IoError.
struct Malformed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A bounds-checked, big-endian view of part of the font file. `what` names
/// the part in error messages ("'cmap' table").
class Span {
public:
    Span() = default;
    Span(const std::uint8_t* data, std::size_t size, std::string what)
        : data_(data), size_(size), what_(std::move(what)) {}

    std::size_t size() const { return size_; }
    const std::uint8_t* data() const { return data_; }

    std::uint8_t u8(std::size_t off) const {
        need(off, 1);
        return data_[off];
    }
    std::uint16_t u16(std::size_t off) const {
        need(off, 2);
        return static_cast<std::uint16_t>((data_[off] << 8) | data_[off + 1]);
    }
    std::int16_t i16(std::size_t off) const { return static_cast<std::int16_t>(u16(off)); }
    std::uint32_t u32(std::size_t off) const {
        need(off, 4);
        return (std::uint32_t{data_[off]} << 24) | (std::uint32_t{data_[off + 1]} << 16) |
               (std::uint32_t{data_[off + 2]} << 8) | std::uint32_t{data_[off + 3]};
    }

    /// The `len` bytes at `off`, as a view of their own.
    Span sub(std::size_t off, std::size_t len, std::string what) const {
        need(off, len);
        return Span(data_ + off, len, std::move(what));
    }
    /// Everything from `off` to the end.
    Span from(std::size_t off, std::string what) const {
        need(off, 0);
        return Span(data_ + off, size_ - off, std::move(what));
    }

private:
    /// Throws unless `n` bytes at `off` lie inside the view.
    void need(std::size_t off, std::size_t n) const {
        if (off > size_ || n > size_ - off)
            throw Malformed(what_ + " is truncated (needs " + std::to_string(n) +
                            " bytes at offset " + std::to_string(off) + " of " +
                            std::to_string(size_) + ")");
    }

    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
    std::string what_;
};

/// The sfnt table directory: tag → table bytes.
using Tables = std::map<std::string, Span>;

/* Reads the table directory. Only TrueType outlines are usable (libharu
   embeds `glyf` fonts), so CFF fonts ('OTTO') and collections ('ttcf') are
   refused with a message saying so. */
inline Tables read_directory(const Span& file) {
    const std::uint32_t version = file.u32(0);
    if (version == 0x4F54544F)  // 'OTTO'
        throw Malformed("it has PostScript (CFF) outlines, not TrueType outlines");
    if (version == 0x74746366)  // 'ttcf'
        throw Malformed("it is a font collection (.ttc), not a single font");
    if (version != 0x00010000 && version != 0x74727565)  // 1.0 or 'true'
        throw Malformed("unknown sfnt version (not a font file?)");

    Tables tables;
    const std::uint16_t count = file.u16(4);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t rec = 12 + 16 * i;
        const std::uint32_t tag = file.u32(rec);
        std::string name;
        for (int shift = 24; shift >= 0; shift -= 8)
            name += static_cast<char>((tag >> shift) & 0xFF);
        const std::uint32_t offset = file.u32(rec + 8);
        const std::uint32_t length = file.u32(rec + 12);
        tables.emplace(name, file.sub(offset, length, "'" + name + "' table"));
    }
    return tables;
}

/// The table `tag`, or Malformed when the font lacks it. (`tag` is a C
/// string: a std::string made for the call would be a temporary that GCC 14's
/// -Wdangling-reference takes the returned reference to point into.)
inline const Span& require(const Tables& tables, const char* tag) {
    auto it = tables.find(tag);
    if (it == tables.end()) throw Malformed("it has no '" + std::string(tag) + "' table");
    return it->second;
}

}  // namespace handout::sfnt
