// Readers of the keys that give a question room: `space` (working space
// under any question), `width` (a fill question's gaps) and the worksheet's
// `gap_width`. Members of WorksheetReader (worksheet_reader.hpp).
#include "load/worksheet_reader.hpp"

#include <cmath>
#include <sstream>

#include "handout/number.hpp"
#include "handout/text.hpp"

namespace handout::load {

namespace {

constexpr const char* space_hint =
    "write space: 4 (writing lines), space: 30 mm (blank), space: grid 40 mm or space: blank 3 lines";

/// A whole or decimal number written with `.` ("30", "12.5"), or nullopt.
std::optional<double> plain_decimal(const std::string& s) {
    if (s.empty() || s.size() > 12) return std::nullopt;
    std::size_t dots = 0;
    for (char c : s) {
        if (c == '.') ++dots;
        else if (c < '0' || c > '9') return std::nullopt;
    }
    if (dots > 1 || s.front() == '.' || s.back() == '.') return std::nullopt;
    return std::stod(s);
}

}  // namespace

std::optional<double> WorksheetReader::millimetres(const Entry& entry, double low, double high,
                                                   std::string_view example) {
    if (!has_value(entry)) return std::nullopt;
    std::string s = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    if (s.size() > 2 && s.substr(s.size() - 2) == "mm") s = std::string(trim(s.substr(0, s.size() - 2)));
    const auto value = plain_decimal(s);
    if (value && *value >= low && *value <= high) return value;
    error(entry.value,
          "'" + entry.name + "' must be a width in millimetres from " + plain_number(low) + " to " +
              plain_number(high) + ", found " + describe(entry.value),
          "for example " + entry.name + ": " + std::string(example));
    return std::nullopt;
}

// `space: 4`, `4 lines`, `30 mm`, `grid 40 mm`, `blank 3 lines`, `lines 30 mm`.
void WorksheetReader::read_space(const Entries& keys, Question& question) {
    const Entry* e = keys.find("space");
    if (!e || !has_value(*e)) return;
    const std::string written = e->value.IsScalar() ? e->value.Scalar() : std::string();
    // Words: a number glued to its unit ("30mm") counts as two.
    std::vector<std::string> words;
    std::istringstream in(written);
    for (std::string w; in >> w;) {
        if (w.size() > 2 && w.substr(w.size() - 2) == "mm" && plain_decimal(w.substr(0, w.size() - 2))) {
            words.push_back(w.substr(0, w.size() - 2));
            words.push_back("mm");
        } else {
            words.push_back(ascii_lower(w));
        }
    }
    WorkSpace space;
    std::size_t i = 0;
    if (i < words.size() && (words[i] == "lines" || words[i] == "grid" || words[i] == "blank")) {
        space.kind = words[i] == "lines" ? WorkSpace::Kind::lines
                     : words[i] == "grid" ? WorkSpace::Kind::grid
                                          : WorkSpace::Kind::blank;
        ++i;
    }
    const auto amount = i < words.size() ? plain_decimal(words[i]) : std::nullopt;
    const std::string unit = i + 1 < words.size() ? words[i + 1] : "lines";
    const bool valid = amount && i + 2 >= words.size() && (unit == "lines" || unit == "line" || unit == "mm");
    if (!valid) {
        error(e->value, "'space' must be a number of lines or millimetres, found " + describe(e->value), space_hint);
        return;
    }
    if (unit == "mm") {
        if (*amount < WorkSpace::min_mm || *amount > WorkSpace::max_mm) {
            error(e->value, "'space' must be from 5 to 250 mm, found " + written,
                  "a whole A4 page of text is about 250 mm high; " + std::string(space_hint));
            return;
        }
        space.mm = *amount;
        if (space.kind == WorkSpace::Kind::none) space.kind = WorkSpace::Kind::blank;
    } else {
        if (*amount != std::floor(*amount) || *amount < 1 || *amount > max_lines) {
            error(e->value, "'space' must be from 1 to 30 lines, found " + written, space_hint);
            return;
        }
        space.lines = static_cast<int>(*amount);
        if (space.kind == WorkSpace::Kind::none) space.kind = WorkSpace::Kind::lines;
    }
    question.space = space;
}

}  // namespace handout::load
