// Variants: the worksheet shuffled by a seed, numbered, with its sheet code
// and key. Uses the project's own PRNG and hash (see docs/shuffle.md), so a
// seed gives the same variant on every platform and compiler.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "handout/model.hpp"

namespace handout {

/// SplitMix64 (Steele, Lea, Flood 2014): the project's PRNG. Tiny, fast,
/// and fully specified, so any platform reproduces the same stream.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    /// Uniform integer in [0, bound) for 0 < bound < 2^32: Lemire's
    /// multiply-shift on the high 32 bits of next(), with rejection of the
    /// biased low range.
    std::uint32_t below(std::uint32_t bound);

private:
    std::uint64_t state_;
};

/// Fisher–Yates from the last position down, with below(i + 1), over the
/// positions whose `pinned` flag is false; pinned positions keep their item.
/// Returns the permutation: result[k] = index of the item placed at k.
std::vector<std::size_t> shuffled_order(const std::vector<bool>& pinned, SplitMix64& rng);

/// 64-bit FNV-1a followed by the SplitMix64 finaliser (for avalanche).
std::uint64_t hash64(std::string_view bytes);

/// The 13-character fingerprint of a worksheet, in Crockford's base32
/// (digits and capitals without I, L, O, U): 4 characters from the hash of
/// its id, 9 from the hash of everything that decides a variant or its
/// answers.
std::string fingerprint(const Worksheet& ws);

/// The fingerprint as codes `W1-…` (handout 0.1) wrote it: 13 base64url
/// characters from the same two hashes.
std::string fingerprint_v1(const Worksheet& ws);

/// `W3-XXXX-XXXXXXXXX-<seed>-<check>`: the fingerprint split 4 + 9, the
/// seed, then check_symbol(fingerprint, seed).
std::string sheet_code(const Worksheet& ws, std::uint32_t seed);

/// Crockford's check symbol (0-9, A-Z without I L O U, then * ~ $ = U) of
/// the number fingerprint × 2^32 + seed, the fingerprint read as 13 base32
/// digits: it changes with any one wrong character and any two neighbours
/// swapped, in the fingerprint and in the seed's decimal digits.
char check_symbol(std::string_view fingerprint, std::uint32_t seed);

/// A sheet code taken apart.
struct ParsedCode {
    int version = 3;          ///< 1 for codes printed by handout 0.1, 2 for codes without a check character
    std::string fingerprint;  ///< 13 characters
    std::string id_part;      ///< its first 4 characters
    std::uint32_t seed = 0;
    char check = '\0';        ///< the check character typed (codes W3), '\0' for older codes

    /// False when the check character does not fit the rest of the code:
    /// a character was mistyped (older codes have no check: always true).
    bool check_ok() const;
    /// True when `ws` is the worksheet the code was printed from (and the
    /// check character fits).
    bool matches(const Worksheet& ws) const;
    /// True when `ws` has the id of that worksheet (perhaps edited since).
    bool same_id(const Worksheet& ws) const;
};

/// Parses a sheet code as printed: `W3-XXXX-XXXXXXXXX-17-K` as a person
/// types it (any case, spaces and dashes ignored, I and L read as 1 and O as
/// 0), a code `W2-XXXX-XXXXXXXXX-17` printed before check characters, or a code
/// `W1-<13 base64url>-s<seed>` of a sheet printed by handout 0.1 (exact).
/// Returns false when the shape is wrong; a check character that does not
/// fit still parses (see ParsedCode::check_ok and typo_in).
bool parse_sheet_code(std::string_view code, ParsedCode& out);

/// When `code` is most likely a mistyped code of `ws` (one wrong character or
/// two neighbours swapped in its fingerprint, or a check character that does
/// not fit the seed), a sentence saying which character is probably wrong and
/// the code as printed; nullopt when it is not (the code is right, or of
/// another worksheet, or of an edited version of this one).
std::optional<std::string> typo_in(const ParsedCode& code, const Worksheet& ws);

/// What a seed drew for one question, one struct per question type, in
/// QuestionType's order (as QuestionBody). Orders map a printed position to
/// an index into the question's own list.
struct ChoiceDraw {
    std::vector<std::size_t> option_order;  ///< printed position → index into options
};
struct TrueFalseDraw {};
struct MultiDraw {
    std::vector<std::size_t> option_order;  ///< printed position → index into options
};
struct ShortAnswerDraw {};
struct FillDraw {
    std::vector<std::size_t> bank_order;  ///< printed position → index into bank_words(); empty without a bank
};
struct MatchDraw {
    std::vector<std::size_t> right_order;  ///< printed letter position → index into Match::right_items()
};
struct OrderDraw {
    std::vector<std::size_t> item_order;  ///< printed position → index into items
};
struct NumericDraw {};
using QuestionDraw = std::variant<ChoiceDraw, TrueFalseDraw, MultiDraw, ShortAnswerDraw, FillDraw, MatchDraw,
                                  OrderDraw, NumericDraw>;
static_assert(std::variant_size_v<QuestionDraw> == std::variant_size_v<QuestionBody>,
              "QuestionDraw has one alternative per question type, in QuestionType's order");

/// How the correct answer of a question on one variant is shown: decided here
/// once for the key, the marking grid and the quiz.
struct AnswerDisplay {
    /// choice, multi: the printed letters, `B` or `A, C` (the key's bold lead).
    std::string letters;
    /// The rest of the key line: the option texts (`text; text` for multi),
    /// `True`, the model answer (short), `(1) word  (2) word` (fill),
    /// `1 → C, 2 → A` (match), `2, 4, 1, 3` (order: the number for each box,
    /// top to bottom), `9.81 ± 0.05 m/s²` (numeric).
    std::string text;
    /// multi: each correct option as (letter, text), in printed order: the
    /// key prints one per line (a list, never `text.; text`).
    std::vector<std::pair<std::string, std::string>> choices;
    /// The marking grid's cell, short enough to mark at a glance: `B`, `T`,
    /// `A,C`, `key` (short: see the key page), `word / word`, `CAB`, `2413`, `9.81`.
    std::string cell;
    /// numeric: the answer and the tolerance as the key prints them (as
    /// written, else the shortest text that reads back; tolerance "" when 0).
    std::string value, tolerance;
    /// vars: the student's numbers, `m = 4 · a = 2.5 · F = 10` ("" without vars).
    std::string numbers;

    /// The key line as one line of plain text: `letters · text`, or `text`.
    std::string line() const;
};

/// A question as placed on one variant.
struct VariantQuestion {
    /// The question as this sheet prints it: the worksheet's own, or, for a
    /// question with vars, `instance` (its texts with the student's numbers).
    const Question* source = nullptr;
    const Question* written = nullptr;  ///< the question as written in the worksheet
    std::shared_ptr<const Question> instance;  ///< owns `source` when the question has vars
    std::string numbers;      ///< vars: the drawn values, `m = 4 · a = 2.5` ("" without vars)
    int number = 0;           ///< as printed, running across sections
    int source_index = 0;     ///< 1-based place in the worksheet's source order, sections flattened
    QuestionDraw draw;        ///< of the source's type

    /// The draw as type `T`; throws std::bad_variant_access for another type.
    template <class T> const T& drawn() const { return std::get<T>(draw); }
    /// choice, multi: printed position → index into the options (empty for other types).
    const std::vector<std::size_t>& option_order() const;
    /// Letter printed beside the correct option ('A' + position) (choice).
    char correct_letter() const;
    /// Letters printed beside the correct options, in printed order (multi).
    std::string correct_letters() const;
    /// fill: the word bank before shuffling: each gap's answer in gap order, then the distractors.
    std::vector<std::string> bank_words() const;
    /// match: for each left item (numbered in source order), the letter of its right item.
    std::string match_letters() const;
    /// order: for each printed item, top to bottom, the position it belongs in (1-based).
    std::vector<int> order_positions() const;
    /// How the answer is shown (see AnswerDisplay).
    AnswerDisplay answer() const;
    /// What the key shows, as one line of plain text: `answer().line()`.
    std::string key_answer() const;
};

/// A section as placed on one variant (sections never move).
struct VariantSection {
    const Section* source = nullptr;
    std::vector<VariantQuestion> questions;
};

/// A worksheet shuffled by one seed. Points into the worksheet, which must
/// outlive it.
struct Variant {
    const Worksheet* worksheet = nullptr;
    std::uint32_t seed = 0;
    std::string code;
    std::vector<VariantSection> sections;
};

/// Shuffles `ws` by `seed` (0 = master copy: source order, nothing shuffled).
/// Draw order: for each section in order, the question order of that
/// section, then the option order of each of its questions in source order.
Variant make_variant(const Worksheet& ws, std::uint32_t seed);

}  // namespace handout
