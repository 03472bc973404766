// Points as printed and as machine formats write them, and the words around
// them (points.hpp).
#include "handout/points.hpp"

#include <array>
#include <cstddef>

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

PluralCategory plural_category(PluralRule rule, Points p) {
    using C = PluralCategory;
    const int halves = p.halves < 0 ? -p.halves : p.halves;
    const int i = halves / 2;        // CLDR's i: the whole part
    const bool v = halves % 2 == 1;  // CLDR's v != 0: a fraction digit is written
    const int last = i % 10, last2 = i % 100;
    const bool slavic_few = !v && last >= 2 && last <= 4 && (last2 < 12 || last2 > 14);
    switch (rule) {
        case PluralRule::one_to_one: return halves == 1 || halves == 2 ? C::one : C::other;
        case PluralRule::one_below_two: return i <= 1 ? C::one : C::other;
        case PluralRule::russian:
            if (v) return C::other;
            return last == 1 && last2 != 11 ? C::one : slavic_few ? C::few : C::many;
        case PluralRule::polish:
            if (v) return C::other;
            return i == 1 ? C::one : slavic_few ? C::few : C::many;
        case PluralRule::arabic:
            if (v) return C::other;
            if (i <= 2) return std::array{C::zero, C::one, C::two}[static_cast<std::size_t>(i)];
            return last2 >= 3 && last2 <= 10 ? C::few : last2 >= 11 ? C::many : C::other;
        case PluralRule::hebrew:
            if ((i == 1 && !v) || (i == 0 && v)) return C::one;
            return i == 2 && !v ? C::two : C::other;
        case PluralRule::hindi: return i == 0 || halves == 2 ? C::one : C::other;
        case PluralRule::urdu: return halves == 2 ? C::one : C::other;
    }
    return C::other;
}

std::string points_label(Points p, const PointsWords& words) {
    const bool slavic = words.rule == PluralRule::russian || words.rule == PluralRule::polish;
    const std::string* word = &words.marks;
    switch (plural_category(words.rule, p)) {
        case PluralCategory::one: word = &words.mark; break;
        case PluralCategory::two: word = &words.marks_two; break;
        case PluralCategory::few: word = &words.marks_few; break;
        case PluralCategory::other: word = slavic ? &words.marks_fraction : &words.marks; break;
        case PluralCategory::zero:
        case PluralCategory::many: break;
    }
    return (words.decimal_halves ? points_decimal(p) : format_points(p)) + words.gap + *word;
}

}  // namespace handout
