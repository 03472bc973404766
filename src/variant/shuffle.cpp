// The project's own PRNG, bounded integers, shuffle and hash. Every step is
// spelled out here (and in docs/shuffle.md) so that any platform, compiler
// or standard library reproduces a seed's variant bit for bit.
#include "handout/variant.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace handout {

namespace {

// SplitMix64's output function; also used to finish the FNV-1a hash.
std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

std::uint64_t SplitMix64::next() {
    state_ += 0x9E3779B97F4A7C15ULL;
    return mix64(state_);
}

// Lemire, "Fast Random Integer Generation in an Interval" (2019): the high
// 32 bits of a 32×32-bit product are uniform once products whose low half
// falls below (2^32 - bound) mod bound are rejected.
std::uint32_t SplitMix64::below(std::uint32_t bound) {
    if (bound <= 1) return 0;
    auto draw = [this] { return static_cast<std::uint32_t>(next() >> 32); };
    std::uint64_t m = std::uint64_t{draw()} * bound;
    auto low = static_cast<std::uint32_t>(m);
    if (low < bound) {
        const std::uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = std::uint64_t{draw()} * bound;
            low = static_cast<std::uint32_t>(m);
        }
    }
    return static_cast<std::uint32_t>(m >> 32);
}

std::vector<std::size_t> shuffled_order(const std::vector<bool>& pinned, SplitMix64& rng) {
    std::vector<std::size_t> order(pinned.size());
    std::vector<std::size_t> free_slots;
    for (std::size_t i = 0; i < pinned.size(); ++i) {
        order[i] = i;
        if (!pinned[i]) free_slots.push_back(i);
    }
    // Fisher–Yates over the unpinned slots only, from the last one down.
    for (std::size_t k = free_slots.size(); k > 1; --k) {
        const std::size_t j = rng.below(static_cast<std::uint32_t>(k));
        std::swap(order[free_slots[k - 1]], order[free_slots[j]]);
    }
    return order;
}

std::uint64_t hash64(std::string_view bytes) {
    std::uint64_t h = 0xCBF29CE484222325ULL;  // FNV-1a 64 offset basis
    for (const char byte : bytes) {
        h ^= static_cast<unsigned char>(byte);
        h *= 0x100000001B3ULL;  // FNV-1a 64 prime
    }
    return mix64(h);
}

}  // namespace handout
