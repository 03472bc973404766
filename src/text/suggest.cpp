// "Did you mean": one edit distance and one rule for which near miss to
// name, for every reader of teacher-written names (keys, types, columns).
#include "handout/text.hpp"

#include <algorithm>

namespace handout {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance over three rolling rows.
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = ascii_lower(a[i - 1]) == ascii_lower(b[j - 1]);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
            if (i > 1 && j > 1 && ascii_lower(a[i - 1]) == ascii_lower(b[j - 2]) &&
                ascii_lower(a[i - 2]) == ascii_lower(b[j - 1]))
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string suggest(std::string_view word, const std::vector<std::string_view>& candidates) {
    // A near miss (a typo) ranks by its distance; a word that is the start
    // of a candidate, or that starts with one ("multiple" for "multi"),
    // ranks after every near miss.
    const std::string w = ascii_lower(word);
    std::string best;
    std::size_t best_rank = 0;
    for (std::string_view candidate : candidates) {
        const std::size_t limit = candidate.size() <= 3 ? 1 : 2;
        const std::string c = ascii_lower(candidate);
        const std::size_t d = edit_distance(w, c);
        std::size_t rank = d;
        if (d > limit) {
            const bool prefix = std::min(w.size(), c.size()) >= 3 &&
                                (w.starts_with(c) || c.starts_with(w));
            if (!prefix) continue;
            rank = 3;
        }
        if (best.empty() || rank < best_rank) {
            best = candidate;
            best_rank = rank;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
    const std::string best = suggest(word, candidates);
    return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

}  // namespace handout
