// Pools (handout/pool.hpp): which questions of a pool a seed draws, and
// whether the pool's constraints can be met at all.
#include "handout/pool.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "handout/variant.hpp"

namespace handout {

namespace {

/// Most steps the search for a valid draw takes before it gives up (a bank
/// of tens of questions needs a few hundred).
constexpr std::size_t search_budget = 200000;

/// What is already drawn, for the search of the rest.
struct Partial {
    std::set<std::string> tags;  ///< with one_per_tag
    int halves = 0;              ///< points drawn, in half points
    std::size_t count = 0;
};

/// Searches `candidates` (indices into the pool, from position `from` on)
/// for questions completing `partial` to a valid draw.
class Completion {
public:
    explicit Completion(const Section& pool) : pool_(pool) {}

    bool fits(std::size_t i, const Partial& p) const {
        if (!pool_.one_per_tag) return true;
        for (const Text& t : pool_.questions[i].tags)
            if (p.tags.contains(t.text)) return false;
        // A question listing one tag twice still counts it once.
        return true;
    }
    static Partial with(const Section& pool, Partial p, std::size_t i) {
        for (const Text& t : pool.questions[i].tags) p.tags.insert(t.text);
        p.halves += pool.questions[i].points.halves;
        ++p.count;
        return p;
    }
    /// True when `p` can be completed from candidates[from…].
    bool possible(const Partial& p, const std::vector<std::size_t>& candidates, std::size_t from) {
        if (++steps_ > search_budget) return false;
        const std::size_t need = pool_.pick - p.count;
        if (need == 0) return !pool_.pool_points || p.halves == pool_.pool_points->halves;
        if (candidates.size() - from < need) return false;
        if (pool_.pool_points && !points_reachable(p, candidates, from, need)) return false;
        for (std::size_t k = from; k < candidates.size(); ++k)
            if (fits(candidates[k], p) && possible(with(pool_, p, candidates[k]), candidates, k + 1))
                return true;
        return false;
    }
    bool exhausted() const { return steps_ > search_budget; }

private:
    /// Whether `need` more of candidates[from…] could reach the points at
    /// all: between the fewest and the most they can add.
    bool points_reachable(const Partial& p, const std::vector<std::size_t>& candidates, std::size_t from,
                          std::size_t need) const {
        std::vector<int> halves;
        for (std::size_t k = from; k < candidates.size(); ++k)
            halves.push_back(pool_.questions[candidates[k]].points.halves);
        std::sort(halves.begin(), halves.end());
        const auto n = static_cast<std::ptrdiff_t>(need);
        const int low = std::accumulate(halves.begin(), halves.begin() + n, 0);
        const int high = std::accumulate(halves.end() - n, halves.end(), 0);
        const int want = pool_.pool_points->halves - p.halves;
        return low <= want && want <= high;
    }

    const Section& pool_;
    std::size_t steps_ = 0;
};

/// The questions in the order a seed tries them: round `c`'s permutation
/// from the sheet's first slot on, once round.
std::vector<std::size_t> trial_order(std::size_t n, std::size_t pick, std::uint32_t seed,
                                     std::size_t section_index) {
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t{0});
    if (seed == 0) return order;
    const std::uint64_t t = seed - 1;
    const std::uint64_t sheets_per_round = n / std::gcd(n, pick);
    const std::uint64_t round = t / sheets_per_round;
    const std::uint64_t start = (t % sheets_per_round) * pick % n;
    // The round's permutation: "pool", 0x1F, the round and the section's
    // index, each as 8 bytes little-endian, hashed to seed a SplitMix64.
    std::string bytes = "pool\x1f";
    for (const std::uint64_t v : {round, static_cast<std::uint64_t>(section_index)})
        for (int i = 0; i < 8; ++i) bytes += static_cast<char>((v >> (8 * i)) & 0xFF);
    SplitMix64 rng(hash64(bytes));
    const auto permutation = shuffled_order(std::vector<bool>(n, false), rng);
    for (std::size_t j = 0; j < n; ++j) order[j] = permutation[(start + j) % n];
    return order;
}

/// The first valid draw in `order`: greedy, taking a question when the
/// draw can still be completed from the questions after it (the loader
/// refuses pools with none); the first `pick` of `order` when the search
/// gives up (far beyond a real bank's size).
std::vector<std::size_t> first_valid(const Section& section, const std::vector<std::size_t>& order) {
    std::vector<std::size_t> drawn;
    Completion search(section);
    Partial p;
    for (std::size_t k = 0; k < order.size() && p.count < section.pick; ++k) {
        const std::size_t i = order[k];
        if (!search.fits(i, p)) continue;
        Partial next = Completion::with(section, p, i);
        if (search.possible(next, order, k + 1)) {
            drawn.push_back(i);
            p = std::move(next);
        }
    }
    if (drawn.size() < section.pick)
        drawn.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(section.pick));
    return drawn;
}

}  // namespace

std::vector<std::size_t> draw_pool(const Section& section, std::uint32_t seed, std::size_t section_index) {
    const std::size_t n = section.questions.size();
    std::vector<std::size_t> drawn;
    if (!section.is_pool() || section.pick >= n) {
        drawn.resize(n);
        std::iota(drawn.begin(), drawn.end(), std::size_t{0});
        return drawn;
    }
    if (!section.one_per_tag && !section.pool_points) {
        const auto order = trial_order(n, section.pick, seed, section_index);
        drawn.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(section.pick));
    } else {
        // With constraints, the sheets of the round so far are drawn again,
        // each trying the questions used least in the round first (ties in
        // its trial order): balance as close as the constraints allow, and
        // still a function of the seed alone.
        const std::uint32_t position =
            seed == 0 ? 0 : static_cast<std::uint32_t>((seed - 1) % (n / std::gcd(n, section.pick)));
        std::vector<std::size_t> uses(n, 0);
        for (std::uint32_t s = seed - position;; ++s) {
            auto order = trial_order(n, section.pick, s, section_index);
            std::stable_sort(order.begin(), order.end(),
                             [&](std::size_t a, std::size_t b) { return uses[a] < uses[b]; });
            drawn = first_valid(section, order);
            if (s == seed) break;
            for (std::size_t i : drawn) ++uses[i];
        }
    }
    std::sort(drawn.begin(), drawn.end());
    return drawn;
}

std::optional<std::string> pool_infeasible(const Section& section) {
    if (!section.is_pool()) return std::nullopt;
    const std::size_t n = section.questions.size();
    if (section.pick > n)
        return "the pool has " + std::to_string(n) + (n == 1 ? " question" : " questions") +
               ", fewer than 'pick: " + std::to_string(section.pick) + "'";
    if (!section.one_per_tag && !section.pool_points) return std::nullopt;
    std::vector<std::size_t> all(n);
    std::iota(all.begin(), all.end(), std::size_t{0});
    Completion search(section);
    if (search.possible(Partial{}, all, 0)) return std::nullopt;
    std::string what = "no " + std::to_string(section.pick) + " questions of the pool";
    if (section.one_per_tag) what += " have no tag in common";
    if (section.one_per_tag && section.pool_points) what += " and";
    if (section.pool_points) what += " total " + format_points(*section.pool_points) + " points";
    if (search.exhausted()) what += " (the search gave up after " + std::to_string(search_budget) + " steps)";
    return what;
}

std::vector<std::string> pools_and_tags(const Worksheet& ws) {
    std::vector<std::string> lines;
    std::map<std::string, std::vector<int>> tagged;
    int index = 0;
    for (const Section& section : ws.sections) {
        if (section.is_pool()) {
            std::string line = "pool \"" + section.title.text + "\": " + std::to_string(section.pick) +
                               " of " + std::to_string(section.questions.size()) + " questions per sheet";
            std::string how;
            if (section.one_per_tag) how = "one per tag";
            if (section.pool_points)
                how += (how.empty() ? "" : ", ") + format_points(*section.pool_points) + " points";
            if (!how.empty()) line.append(" (").append(how).append(")");
            lines.push_back(line);
        }
        for (const Question& q : section.questions) {
            ++index;
            for (const Text& t : q.tags) tagged[t.text].push_back(index);
        }
    }
    constexpr std::size_t shown = 12;
    for (const auto& [tag, questions] : tagged) {
        std::string line = "tag " + tag + ": " + std::to_string(questions.size()) +
                           (questions.size() == 1 ? " question (" : " questions (");
        for (std::size_t i = 0; i < questions.size() && i < shown; ++i)
            line += (i ? ", " : "") + std::to_string(questions[i]);
        lines.push_back(line + (questions.size() > shown ? ", …)" : ")"));
    }
    return lines;
}

std::vector<std::size_t> pool_use_counts(const Section& section, std::size_t section_index,
                                         std::uint32_t first, std::uint32_t count) {
    std::vector<std::size_t> uses(section.questions.size(), 0);
    for (std::uint32_t s = 0; s < count; ++s)
        for (std::size_t i : draw_pool(section, first + s, section_index)) ++uses[i];
    return uses;
}

}  // namespace handout
