// The geometry shared by the layout and the scan reader (sheet_geometry.hpp).
#include "handout/sheet_geometry.hpp"

#include <algorithm>
#include <charconv>
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

}  // namespace

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

std::string page_code_text(std::string_view sheet, std::string_view page) {
    return "HO" + std::to_string(layout_version) + " " + std::string(sheet) + " " + std::string(page);
}

std::optional<PageCode> parse_page_code(std::string_view text) {
    // "HO<version> <sheet> <page>", single spaces, nothing else.
    if (text.size() < 3 || text.substr(0, 2) != "HO") {
        return std::nullopt;
    }
    const auto first = text.find(' ');
    if (first == std::string_view::npos) {
        return std::nullopt;
    }
    const auto second = text.find(' ', first + 1);
    if (second == std::string_view::npos || text.find(' ', second + 1) != std::string_view::npos) {
        return std::nullopt;
    }
    PageCode code;
    const std::string_view version = text.substr(2, first - 2);
    const auto [end, ec] = std::from_chars(version.data(), version.data() + version.size(), code.version);
    if (ec != std::errc() || end != version.data() + version.size() || code.version <= 0) {
        return std::nullopt;
    }
    code.text = std::string(text);
    code.sheet = std::string(text.substr(first + 1, second - first - 1));
    code.page = std::string(text.substr(second + 1));
    // Capitals, digits and dashes; a sheet code's check character may also
    // be one of Crockford's check symbols * ~ $ = (sheet codes W3).
    const auto allowed = [](std::string_view s, std::string_view more) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [&](char c) {
            return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || more.find(c) != std::string_view::npos;
        });
    };
    if (!allowed(code.sheet, "*~$=") || !allowed(code.page, "")) {
        return std::nullopt;
    }
    return code;
}

}  // namespace handout::scan
