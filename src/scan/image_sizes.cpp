// The sizes a PNG or TIFF file declares for its pages, read from its headers
// before anything is decoded: a small file may declare a huge page (a PNG
// of 0.9 MB that decodes to 921 MB), and a TIFF's pages are counted and
// measured in one pass over its directories (OpenCV seeks to page i from
// the first page, every time).
#include "scan/input.hpp"

#include <array>
#include <fstream>
#include <set>

namespace handout::scan::detail {

namespace {

/// A big- or little-endian unsigned number of `n` bytes at the stream's
/// position; nullopt at the end of the file.
std::optional<std::uint64_t> read_number(std::istream& in, int n, bool big) {
    std::array<unsigned char, 8> b{};
    if (!in.read(reinterpret_cast<char*>(b.data()), n)) return std::nullopt;
    std::uint64_t value = 0;
    for (int i = 0; i < n; ++i) {
        const unsigned char byte =
            big ? b[static_cast<std::size_t>(i)] : b[static_cast<std::size_t>(n - 1 - i)];
        value = value << 8 | byte;
    }
    return value;
}

/// The width and height of the TIFF directory at the stream's position
/// (classic TIFF: 12-byte entries; BigTIFF: 20-byte ones), and the offset of
/// the next one (0: none); nullopt when it cannot be read.
struct Directory {
    PageSize size;
    std::uint64_t next = 0;
};

std::optional<Directory> read_directory(std::istream& in, bool big, bool bigtiff) {
    const auto entries = read_number(in, bigtiff ? 8 : 2, big);
    if (!entries || *entries > 4096) return std::nullopt;
    Directory d;
    for (std::uint64_t k = 0; k < *entries; ++k) {
        const auto tag = read_number(in, 2, big), type = read_number(in, 2, big);
        const auto count = read_number(in, bigtiff ? 8 : 4, big);
        const auto field = static_cast<std::streamoff>(bigtiff ? 8 : 4);
        const std::streampos value_at = in.tellg();
        if (!tag || !type || !count) return std::nullopt;
        if ((*tag == 256 || *tag == 257) && *count == 1) {
            // SHORT (3), LONG (4) or LONG8 (16), left-justified in the field.
            const int width = *type == 3 ? 2 : *type == 4 ? 4 : *type == 16 ? 8 : 0;
            if (width == 0) return std::nullopt;
            const auto v = read_number(in, width, big);
            if (!v) return std::nullopt;
            (*tag == 256 ? d.size.width : d.size.height) = *v;
        }
        in.seekg(value_at + field);
    }
    const auto next = read_number(in, bigtiff ? 8 : 4, big);
    if (!next) return std::nullopt;
    d.next = *next;
    return d;
}

}  // namespace

std::optional<PageSize> png_size(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return png_size(in);
}

std::optional<std::vector<PageSize>> tiff_sizes(const std::string& path, std::size_t most) {
    std::ifstream in(path, std::ios::binary);
    return tiff_sizes(in, most);
}

std::optional<PageSize> png_size(std::istream& in) {
    std::array<unsigned char, 24> head{};
    if (!in.read(reinterpret_cast<char*>(head.data()), head.size())) return std::nullopt;
    constexpr std::array<unsigned char, 8> signature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (!std::equal(signature.begin(), signature.end(), head.begin())) return std::nullopt;
    if (std::string_view(reinterpret_cast<const char*>(head.data()) + 12, 4) != "IHDR") return std::nullopt;
    PageSize size;
    for (std::size_t i = 0; i < 4; ++i) {
        size.width = size.width << 8 | head[16 + i];
        size.height = size.height << 8 | head[20 + i];
    }
    return size;
}

std::optional<std::vector<PageSize>> tiff_sizes(std::istream& in, std::size_t most) {
    std::array<char, 4> head{};
    if (!in.read(head.data(), head.size())) return std::nullopt;
    const bool big = head[0] == 'M' && head[1] == 'M';
    if (!big && !(head[0] == 'I' && head[1] == 'I')) return std::nullopt;
    const auto magic = big ? (head[2] << 8 | head[3]) : (head[3] << 8 | head[2]);
    if (magic != 42 && magic != 43) return std::nullopt;
    const bool bigtiff = magic == 43;
    if (bigtiff && (!read_number(in, 2, big) || !read_number(in, 2, big))) return std::nullopt;
    auto offset = read_number(in, bigtiff ? 8 : 4, big);
    std::vector<PageSize> sizes;
    std::set<std::uint64_t> seen;  // a directory chain that loops ends there
    while (offset && *offset != 0 && seen.insert(*offset).second) {
        if (sizes.size() > most) return sizes;  // the caller refuses so many pages
        in.seekg(static_cast<std::streamoff>(*offset));
        const auto d = read_directory(in, big, bigtiff);
        if (!d) return std::nullopt;
        sizes.push_back(d->size);
        offset = d->next;
    }
    return sizes;
}

}  // namespace handout::scan::detail
