// Mark judging: ink hugging a target's outline. A loop drawn tight round a
// tick box (the student circles the box, not its letter) lies on the
// printed square: just outside its sides, across its corners. Neither the
// stroke rings (1.12–1.5 of the outline) nor the ring round it (1.32–1.95)
// see all of it, and compared pixel by pixel with the label's blank look
// (judge_unexplained.cpp) it hides in the allowance for registration error.
// What it changes is how much darkness lies along the outline: in the band
// hug_from–hug_to, direction by direction, a printed outline holds about
// the same darkness on every target of a kind and size wherever
// registration puts it, and a loop on it adds a pen's width more.

#include "scan/groups.hpp"
#include "scan/judge.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <utility>

namespace handout::scan::detail {

namespace {

constexpr int directions = 32;  ///< angular bins, as judge.cpp counts them (bin 0 at −π, y down)
/// The band along the outline, in half-sizes: from inside the corners a
/// loop cuts across to past the printed line, registration error included.
constexpr double hug_from = 0.75, hug_to = 1.3;
/// A direction holds ink along the outline when its darkness there is over
/// the kind's usual (the median of the page's targets of its kind and size)
/// by this share of it, and by at least min_extra pixels of full darkness.
constexpr double swell = 0.35, min_extra = 2.0;
/// A target with nothing inside: its fill within this of the lightest of
/// its kind and size on the page.
constexpr double clean_fill = 0.1;

using Profile = std::array<double, directions>;

/// The darkness of a patch in each direction of the band along its outline.
Profile profile(const MeasuredPatch& p, bool round) {
    Profile out{};
    const int size = p.darkness.cols;
    const double half = (size - 1) / 2.0;
    for (int v = 0; v < size; ++v) {
        const auto* row = p.darkness.ptr<float>(v);
        for (int u = 0; u < size; ++u) {
            const double x = (u - half) / p.radius, y = (v - half) / p.radius;
            const double r = round ? std::hypot(x, y) : std::max(std::abs(x), std::abs(y));
            if (r < hug_from || r > hug_to) {
                continue;
            }
            const auto bin = static_cast<std::size_t>((std::atan2(y, x) + M_PI) / (2 * M_PI) * directions);
            out[std::min<std::size_t>(bin, directions - 1)] += row[u];
        }
    }
    return out;
}

/// The median profile of `members`, direction by direction.
Profile median(const std::vector<Profile>& profiles, const std::vector<std::size_t>& members) {
    Profile out{};
    std::vector<double> values(members.size());
    for (std::size_t b = 0; b < directions; ++b) {
        for (std::size_t k = 0; k < members.size(); ++k) {
            values[k] = profiles[members[k]][b];
        }
        const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
        std::nth_element(values.begin(), mid, values.end());
        out[b] = *mid;
    }
    return out;
}

/// Sets Raw::hug_extra of the targets of one answer group (of one size):
/// against the median of those with nothing inside (their fill within
/// clean_fill of the lightest), at least 3 of them. The group's own
/// targets, side by side on the page: the same blur and light in a photo,
/// where the page's other targets, further off, can differ (a blurred
/// outline holds more darkness than a sharp one that saturates).
void measure_extra(const std::vector<Profile>& profiles, const std::vector<std::size_t>& members,
                   std::vector<Raw>& raws) {
    double lightest = 1;
    for (std::size_t i : members) {
        lightest = std::min(lightest, raws[i].fill);
    }
    std::vector<std::size_t> clean;
    for (std::size_t i : members) {
        if (raws[i].fill <= lightest + clean_fill) {
            clean.push_back(i);
        }
    }
    if (clean.size() < 3) {
        return;  // no blank look to compare with
    }
    const Profile blank = median(profiles, clean);
    double all_round = 0;
    for (const double u : blank) {
        all_round += u;
    }
    if (all_round <= 0) {
        return;
    }
    for (std::size_t i : members) {
        for (std::size_t b = 0; b < directions; ++b) {
            raws[i].hug_extra[b] = static_cast<float>((profiles[i][b] - blank[b]) / all_round);
        }
    }
}

}  // namespace

void measure_hug(const PageGeometry& geometry, const std::vector<MeasuredPatch>& patches,
                 std::vector<Raw>& raws) {
    std::map<std::pair<TargetKind, int>, std::vector<std::size_t>> by_kind;
    std::map<std::tuple<TargetKind, int, int, std::string>, std::vector<std::size_t>> by_group;
    std::vector<Profile> profiles(patches.size());
    for (std::size_t i = 0; i < patches.size(); ++i) {
        if (patches[i].darkness.empty()) {
            continue;
        }
        const Target& t = geometry.targets[i];
        profiles[i] = profile(patches[i], t.kind != TargetKind::tick_box);
        by_kind[{t.kind, patches[i].darkness.cols}].push_back(i);
        by_group[{t.kind, patches[i].darkness.cols, t.question, group_of(t.value)}].push_back(i);
    }
    for (const auto& [key, members] : by_kind) {
        if (members.size() < 3) {
            continue;  // no usual look to compare with
        }
        const Profile usual = median(profiles, members);
        for (std::size_t i : members) {
            std::uint32_t bins = 0;
            for (std::size_t b = 0; b < directions; ++b) {
                const double extra = profiles[i][b] - usual[b];
                bins |= extra >= std::max(min_extra, swell * usual[b]) ? std::uint32_t{1} << b : 0U;
            }
            raws[i].hug_bins = bins;
        }
    }
    for (const auto& [key, members] : by_group) {
        measure_extra(profiles, members, raws);
    }
}

}  // namespace handout::scan::detail
