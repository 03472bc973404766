// scangen: synthetic scans with known truth, for the tests and the benchmark.
//
// Sample pages (the engine's own test geometry):
//   build/scangen OUT.pdf|OUT.tif|OUT.png [--pages N] [--seed S] [--dpi D] [--hard SHARE]
//                 [--jpeg Q] [--one-bit] [--photocopies N] [--skew DEG] [--turns Q] [--scale F]
//                 [--random-defects] [--truth truth.csv]
//
// A real class set printed by `handout batch` (each page with a page code is
// rendered from the PDF with poppler, its layout recomputed from the
// worksheet as `handout mark` does, marked by a synthetic student and
// degraded like a scan):
//   build/scangen OUT.pdf --class SHEETS.pdf --from WS.yaml [--template T] [--paper P] [--roster R] [--dpi D] [--hard SHARE]
//                 [--random-defects] [--upside-down K] [--duplicate K] [--unreadable K]
//                 [--insert OTHER.pdf] [--truth truth.csv]
// K counts the pages written (1-based). The truth CSV lists, for every
// target: scan_page,sheet,page,target,kind,question,value,mark,expected,hard.
//
// Phone photos instead of scans (either kind of page above): --phone, with
// [--perspective SHARE] [--light SHARE] [--shadow SHARE] [--desk SHARE]
// [--photo-size WxH] [--random-defects: photos drawn by sample_photo]. An
// output ending in "/" is a folder of one JPEG a page (page-001.jpg, …),
// as a phone's photos are handed in.

#include "synth/students.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <iostream>

#include "cli/paper_option.hpp"
#include "mark/catalog.hpp"

using namespace handout::scan;
using namespace handout::scan::synth;

namespace {

const char* mark_name(Mark m) {
    static const char* names[] = {"none", "fill", "light", "partial", "tick", "cross", "cancel", "stray"};
    return names[static_cast<int>(m)];
}

struct Args {
    std::string out, truth_path, class_pdf, insert, template_name, paper, roster;
    std::vector<std::string> from;
    int pages = 4, jpeg = 0, photocopies = 0, turns = 0, upside_down = 0, duplicate = 0, unreadable = 0;
    std::uint64_t seed = 1;
    double dpi = 300, hard = 0.05, skew = 0, scale = 1;
    bool one_bit = false, random_defects = false, phone = false;
    Photo photo;
    std::string photo_size;

    Defects defects(Rng& rng) const {
        if (random_defects) return sample_defects(rng);
        return {.quarter_turns = turns, .skew = skew, .scale = scale, .photocopies = photocopies,
                .one_bit = one_bit, .jpeg_quality = jpeg};
    }

    /// The page as scanned, or as photographed with --phone.
    Raster capture(const Raster& page, Defects d, Rng& rng) const {
        if (!phone) return degrade(page, d, rng);
        Photo p = random_defects ? sample_photo(rng, photo.perspective) : photo;
        p.width = photo.width;
        p.height = photo.height;
        p.quarter_turns = d.quarter_turns;
        p.jpeg_quality = 0;  // the file written is the phone's JPEG (see main)
        return photograph(page, p, rng);
    }
};

/// The engine's sample pages.
std::vector<Raster> sample_scans(const Args& a, std::ofstream& truth) {
    std::vector<Raster> scans;
    if (truth) truth << "page,target,kind,question,value,mark,expected,hard\n";
    for (int p = 1; p <= a.pages; ++p) {
        Rng rng(a.seed * 100003 + static_cast<std::uint64_t>(p));
        const PageGeometry g = sample_geometry(p % 2 ? Paper::a4 : Paper::letter);
        Raster page = draw_page(g, page_code_text("W1-SYNTH" + std::to_string(a.seed) + "-S" + std::to_string(p), "1"), a.dpi);
        const auto marks = sample_marks(g, a.hard, rng);
        for (std::size_t i = 0; i < marks.size(); ++i) {
            paint_mark(page, g.targets[i], marks[i], g.height, rng);
            if (truth) {
                const Truth t = truth_of(marks[i]);
                truth << p << ',' << i << ',' << to_string(g.targets[i].kind) << ',' << g.targets[i].question << ','
                      << g.targets[i].value << ',' << mark_name(marks[i]) << ',' << to_string(t.expected) << ','
                      << (t.hard ? 1 : 0) << '\n';
            }
        }
        scans.push_back(a.capture(page, a.defects(rng), rng));
    }
    return scans;
}

/// A student's number in each digit grid of a page, as a student writes it:
/// the right answer mostly, else another number, right-aligned, now and then
/// none; replaces sample_marks' random digits, which rarely read as a number.
void write_numbers(const PageGeometry& g, const handout::mark::SheetLayout& sheet, std::vector<Mark>& marks, Rng& rng) {
    std::map<int, int> columns;
    for (const auto& t : g.targets)
        if (t.kind == TargetKind::digit) columns[t.question] = std::max(columns[t.question], std::stoi(t.value));
    for (const auto& [question, n] : columns) {
        std::string text;
        const auto* vq = sheet.question(question);
        const std::string right = vq ? vq->answer().value : "";
        const double roll = rng.uniform();
        if (roll < 0.03) {
            text = "";
        } else if (roll < 0.75 && !right.empty() && right.size() <= static_cast<std::size_t>(n) &&
                   right.find_first_not_of("-.0123456789") == std::string::npos) {
            text = right;
        } else {
            text = std::to_string(rng.below(n >= 3 ? 999 : 99));
        }
        const std::size_t pad = static_cast<std::size_t>(n) - std::min(text.size(), static_cast<std::size_t>(n));
        for (std::size_t i = 0; i < g.targets.size(); ++i) {
            const Target& t = g.targets[i];
            if (t.kind != TargetKind::digit || t.question != question) continue;
            const auto colon = t.value.find(':');
            const std::size_t col = static_cast<std::size_t>(std::stoi(t.value)) - 1;
            const std::string c = t.value.substr(colon + 1);
            marks[i] = col >= pad && col - pad < text.size() && text.substr(col - pad, 1) == c ? Mark::fill : Mark::none;
        }
    }
}

/// A printed class set, marked and scanned.
std::vector<Raster> class_scans(const Args& a, std::ofstream& truth) {
    std::vector<handout::Student> roster;
    if (!a.roster.empty()) {
        handout::Diagnostics diags;
        auto students = handout::load_roster(a.roster, diags);
        if (!students) throw std::runtime_error(diags.format());
        roster = std::move(*students);
    }
    handout::mark::Catalog catalog(a.from, a.template_name, handout::cli::parse_paper(a.paper), roster);
    if (truth) truth << "scan_page,sheet,page,target,kind,question,value,mark,expected,hard\n";
    std::vector<Raster> marked;      // marked, not yet degraded
    std::vector<std::uint64_t> seeds;
    std::size_t pdf_page = 0;
    ReadOptions read;
    read.pdf_dpi = a.dpi;
    scan_pages(a.class_pdf, [&](ScanPage&& page) {
        ++pdf_page;
        if (!page.ok()) throw std::runtime_error(page.source + " page " + std::to_string(pdf_page) + ": " + page.error);
        const Identification id = identify_page(page.raster);
        if (!id.ok()) return;  // a key or a question page of an answer-sheet set: not handed in
        const auto found = catalog.find(id.code, catalog.styles(id.code).front());
        if (!found.sheet) throw std::runtime_error(found.reason);
        const PageGeometry& g = *found.sheet->page(id.code.page);
        Rng rng(a.seed * 1000003 + pdf_page);
        auto marks = sample_marks(g, a.hard, rng);
        write_numbers(g, *found.sheet, marks, rng);
        const int scan_page = static_cast<int>(marked.size()) + 1;
        for (std::size_t i = 0; i < marks.size(); ++i) {
            paint_mark(page.raster, g.targets[i], marks[i], g.height, rng);
            if (truth) {
                const Truth t = truth_of(marks[i]);
                truth << scan_page << ',' << found.sheet->key << ',' << id.code.page << ',' << i << ','
                      << to_string(g.targets[i].kind) << ',' << g.targets[i].question << ',' << g.targets[i].value << ','
                      << mark_name(marks[i]) << ',' << to_string(t.expected) << ',' << (t.hard ? 1 : 0) << '\n';
            }
        }
        marked.push_back(std::move(page.raster));
        seeds.push_back(a.seed * 1000003 + pdf_page + 7);
    }, read);
    if (!a.insert.empty()) {  // a page from another pile, unmarked
        std::vector<ScanPage> other = read_scan(a.insert, read);
        if (!other.empty() && other.front().ok()) {
            marked.push_back(std::move(other.front().raster));
            seeds.push_back(a.seed + 99);
        }
    }
    if (a.duplicate > 0 && static_cast<std::size_t>(a.duplicate) <= marked.size()) {
        marked.push_back(marked[static_cast<std::size_t>(a.duplicate - 1)]);
        seeds.push_back(a.seed + 98);  // scanned again: other defects
    }
    std::vector<Raster> scans;
    for (std::size_t i = 0; i < marked.size(); ++i) {
        Rng rng(seeds[i]);
        Defects d = a.defects(rng);
        if (static_cast<int>(i) + 1 == a.upside_down) d.quarter_turns = 2;
        Raster page = std::move(marked[i]);
        if (static_cast<int>(i) + 1 == a.unreadable) {  // coffee over the QR code and two corners
            const int w = page.width, h = page.height;
            for (int y = h * 3 / 4; y < h; ++y)
                for (int x = w / 2; x < w; ++x) page.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)] = 90;
        }
        scans.push_back(a.capture(page, d, rng));
    }
    return scans;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Synthetic scans of handout sheets with known truth"};
    Args a;
    app.add_option("output", a.out, "the scan to write (.pdf, .tif or .png; .png writes page 1 only)")->required();
    app.add_option("--pages", a.pages, "pages (sample pages)");
    app.add_option("--seed", a.seed, "seed of marks and defects");
    app.add_option("--dpi", a.dpi, "resolution");
    app.add_option("--hard", a.hard, "share of answer groups with a hard mark (light, partial, tick, cross, stray)");
    app.add_option("--jpeg", a.jpeg, "JPEG quality of the round trip (0: none)");
    app.add_flag("--one-bit", a.one_bit, "threshold to black and white");
    app.add_option("--photocopies", a.photocopies, "photocopy passes");
    app.add_option("--skew", a.skew, "skew in degrees");
    app.add_option("--turns", a.turns, "quarter turns counter-clockwise");
    app.add_option("--scale", a.scale, "print scale");
    app.add_flag("--random-defects", a.random_defects, "draw defects at random per page instead");
    app.add_option("--truth", a.truth_path, "write the truth as CSV here");
    app.add_option("--class", a.class_pdf, "a class set PDF from `handout batch` to mark and scan");
    app.add_option("--from", a.from, "its worksheet file or folder (with --class)");
    app.add_option("--template", a.template_name, "its page style (with --class)");
    app.add_option("--paper", a.paper, "its paper, as given to batch --paper (with --class)");
    app.add_option("--roster", a.roster, "its roster, as given to batch (with --class): each student's page style");
    app.add_option("--upside-down", a.upside_down, "turn page K upside down");
    app.add_option("--duplicate", a.duplicate, "scan page K twice (the copy goes last)");
    app.add_option("--unreadable", a.unreadable, "spoil page K's QR code and lower corners");
    app.add_option("--insert", a.insert, "add the first page of this scan or PDF (another pile) before the duplicate");
    app.add_flag("--phone", a.phone, "phone photos of the pages on a desk instead of scans");
    app.add_option("--perspective", a.photo.perspective,
                   "with --phone: each corner moves up to this share of the page width");
    app.add_option("--light", a.photo.light, "with --phone: light falls off by this share across the photo");
    app.add_option("--shadow", a.photo.shadow,
                   "with --phone: a shadow darkens part of the page by this share (0: none)");
    app.add_option("--desk", a.photo.desk, "with --phone: desk around the page, share of the photo's height");
    app.add_option("--photo-size", a.photo_size, "with --phone: the photo's pixels, WxH (default 3000x4000)");
    CLI11_PARSE(app, argc, argv);
    if (!a.photo_size.empty() &&
        std::sscanf(a.photo_size.c_str(), "%dx%d", &a.photo.width, &a.photo.height) != 2) {
        std::cerr << "scangen: --photo-size takes WxH, e.g. 3000x4000\n";
        return 3;
    }

    try {
        std::ofstream truth;
        if (!a.truth_path.empty()) truth.open(a.truth_path);
        const std::vector<Raster> scans = a.class_pdf.empty() ? sample_scans(a, truth) : class_scans(a, truth);
        const std::string ext = a.out.size() > 4 ? a.out.substr(a.out.size() - 4) : a.out;
        const int quality = a.jpeg > 0 ? a.jpeg : a.phone ? a.photo.jpeg_quality : 0;
        if (a.out.back() == '/') {
            std::filesystem::create_directories(a.out);
            for (std::size_t i = 0; i < scans.size(); ++i) {
                char name[32];
                std::snprintf(name, sizeof name, "page-%03zu.jpg", i + 1);
                write_image(a.out + name, scans[i], false, quality > 0 ? quality : 90);
            }
        } else if (ext == ".pdf") {
            write_pdf(a.out, scans, quality > 0 ? quality : 85);
        } else if (ext == ".tif" || ext == "tiff") {
            write_tiff(a.out, scans);
        } else {
            write_image(a.out, scans.front(), a.one_bit, quality > 0 ? quality : 90);
        }
    } catch (const std::exception& e) {
        std::cerr << "scangen: " << e.what() << '\n';
        return 3;
    }
    return 0;
}
