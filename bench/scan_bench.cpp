// Scan reader benchmark: accuracy and speed on synthetic scans with known truth.
//
//   build/scan_bench [--pages N] [--dpi D] [--seed S] [--hard SHARE] [--format png|jpg|tif|pdf]
//                    [--phone PERSPECTIVE] [--marks classic|drawn]
//
// Draws N pages (deterministic from the seed), marks them as a class would
// (SHARE of answer groups also get one hard mark: light pencil, half fills,
// ticks, crosses, stray dots; with --marks drawn circled letters, small and
// large ticks, slashes, scribbles, erasure residue), degrades each with random
// defects in the ranges the reader must survive (any quarter turn, skew ±10°,
// scale 92–105 %, blur, noise, photocopies, 1-bit, JPEG 50–95, one corner
// covered on 10 % of pages), writes them to files, then times reading them
// back (decoding included) on one thread and compares every mark with the truth.
// --phone P photographs every page instead (sample_photo: 12 MP, each corner
// moved up to P of the page width, light falling off, shadows on most, desk,
// the phone's JPEG; no page has a covered corner); the page is drawn at D dpi.
// Prints: marks decided right, decided wrong without a flag, flagged, answer
// groups (questions, rows, digit columns) flagged, and
// pages per second per core. SCAN_BENCH_VERBOSE=1 lists every mark decided
// wrong, =2 also every flagged one, with what the judge measured.

#include "synth/students.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include <unistd.h>

using namespace handout::scan;
using namespace handout::scan::synth;

int main(int argc, char** argv) {
    int pages = 100;
    double dpi = 300;
    std::uint64_t seed = 1;
    double hard_share = 0.0;
    std::string format = "png";
    double phone = -1;
    std::string mark_set = "classic";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        if (opt == "--pages") pages = std::atoi(argv[i + 1]);
        else if (opt == "--dpi") dpi = std::atof(argv[i + 1]);
        else if (opt == "--seed") seed = std::strtoull(argv[i + 1], nullptr, 10);
        else if (opt == "--hard") hard_share = std::atof(argv[i + 1]);
        else if (opt == "--format") format = argv[i + 1];
        else if (opt == "--phone") phone = std::atof(argv[i + 1]);
        else if (opt == "--marks") mark_set = argv[i + 1];
        else { std::fprintf(stderr, "unknown option %s\n", opt.c_str()); return 2; }
    }
    // Its own folder: two benchmarks with the same seed may run at once.
    const auto dir = std::filesystem::temp_directory_path() / ("scan_bench_" + std::to_string(seed) + "_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);

    struct Page { std::string file; PageGeometry geometry; std::vector<Truth> truth; Defects defects; };
    std::vector<Page> set;
    for (int p = 0; p < pages; ++p) {
        Rng rng(seed * 100003 + static_cast<std::uint64_t>(p));
        Page page;
        page.geometry = sample_geometry(rng.chance(0.5) ? Paper::a4 : Paper::letter);
        const std::string code = page_code_text("W1-BENCH" + std::to_string(seed) + "-S" + std::to_string(p), "1");
        Raster r = draw_page(page.geometry, code, dpi);
        const auto marks = sample_marks(page.geometry, hard_share, rng,
                                        mark_set == "drawn" ? drawn_hard_marks() : classic_hard_marks());
        for (std::size_t i = 0; i < marks.size(); ++i) {
            paint_mark(r, page.geometry.targets[i], marks[i], page.geometry.height, rng);
            page.truth.push_back(truth_of(marks[i]));
        }
        if (phone < 0 && rng.chance(0.1)) {
            cover_corner(r, page.geometry, rng.below(4));
        }
        const Defects d = phone < 0 ? sample_defects(rng) : Defects{};
        page.defects = d;
        Raster scanned;
        if (phone < 0) {
            scanned = degrade(r, d, rng);
        } else {
            Photo photo = sample_photo(rng, phone);
            photo.quarter_turns = rng.below(4);
            photo.jpeg_quality = 0;  // the file written is the phone's JPEG
            scanned = photograph(r, photo, rng);
        }
        page.file = (dir / ("p" + std::to_string(p) + "." + format)).string();
        if (format == "pdf") write_pdf(page.file, {scanned}, d.jpeg_quality > 0 ? d.jpeg_quality : 85);
        else if (format == "tif") write_tiff(page.file, {scanned});
        else write_image(page.file, scanned, d.one_bit && format == "png", d.jpeg_quality > 0 ? d.jpeg_quality : 88);
        set.push_back(std::move(page));
    }

    long right = 0, wrong = 0, flagged = 0, unreadable = 0, questions = 0, flagged_questions = 0;
    double decode_s = 0, identify_s = 0, register_s = 0;
    std::map<std::string, std::array<double, 2>> fill_range;  // min, max fill per mark kind
    std::map<std::string, std::array<long, 3>> by_mark;  // right, wrong, flagged
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    for (const Page& page : set) {
        const std::clock_t t0 = std::clock();
        const auto scans = read_scan(page.file);
        const std::clock_t t1 = std::clock();
        if (scans.size() != 1 || !scans[0].ok()) { ++unreadable; continue; }
        const Identification id = identify_page(scans[0].raster);
        const std::clock_t t2 = std::clock();
        const PageReading reading = read_page(scans[0].raster, id, page.geometry);
        decode_s += static_cast<double>(t1 - t0) / CLOCKS_PER_SEC;
        identify_s += static_cast<double>(t2 - t1) / CLOCKS_PER_SEC;
        register_s += static_cast<double>(std::clock() - t2) / CLOCKS_PER_SEC;
        if (!reading.ok()) {
            ++unreadable;
            const Defects& d = page.defects;
            std::fprintf(stderr, "%s: %s (turns %d skew %.1f scale %.2f blur %.2f noise %.1f copies %d 1-bit %d jpeg %d)\n",
                         page.file.c_str(), reading.reason.c_str(), d.quarter_turns, d.skew, d.scale, d.blur, d.noise,
                         d.photocopies, d.one_bit ? 1 : 0, d.jpeg_quality);
            continue;
        }
        for (const Answer& a : summarize(page.geometry, reading)) {
            ++questions;
            flagged_questions += a.status == AnswerStatus::unclear ? 1 : 0;
        }
        for (std::size_t i = 0; i < page.truth.size(); ++i) {
            const Truth& t = page.truth[i];
            const MarkState got = reading.marks[i].state;
            const int k = got == t.expected ? 0 : got == MarkState::unclear ? 2 : 1;
            (k == 0 ? right : k == 1 ? wrong : flagged) += 1;
            by_mark[std::string(to_string(t.mark))][static_cast<std::size_t>(k)] += 1;
            auto& range = fill_range.try_emplace(std::string(to_string(t.mark)), std::array<double, 2>{1, 0}).first->second;
            range[0] = std::min(range[0], reading.marks[i].fill);
            range[1] = std::max(range[1], reading.marks[i].fill);
            const char* verbose = std::getenv("SCAN_BENCH_VERBOSE");  // 1: wrong marks, 2: flagged ones too
            if (verbose != nullptr && (k == 1 || (k == 2 && std::string(verbose) == "2"))) {
                std::fprintf(stderr, "%s target %zu (%s): expected %s got %s fill %.2f ink %.2f strokes %d ring %.2f shape %s%s\n",
                             page.file.c_str(), i, std::string(to_string(t.mark)).c_str(), std::string(to_string(t.expected)).c_str(),
                             std::string(to_string(got)).c_str(), reading.marks[i].fill, reading.marks[i].ink,
                             reading.marks[i].strokes, reading.marks[i].ring,
                             std::string(to_string(reading.marks[i].shape)).c_str(), page.defects.one_bit ? " (1-bit page)" : "");
            }
        }
    }
    const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double total = static_cast<double>(right + wrong + flagged);
    std::printf("pages %d (%s, %.0f dpi, hard share %.3f, seed %llu%s): %ld unreadable\n", pages, format.c_str(), dpi,
                hard_share, static_cast<unsigned long long>(seed),
                phone < 0 ? "" : (", phone photos, perspective up to " + std::to_string(phone)).c_str(), unreadable);
    std::printf("marks %.0f: right %.3f %%, wrong without flag %.4f %%, flagged %.3f %%\n", total,
                100 * right / total, 100 * wrong / total, 100 * flagged / total);
    std::printf("answer groups %ld: flagged %.3f %%\n", questions,
                100.0 * static_cast<double>(flagged_questions) / static_cast<double>(std::max(questions, 1L)));
    for (const auto& [name, counts] : by_mark) {
        std::printf("  %-8s right %6ld  wrong %4ld  flagged %5ld   fill %.2f–%.2f\n", name.c_str(), counts[0], counts[1],
                    counts[2], fill_range[name][0], fill_range[name][1]);
    }
    std::printf("cpu per page: decoding %.1f ms, identifying %.1f ms, registering and judging %.1f ms\n",
                1000 * decode_s / pages, 1000 * identify_s / pages, 1000 * register_s / pages);
    std::printf("speed: %.1f pages/s per core (cpu %.2f s, wall %.2f s, decoding included)\n", pages / cpu, cpu, wall);
    if (std::getenv("SCAN_BENCH_KEEP") == nullptr) std::filesystem::remove_all(dir);  // =1 keeps the files
    return 0;
}
