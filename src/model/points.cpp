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
    const int halves = p.halves < 0 ? -p.halves : p.halves;
    const int n = halves / 2;
    const bool half = halves % 2 == 1;
    const auto slavic = [&](bool one) -> const std::string& {
        if (half) return words.marks_fraction;
        if (one) return words.mark;
        const bool few = n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14);
        return few ? words.marks_few : words.marks;
    };
    const std::string* word = &words.marks;
    switch (words.rule) {
        case PluralRule::one_to_one: word = halves == 1 || halves == 2 ? &words.mark : &words.marks; break;
        case PluralRule::one_below_two: word = halves < 4 ? &words.mark : &words.marks; break;
        case PluralRule::russian: word = &slavic(n % 10 == 1 && n % 100 != 11); break;
        case PluralRule::polish: word = &slavic(n == 1); break;
    }
    return format_points(p) + words.gap + *word;
}

}  // namespace handout
