// Mark judging, the comparing step: ink in a target that its printed look
// does not explain. Every target of a page with the same kind, printed label
// and patch size looks the same when blank, so their lower quartile of
// darkness, pixel by pixel, is that label's blank look (a mark is seldom in
// the same place on most of them). Widened a little for registration error,
// whatever a target holds darker than that is a mark, however thin or light:
// a small cross, a thin tick at 150 dpi, a slash through a teacher's score.
// A label printed once on the page (a tick box's "A") takes its letter from
// the same letter in targets of another kind and its outline from its own
// kind; a label found nowhere else is compared between letter and outline.

#include "scan/judge.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

namespace handout::scan::detail {

namespace {

constexpr double darker_by = 0.30;      ///< darker than the blank look by this much: a marked pixel
constexpr double outline_reach = 1.0;   ///< the inside and the outline, in half-sizes
constexpr double letter_reach = 0.6;    ///< a label compared with its kind's outline alone: from here out
constexpr double alignment = 0.08;      ///< blank look widened by this share of the half-size (at least 1 px)
constexpr std::size_t look_sample = 9;  ///< targets a blank look is taken from, at most

std::string label_of(const Target& t) {
    const auto colon = t.value.find(':');
    return colon == std::string::npos ? t.value : t.value.substr(colon + 1);
}

/// The blank look of `members`' patches: pixel by pixel, their lower
/// quartile of darkness (the lightest of two or three), so a mark on a few
/// and a letter printed a fraction of a pixel off on some leave it; widened
/// by `reach` pixels.
cv::Mat blank_look(const std::vector<MeasuredPatch>& patches, const std::vector<std::size_t>& all,
                   int reach) {
    // At most look_sample of them, spread over the page's order: as good a
    // quartile, and a page of a hundred bubbles costs no more than a few.
    std::vector<std::size_t> members;
    const std::size_t step = (all.size() + look_sample - 1) / look_sample;
    for (std::size_t k = 0; k < all.size(); k += std::max<std::size_t>(1, step)) {
        members.push_back(all[k]);
    }
    cv::Mat look = patches[members.front()].darkness.clone();
    const std::size_t rank = members.size() / 4;
    std::vector<float> values(members.size());
    for (int v = 0; v < look.rows; ++v) {
        auto* out = look.ptr<float>(v);
        for (int u = 0; u < look.cols; ++u) {
            for (std::size_t k = 0; k < members.size(); ++k) {
                values[k] = patches[members[k]].darkness.ptr<float>(v)[u];
            }
            std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank),
                             values.end());
            out[u] = values[rank];
        }
    }
    const int side = 2 * reach + 1;
    cv::dilate(look, look, cv::getStructuringElement(cv::MORPH_RECT, cv::Size(side, side)));
    return look;
}

/// Share of the pixels from `from` to outline_reach half-sizes out that are
/// darker than `look` by darker_by.
double darker_share(const MeasuredPatch& p, const cv::Mat& look, double from, bool round) {
    const int size = p.darkness.cols;
    const double half = (size - 1) / 2.0;
    int counted = 0, marked = 0;
    for (int v = 0; v < size; ++v) {
        const auto* mine = p.darkness.ptr<float>(v);
        const auto* blank = look.ptr<float>(v);
        for (int u = 0; u < size; ++u) {
            const double x = (u - half) / p.radius, y = (v - half) / p.radius;
            const double r = round ? std::hypot(x, y) : std::max(std::abs(x), std::abs(y));
            if (r < from || r > outline_reach) {
                continue;
            }
            ++counted;
            marked += mine[u] - blank[u] >= darker_by ? 1 : 0;
        }
    }
    return counted > 0 ? static_cast<double>(marked) / counted : 0;
}

using LabelKey = std::tuple<TargetKind, int, std::string>;

/// The blank look of `key`'s label as printed at least twice in targets of
/// another kind, its letter only (within letter_reach), centred in a patch
/// of `key`'s size; empty when there is none. Letters are printed the same
/// size whatever the outline, and patches are at the scan's resolution.
cv::Mat borrowed_letter(const std::vector<MeasuredPatch>& patches,
                        const std::map<LabelKey, std::vector<std::size_t>>& by_label, const LabelKey& key,
                        int reach) {
    const auto& [kind, size, label] = key;
    for (const auto& [other, members] : by_label) {
        if (std::get<0>(other) == kind || std::get<2>(other) != label || members.size() < 2) {
            continue;
        }
        const cv::Mat look = blank_look(patches, members, reach);
        const double radius = patches[members.front()].radius;
        const int from = look.cols;
        cv::Mat out = cv::Mat::zeros(size, size, CV_32F);
        const int shift = (size - from) / 2;  // the two centres on one pixel (both sizes are odd)
        for (int v = 0; v < size; ++v) {
            for (int u = 0; u < size; ++u) {
                const int su = u - shift, sv = v - shift;
                const double half = (from - 1) / 2.0;
                if (su < 0 || sv < 0 || su >= from || sv >= from ||
                    std::hypot(su - half, sv - half) > letter_reach * radius) {
                    continue;
                }
                out.at<float>(v, u) = look.at<float>(sv, su);
            }
        }
        return out;
    }
    return {};
}

}  // namespace

void measure_unexplained(const PageGeometry& geometry, const std::vector<MeasuredPatch>& patches,
                         bool one_bit, std::vector<Raw>& raws) {
    std::map<LabelKey, std::vector<std::size_t>> by_label;
    std::map<std::pair<TargetKind, int>, std::vector<std::size_t>> by_kind;
    for (std::size_t i = 0; i < patches.size(); ++i) {
        if (patches[i].darkness.empty()) {
            continue;
        }
        const Target& t = geometry.targets[i];
        by_label[{t.kind, patches[i].darkness.cols, label_of(t)}].push_back(i);
        by_kind[{t.kind, patches[i].darkness.cols}].push_back(i);
    }
    std::map<std::pair<TargetKind, int>, cv::Mat> kind_look;
    const auto outline_look = [&](TargetKind kind, int size, int reach) -> const cv::Mat* {
        const auto& kin = by_kind[{kind, size}];
        if (kin.size() < 2) {
            return nullptr;  // nothing to compare with
        }
        auto [it, added] = kind_look.try_emplace({kind, size});
        if (added) {
            it->second = blank_look(patches, kin, reach);
        }
        return &it->second;
    };
    for (const auto& [key, members] : by_label) {
        const auto& [kind, size, label] = key;
        const double radius = patches[members.front()].radius;
        const int reach = std::max(1, static_cast<int>(std::lround(alignment * radius))) + (one_bit ? 1 : 0);
        const bool round = kind != TargetKind::tick_box;
        if (members.size() >= 2) {
            const cv::Mat look = blank_look(patches, members, reach);
            for (std::size_t i : members) {
                raws[i].unexplained = darker_share(patches[i], look, 0, round);
            }
            continue;
        }
        const cv::Mat* outline = outline_look(kind, size, reach);
        if (outline == nullptr) {
            continue;
        }
        const MeasuredPatch& mine = patches[members.front()];
        // The same letter printed at least twice in targets of another kind
        // (a tick box's "A" beside the bubbles' "A"s) gives the letter.
        const cv::Mat letter = borrowed_letter(patches, by_label, key, reach);
        if (letter.empty()) {
            raws[members.front()].unexplained = darker_share(mine, *outline, letter_reach, round);
            continue;
        }
        cv::Mat look;
        cv::max(*outline, letter, look);
        raws[members.front()].unexplained = darker_share(mine, look, 0, round);
    }
}

}  // namespace handout::scan::detail
