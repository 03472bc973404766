// Whether the printed outlines are where a registered page puts its targets
// (handout/scan.hpp): the check that a page was read with its own layout,
// and that of two maps of a photographed page the right one was taken.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "handout/scan.hpp"

namespace handout::scan {

// On up to `samples` targets spread over the page, the darkest point along
// each of `angles` rays across the outline (0.75–1.25 of its half-size),
// against the paper (the patch's bright level), averaged; a target passes
// at `enough`. A printed outline passes whether filled or not.
double outline_share(const Raster& raster, const PageReading& reading, const PageGeometry& g) {
    constexpr std::size_t samples = 32;
    constexpr int angles = 16;
    constexpr double reach = 1.5, dpi = 150, enough = 0.22;
    if (g.targets.empty()) return 1;
    const std::size_t n = std::min(samples, g.targets.size());
    std::size_t passed = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const Target& t = g.targets[k * g.targets.size() / n];
        const Point c = t.box.center();
        const double half = t.box.w / 2;
        const Raster patch =
            crop(raster, reading,
                 {c.x - reach * half, c.y - reach * half, 2 * reach * half, 2 * reach * half}, dpi);
        if (patch.empty()) continue;
        std::vector<std::uint8_t> sorted = patch.pixels;
        std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() * 9 / 10),
                         sorted.end());
        const double paper = std::max(1.0, static_cast<double>(sorted[sorted.size() * 9 / 10]));
        const double cx = (patch.width - 1) / 2.0, cy = (patch.height - 1) / 2.0,
                     r = patch.width / (2 * reach);
        const bool square = t.kind == TargetKind::tick_box;
        double sum = 0;
        for (int a = 0; a < angles; ++a) {
            const double th = 2 * M_PI * a / angles;
            const double dx = std::cos(th), dy = std::sin(th);
            // a square's outline lies further out along the diagonals
            const double stretch = square ? 1 / std::max(std::abs(dx), std::abs(dy)) : 1;
            double darkest = 0;
            for (double f = 0.75; f <= 1.25; f += 0.05) {
                const int x = static_cast<int>(std::lround(cx + dx * f * stretch * r));
                const int y = static_cast<int>(std::lround(cy + dy * f * stretch * r));
                if (x < 0 || y < 0 || x >= patch.width || y >= patch.height) continue;
                darkest = std::max(darkest, (paper - patch.at(x, y)) / paper);
            }
            sum += darkest;
        }
        passed += sum / angles >= enough;
    }
    return static_cast<double>(passed) / static_cast<double>(n);
}

bool outlines_present(const Raster& raster, const PageReading& reading, const PageGeometry& g) {
    return outline_share(raster, reading, g) >= outlines_needed;
}

}  // namespace handout::scan
