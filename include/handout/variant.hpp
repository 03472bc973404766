// Variants: the worksheet shuffled by a seed, numbered, with its sheet code
// and key. Uses the project's own PRNG and hash (see docs/shuffle.md), so a
// seed gives the same variant on every platform and compiler.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
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

/// The 13-character base64url fingerprint of a worksheet: 4 characters
/// from the hash of its id, 9 from the hash of everything that decides a
/// variant or its answers.
std::string fingerprint(const Worksheet& ws);

/// `W1-<fingerprint>-s<seed>`.
std::string sheet_code(const Worksheet& ws, std::uint32_t seed);

/// A sheet code taken apart.
struct ParsedCode {
    std::string fingerprint;  ///< 13 characters
    std::string id_part;      ///< its first 4 characters
    std::uint32_t seed = 0;
};

/// Parses `W1-XXXXXXXXXXXXX-sN`; returns false when the shape is wrong.
bool parse_sheet_code(std::string_view code, ParsedCode& out);

/// A question as placed on one variant.
struct VariantQuestion {
    const Question* source = nullptr;
    int number = 0;                          ///< as printed, running across sections
    std::vector<std::size_t> option_order;   ///< printed position → index into source->options

    /// Letter printed beside the correct option ('A' + position).
    char correct_letter() const;
    /// What the key shows: `B · option text`, `True`, `False`.
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
