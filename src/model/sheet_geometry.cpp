// The geometry shared by the layout and the scan reader (sheet_geometry.hpp).
#include "handout/sheet_geometry.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <utility>

namespace handout::scan {

namespace {

constexpr std::array<std::pair<TargetKind, std::string_view>, 5> kind_names = {{
    {TargetKind::bubble, "bubble"},
    {TargetKind::tick_box, "tick_box"},
    {TargetKind::teacher_box, "teacher_box"},
    {TargetKind::digit, "digit"},
    {TargetKind::student_id, "student_id"},
}};

// A W3 sheet code "W3-1F82-E1DNP5J84-17-B" as a page code carries it:
// "1F82E1DNP5J84B17", the fingerprint, the check character and the seed,
// without the prefix and dashes that are there for a person to read. With
// the layout and student tags a class set's page code is then 33 to 38
// characters for seeds below a million: a version-2 QR symbol at level M
// (38 alphanumeric characters), whose modules are 16 % larger than
// version 3's in the same square, which a phone photo in shadow needs.
// Any other sheet code is carried as it is.
constexpr std::size_t fingerprint_length = 13;
/// Crockford's base32, the alphabet of fingerprints and tags.
constexpr std::string_view crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

bool crockford_digit(char c) { return crockford.find(c) != std::string_view::npos; }

/// A seed as a sheet code writes it: decimal digits, no leading zero.
bool seed_digits(std::string_view s) {
    return !s.empty() && s.size() <= 10 && (s.size() == 1 || s[0] != '0') &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string compact_sheet(std::string_view sheet) {
    // W3- 4 - 9 - seed - check
    if (sheet.size() < 3 + 4 + 1 + 9 + 1 + 1 + 2 || sheet.substr(0, 3) != "W3-" || sheet[7] != '-' ||
        sheet[17] != '-')
        return std::string(sheet);
    const std::string_view seed = sheet.substr(18, sheet.size() - 18 - 2);
    const char check = sheet.back();
    if (sheet[sheet.size() - 2] != '-' || !seed_digits(seed)) return std::string(sheet);
    std::string out = std::string(sheet.substr(3, 4)) + std::string(sheet.substr(8, 9));
    if (!std::all_of(out.begin(), out.end(), crockford_digit)) return std::string(sheet);
    out += check;
    out += seed;
    return out;
}

// The sheet code of a compact sheet field; "" when `field` is not one.
std::string expand_sheet(std::string_view field) {
    if (field.size() < fingerprint_length + 2 || field[2] == '-') return {};  // W1-, W2-, W3-: as printed
    const std::string_view fp = field.substr(0, fingerprint_length);
    const std::string_view seed = field.substr(fingerprint_length + 1);
    if (!std::all_of(fp.begin(), fp.end(), crockford_digit) || !seed_digits(seed)) return {};
    return "W3-" + std::string(fp.substr(0, 4)) + "-" + std::string(fp.substr(4)) + "-" + std::string(seed) +
           "-" + field[fingerprint_length];
}

}  // namespace

std::string tag_chars(std::uint64_t hash) {
    std::string out;
    for (int i = 0; i < 5; ++i) out += crockford[(hash >> (59 - 5 * i)) & 31];
    return out;
}

std::string_view to_string(TargetKind kind) noexcept {
    for (const auto& [k, name] : kind_names) {
        if (k == kind) {
            return name;
        }
    }
    return "?";
}

std::array<Rect, 4> corner_marks(double page_width, double page_height) {
    const double s = corner_mark_side, in = corner_mark_inset;
    return {Rect{in, page_height - in - s, s, s}, Rect{page_width - in - s, page_height - in - s, s, s},
            Rect{page_width - in - s, in, s, s}, Rect{in, in, s, s}};
}

std::string page_code_text(std::string_view sheet, std::string_view page, std::string_view layout,
                           std::string_view student) {
    std::string text =
        "HO" + std::to_string(layout_version) + " " + compact_sheet(sheet) + " " + std::string(page);
    if (!layout.empty()) text.append(" ").append(layout);
    if (!layout.empty() && !student.empty()) text.append(" ").append(student);
    return text;
}

std::optional<PageCode> parse_page_code(std::string_view text) {
    // "HO<version> <sheet> <page>[ <layout>[ <student>]]", single spaces, nothing else.
    if (text.size() < 3 || text.substr(0, 2) != "HO") {
        return std::nullopt;
    }
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const auto space = text.find(' ', start);
        fields.push_back(
            text.substr(start, space == std::string_view::npos ? std::string_view::npos : space - start));
        if (space == std::string_view::npos || fields.size() > 5) break;
        start = space + 1;
    }
    if (fields.size() < 3 || fields.size() > 5) {
        return std::nullopt;
    }
    PageCode code;
    const std::string_view version = fields[0].substr(2);
    const auto [end, ec] = std::from_chars(version.data(), version.data() + version.size(), code.version);
    if (ec != std::errc() || end != version.data() + version.size() || code.version <= 0) {
        return std::nullopt;
    }
    code.text = std::string(text);
    code.sheet = expand_sheet(fields[1]);
    if (code.sheet.empty()) code.sheet = std::string(fields[1]);
    code.page = std::string(fields[2]);
    if (fields.size() > 3) code.layout = std::string(fields[3]);
    if (fields.size() > 4) code.student = std::string(fields[4]);
    // Capitals, digits and dashes; a sheet code's check character may also
    // be one of Crockford's check symbols * ~ $ = (sheet codes W3).
    const auto allowed = [](std::string_view s, std::string_view more) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [&](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || more.find(c) != std::string_view::npos;
        });
    };
    if (!allowed(code.sheet, "*~$=") || !allowed(code.page, "") ||
        (fields.size() > 3 && !allowed(code.layout, "")) ||
        (fields.size() > 4 && !allowed(code.student, ""))) {
        return std::nullopt;
    }
    return code;
}

std::string student_tag(std::string_view name, std::string_view class_name) {
    if (name.empty() && class_name.empty()) return {};
    // 64-bit FNV-1a and the SplitMix64 finaliser, as the sheet codes hash.
    std::uint64_t h = 0xcbf29ce484222325ULL;
    const auto add = [&](std::string_view bytes) {
        for (char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    };
    add("student\x1f");
    add(name);
    add("\x1f");
    add(class_name);
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    h ^= h >> 31;
    return tag_chars(h);
}

}  // namespace handout::scan
