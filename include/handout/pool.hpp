// Pools: sections of which each sheet prints `pick` questions, drawn from
// the seed so that a sheet code reproduces its draw, and balanced over a
// class set printed with consecutive seeds (docs/shuffle.md, "Pools").
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "handout/model.hpp"

namespace handout {

/// The questions `seed` draws from pool `section` (indices into its
/// questions, ascending); every index for a section that is not a pool.
/// `section_index` (0-based) gives each pool of a worksheet a stream of its
/// own. Seed 0 (the master copy) draws the first `pick` questions that fit
/// the constraints. Seeds 1, 2, … run through rounds: round `c` is a
/// permutation of the pool, and consecutive seeds take consecutive runs of
/// `pick` questions from it (wrapping), so over any class set printed from
/// seed 1 on (the default) each question of an unconstrained pool is used
/// within one of the same number of times. With `one_per_tag` or `points`,
/// the round's sheets up to this one are drawn again, each taking the
/// questions used least so far first, as the constraints allow.
std::vector<std::size_t> draw_pool(const Section& section, std::uint32_t seed, std::size_t section_index);

/// Why no draw of the pool fits its constraints (`pick` questions, no two
/// sharing a tag with `one_per_tag`, totalling `points`), or nullopt when
/// one does.
std::optional<std::string> pool_infeasible(const Section& section);

/// What `handout check` says of a worksheet's pools and tags, a line each:
/// `pool "Fractions": 2 of 10 questions per sheet (one per tag, 3 points)`,
/// then `tag easy: 5 questions (1, 3, 5, 7, 9)` per tag in sorted order (the
/// questions by source index, the first 12 of them). Empty without either.
std::vector<std::string> pools_and_tags(const Worksheet& ws);

/// How many times each question of pool `section` is drawn by seeds
/// first … first + count - 1 (for tests and `handout check`).
std::vector<std::size_t> pool_use_counts(const Section& section, std::size_t section_index,
                                         std::uint32_t first, std::uint32_t count);

}  // namespace handout
