// Points (marks) of a question, counted exactly in half points, and the
// one way they are written: "1½" on paper, "1.5" in machine formats.
#pragma once

#include <compare>
#include <string>

namespace handout {

/// A number of points that is a whole or half number (0, ½, 1, 1½, …),
/// held as a count of half points so that sums stay exact.
struct Points {
    int halves = 2;  ///< the default: one point

    /// Most points one question may be worth (the loader refuses more).
    static constexpr int max_halves = 200;

    static constexpr Points whole(int n) { return Points{2 * n}; }
    double value() const { return halves / 2.0; }
    // NOLINTNEXTLINE(modernize-use-nullptr): clang-tidy 14 takes the defaulted <=>'s 0 for a null pointer
    friend constexpr auto operator<=>(Points, Points) = default;
    constexpr Points& operator+=(Points other) {
        halves += other.halves;
        return *this;
    }
    friend constexpr Points operator+(Points a, Points b) { return a += b; }
};

/// How a `multi` question is scored (the worksheet's `scoring:`, or the question's own).
enum class Scoring {
    all_or_nothing,  ///< all its points for exactly the right ticks, else none
    partial,         ///< each right tick +points/(right options), each wrong tick as much −, never below 0
};

/// The YAML spelling of a scoring rule: `all-or-nothing`, `partial`.
const char* scoring_name(Scoring rule);

/// Points as printed on sheets, keys and grids: `1`, `20`, `½`, `1½`.
std::string format_points(Points p);

/// Points as machine formats write them (YAML, QTI, Moodle XML, the quiz's
/// JSON): `1`, `0.5`, `1.5`.
std::string points_decimal(Points p);

/// How a language chooses the form of its word for points.
enum class PluralRule {
    one_to_one,     ///< the one form after ½ and 1, else the other (English, German, Spanish …)
    one_below_two,  ///< the one form below 2: ½, 1, 1½ (French, Portuguese)
    russian,        ///< 1, 21 … one; 2–4, 22–24 … few; else many; after a half, the fraction form
    polish,         ///< 1 one; 2–4, 22–24 … few; else many; after a half, the fraction form
    // The rules of CLDR (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html),
    // for a number of whole or half points:
    arabic,  ///< 0 zero; 1 one; 2 two; 3–10, 103–110 … few; 11–99, 111–199 … many; else (100, ½) other
    hebrew,  ///< 1 and ½ one; 2 two; else other (CLDR 42 dropped Hebrew's many)
    hindi,   ///< 0, ½ and 1 one; else other (Persian's rule too)
    urdu,    ///< 1 one; else other, ½ and 1½ too (CLDR: i = 1 and v = 0)
};

/// The CLDR plural categories.
enum class PluralCategory { zero, one, two, few, many, other };

/// The category a language's rule gives `p` points: English's one_to_one
/// gives ½ and 1 one (as "½ mark" is said), the other rules are CLDR's for
/// their languages, with a half point counted as a visible fraction digit.
PluralCategory plural_category(PluralRule rule, Points p);

/// The printed words around points, in one place so that they can be
/// translated as one set (labels.hpp).
struct PointsWords {
    std::string mark = "mark";    ///< the one form: after ½ and 1
    std::string marks = "marks";  ///< the other (many) form
    std::string marks_few;        ///< Russian, Polish: after 2–4, 22–24 …
    std::string marks_fraction;   ///< Russian, Polish: after a half (½, 2½)
    std::string marks_two;        ///< Arabic, Hebrew: after 2 (the dual, درجتان)
    PluralRule rule = PluralRule::one_to_one;
    std::string total = "Total";  ///< "Total: ____ / 20", the key's total, the marking grid's column
    std::string points = "Points";  ///< the marking grid's row of each question's points
    std::string partial = "partial";  ///< the key's note on a multi scored `partial`
    /// Between the number and the word: none in Chinese, Japanese and
    /// Korean, which set a counter against its number ("2分", "2点", "2점").
    std::string gap = " ";
    /// Halves as decimals beside the word (`1.5 درجة`, not `1½ درجة`): in
    /// Arabic and Hebrew, whose words run right to left, the bidirectional
    /// algorithm sets a vulgar fraction (a neutral) apart from its whole
    /// number, and the reader would see ½1; a decimal point holds them together.
    bool decimal_halves = false;
};

/// `1 mark`, `2 marks`, `½ mark`, `1½ marks`: format_points and the word
/// in the form the language's plural rule asks for (`2 балла`, `5 баллов`),
/// after the words' gap (`2分`), the number as `decimal_halves` asks. Category one takes `mark`, two `marks_two`,
/// few `marks_few`, other `marks_fraction` in Russian and Polish; the rest
/// (zero, many, other) take `marks` (Arabic writes 0, 11 and 100 alike:
/// درجة).
std::string points_label(Points p, const PointsWords& words = {});

}  // namespace handout
