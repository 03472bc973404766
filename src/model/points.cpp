// Points as printed and as machine formats write them, and the words around
// them (points.hpp).
#include "handout/points.hpp"

namespace handout {

const char* scoring_name(Scoring rule) {
    switch (rule) {
        case Scoring::all_or_nothing: return "all-or-nothing";
        case Scoring::partial: return "partial";
    }
    return "?";
}

std::string format_points(Points p) {
    const bool negative = p.halves < 0;
    const int halves = negative ? -p.halves : p.halves;
    std::string out = negative ? "-" : "";
    if (halves / 2 > 0 || halves % 2 == 0) out += std::to_string(halves / 2);
    if (halves % 2 == 1) out += "\u00bd";
    return out;
}

std::string points_decimal(Points p) {
    const bool negative = p.halves < 0;
    const int halves = negative ? -p.halves : p.halves;
    return (negative ? "-" : "") + std::to_string(halves / 2) + (halves % 2 == 1 ? ".5" : "");
}

std::string points_label(Points p, const PointsWords& words) {
    const bool one = p.halves == 1 || p.halves == 2;
    return format_points(p) + " " + (one ? words.mark : words.marks);
}

}  // namespace handout
