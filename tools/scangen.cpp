// scangen: writes synthetic scans of sample answer sheets with known truth.
//
//   build/scangen OUT.pdf|OUT.tif|OUT.png [--pages N] [--seed S] [--dpi D] [--hard SHARE]
//                 [--jpeg Q] [--one-bit] [--photocopies N] [--skew DEG] [--turns Q] [--scale F]
//                 [--random-defects] [--truth truth.csv]
//
// Each page is the sample geometry (synth::sample_geometry) with page code
// "HO1 W1-SYNTH<seed>-S<page> 1", marked by a synthetic student; the truth CSV
// lists page,target,kind,question,value,mark,expected,hard for every target.

#include "scan/synth/students.hpp"

#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>

using namespace handout::scan;
using namespace handout::scan::synth;

int main(int argc, char** argv) {
    CLI::App app{"Synthetic scans of handout answer sheets with known truth"};
    std::string out, truth_path;
    int pages = 4, jpeg = 0, photocopies = 0, turns = 0;
    std::uint64_t seed = 1;
    double dpi = 300, hard = 0.05, skew = 0, scale = 1;
    bool one_bit = false, random_defects = false;
    app.add_option("output", out, "the scan to write (.pdf, .tif or .png; .png writes page 1 only)")->required();
    app.add_option("--pages", pages, "pages");
    app.add_option("--seed", seed, "seed of marks and defects");
    app.add_option("--dpi", dpi, "resolution");
    app.add_option("--hard", hard, "share of answer groups with a hard mark (light, partial, tick, cross, stray)");
    app.add_option("--jpeg", jpeg, "JPEG quality of the round trip (0: none)");
    app.add_flag("--one-bit", one_bit, "threshold to black and white");
    app.add_option("--photocopies", photocopies, "photocopy passes");
    app.add_option("--skew", skew, "skew in degrees");
    app.add_option("--turns", turns, "quarter turns counter-clockwise");
    app.add_option("--scale", scale, "print scale");
    app.add_flag("--random-defects", random_defects, "draw defects at random per page instead");
    app.add_option("--truth", truth_path, "write the truth as CSV here");
    CLI11_PARSE(app, argc, argv);

    std::vector<Raster> scans;
    std::ofstream truth;
    if (!truth_path.empty()) {
        truth.open(truth_path);
        truth << "page,target,kind,question,value,mark,expected,hard\n";
    }
    static const char* names[] = {"none", "fill", "light", "partial", "tick", "cross", "cancel", "stray"};
    for (int p = 1; p <= pages; ++p) {
        Rng rng(seed * 100003 + static_cast<std::uint64_t>(p));
        const PageGeometry g = sample_geometry(p % 2 ? Paper::a4 : Paper::letter);
        Raster page = draw_page(g, page_code_text("W1-SYNTH" + std::to_string(seed) + "-S" + std::to_string(p), "1"), dpi);
        const auto marks = sample_marks(g, hard, rng);
        for (std::size_t i = 0; i < marks.size(); ++i) {
            paint_mark(page, g.targets[i], marks[i], g.height, rng);
            if (truth) {
                const Truth t = truth_of(marks[i]);
                truth << p << ',' << i << ',' << to_string(g.targets[i].kind) << ',' << g.targets[i].question << ','
                      << g.targets[i].value << ',' << names[static_cast<int>(marks[i])] << ',' << to_string(t.expected)
                      << ',' << (t.hard ? 1 : 0) << '\n';
            }
        }
        Defects d;
        if (random_defects) {
            d = sample_defects(rng);
        } else {
            d.quarter_turns = turns;
            d.skew = skew;
            d.scale = scale;
            d.photocopies = photocopies;
            d.one_bit = one_bit;
            d.jpeg_quality = jpeg;
        }
        scans.push_back(degrade(page, d, rng));
    }
    try {
        const std::string ext = out.size() > 4 ? out.substr(out.size() - 4) : out;
        if (ext == ".pdf") {
            write_pdf(out, scans, jpeg > 0 ? jpeg : 85);
        } else if (ext == ".tif" || ext == "tiff") {
            write_tiff(out, scans);
        } else {
            write_image(out, scans.front(), one_bit, jpeg > 0 ? jpeg : 90);
        }
    } catch (const std::exception& e) {
        std::cerr << "scangen: " << e.what() << '\n';
        return 3;
    }
    return 0;
}
