// libFuzzer target: the scan engine's registration and judging on the pages
// of a mixed-style class (issue 27). The answer sheets of one worksheet laid
// out in five page styles are drawn once as clean scans (synth::draw_page,
// 60 dpi); each input picks a page, the geometry it is read against (often
// another style's: a large-print page read as classic, the case that
// crashed `mark`), moves the QR symbol's corners and paints blocks of any
// gray over the page, then identify_page, read_page, summarize and crop run
// on it. Nothing may crash, hang or read out of bounds, whatever the page.
//
// Input bytes: [page] [geometry] [8 × QR corner offset] then blocks of
// [x hi, x lo, y hi, y lo, size, gray].
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/scan.hpp"
#include "handout/variant.hpp"
#include "synth/synth.hpp"

#ifndef HANDOUT_SOURCE_DIR
#error "HANDOUT_SOURCE_DIR must be defined by the build"
#endif

namespace {

using namespace handout;

constexpr double dpi = 60;

struct ScanFixture {
    scan::PageGeometry geometry;
    scan::Raster clean;
};

/// Every answer-sheet page of forces-and-motion (every question type, a
/// digit grid, teacher boxes) at seed 3 in five page styles.
std::vector<ScanFixture> make_pages() {
    const std::string dir = HANDOUT_SOURCE_DIR;
    std::ifstream in(dir + "/worksheets/forces-and-motion.yaml");
    std::stringstream text;
    text << in.rdbuf();
    Diagnostics diags;
    const auto ws = parse_worksheet(text.str(), dir + "/worksheets/forces-and-motion.yaml", diags);
    std::vector<ScanFixture> pages;
    if (!ws) {
        std::fprintf(stderr, "%s", diags.format().c_str());
        return pages;
    }
    for (const char* name : {"classic", "large-print", "modified-large-print", "dyslexia", "compact"}) {
        const auto style = load_style(dir + "/templates", name, diags);
        if (!style) continue;
        const FontSet fonts = FontSet::load(dir + "/fonts", *style);
        LayoutOptions o;
        o.key = KeyMode::off;
        o.answer_sheet = true;
        Document doc;
        layout_variant(make_variant(*ws, 3), *style, fonts, o, doc);
        for (std::size_t i = 0; i < doc.pages.size(); ++i) {
            const auto code = page_code_of(doc.pages[i]);
            auto geometry = page_geometry(doc, i);
            if (!code || !geometry) continue;
            scan::Raster clean = scan::synth::draw_page(*geometry, code->code.text, dpi);
            pages.push_back({std::move(*geometry), std::move(clean)});
        }
    }
    return pages;
}

const std::vector<ScanFixture>& pages() {
    static const std::vector<ScanFixture> all = make_pages();
    return all;
}

/// Paints the input's blocks of gray over `r`.
void paint(scan::Raster& r, const std::uint8_t* data, std::size_t size) {
    for (std::size_t k = 0; k + 6 <= size; k += 6) {
        const int x = ((data[k] << 8) | data[k + 1]) % r.width, y = ((data[k + 2] << 8) | data[k + 3]) % r.height;
        const int side = 1 + data[k + 4] % 40;
        for (int v = y; v < std::min(r.height, y + side); ++v)
            for (int u = x; u < std::min(r.width, x + side); ++u)
                r.pixels[static_cast<std::size_t>(v) * static_cast<std::size_t>(r.width) + static_cast<std::size_t>(u)] =
                    data[k + 5];
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& all = pages();
    if (all.empty()) {
        std::fprintf(stderr, "fuzz_scan: no answer-sheet page could be laid out from forces-and-motion.yaml\n");
        std::abort();  // a fixture that cannot load must not pass as fuzzing
    }
    if (size < 10) return 0;
    const ScanFixture& page = all[data[0] % all.size()];
    const scan::PageGeometry& geometry = all[data[1] % all.size()].geometry;
    scan::Raster raster = page.clean;
    paint(raster, data + 10, size - 10);

    scan::Identification id = scan::identify_page(raster);
    if (!id.ok()) {
        // Where the QR symbol would be at this resolution, as if found.
        const double k = dpi / 72;
        const scan::Rect& q = page.geometry.qr;
        const double top = page.geometry.height - q.y - q.h;
        id.reason.clear();
        id.code = {"HO1 W2-FUZZ-FUZZFUZZF-3 A1", 1, "W2-FUZZ-FUZZFUZZF-3", "A1", "", ""};
        id.qr = {scan::Point{q.x * k, top * k}, scan::Point{(q.x + q.w) * k, top * k},
                 scan::Point{(q.x + q.w) * k, (top + q.h) * k}, scan::Point{q.x * k, (top + q.h) * k}};
    }
    for (std::size_t i = 0; i < 4; ++i) {
        id.qr[i].x += static_cast<std::int8_t>(data[2 + 2 * i]) / 4.0;
        id.qr[i].y += static_cast<std::int8_t>(data[3 + 2 * i]) / 4.0;
    }
    const scan::PageReading reading = scan::read_page(raster, id, geometry);
    if (!reading.ok()) return 0;
    const auto answers = scan::summarize(geometry, reading);
    if (!geometry.targets.empty()) {
        const scan::Rect box = geometry.targets[answers.size() % geometry.targets.size()].box;
        (void)scan::crop(raster, reading, {box.x - 20, box.y - 10, box.w + 40, box.h + 20}, 80);
    }
    return 0;
}
