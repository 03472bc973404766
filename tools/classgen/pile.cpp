// classgen: the pile and its three degradations (pile.hpp).
#include "pile.hpp"

#include <opencv2/imgproc.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "synth/students.hpp"
#include "students.hpp"

namespace classgen {

namespace fs = std::filesystem;
using namespace handout::scan;
using synth::Defects;

namespace {

constexpr std::size_t blank_back = static_cast<std::size_t>(-1);

/// One page of the pile: a printed page (index into ClassSet::pages) or the blank back.
struct PilePage {
    std::size_t printed = blank_back;
    bool upside_down = false;
};

/// The answer pages handed in, shuffled, with the pile's odd pages; `missing` gets the page left out.
std::vector<PilePage> order_pile(const ClassSet& set, Rng& rng, std::size_t& missing) {
    std::vector<std::size_t> handed;
    const bool answer_sheets = std::any_of(set.pages.begin(), set.pages.end(), [](const PrintedPage& p) {
        return !p.page_id.empty() && p.page_id[0] == 'A';
    });
    for (std::size_t i = 0; i < set.pages.size(); ++i)
        if (set.pages[i].geometry && (!answer_sheets || set.pages[i].page_id[0] == 'A')) handed.push_back(i);
    if (handed.size() < 3) throw std::runtime_error("the class set has fewer than 3 answer pages");
    const std::size_t gone = static_cast<std::size_t>(rng.below(static_cast<int>(handed.size())));
    missing = handed[gone];
    handed.erase(handed.begin() + static_cast<std::ptrdiff_t>(gone));
    for (std::size_t i = handed.size() - 1; i > 0; --i)  // Fisher–Yates, from our own generator
        std::swap(handed[i], handed[static_cast<std::size_t>(rng.below(static_cast<int>(i + 1)))]);
    std::vector<PilePage> pile;
    pile.reserve(handed.size() + 1);
    for (std::size_t i : handed) pile.push_back({i, false});
    pile.insert(pile.begin() + 1 + rng.below(static_cast<int>(pile.size())), PilePage{});
    std::size_t turned = static_cast<std::size_t>(rng.below(static_cast<int>(pile.size())));
    if (pile[turned].printed == blank_back) turned = (turned + 1) % pile.size();
    pile[turned].upside_down = true;
    return pile;
}

Raster resample(const Raster& page, double dpi) {
    if (std::abs(page.dpi - dpi) < 0.5) return page;
    const cv::Mat in(page.height, page.width, CV_8UC1, const_cast<std::uint8_t*>(page.pixels.data()));
    cv::Mat out;
    cv::resize(in, out, cv::Size(), dpi / page.dpi, dpi / page.dpi, cv::INTER_AREA);
    Raster r{out.cols, out.rows, dpi, {}};
    r.pixels.assign(out.data, out.data + out.total());
    return r;
}

/// An office copier's defects (gray, or 1-bit for the black-and-white one).
Defects copier_defects(bool upside_down, bool one_bit, Rng& rng) {
    Defects d;
    d.quarter_turns = upside_down ? 2 : 0;
    d.skew = std::clamp(rng.normal(0, 0.8), -2.5, 2.5);
    d.scale = rng.uniform(0.97, 1.02);
    d.blur = rng.uniform(0.02, 0.08);
    d.noise = rng.uniform(2, 5);
    d.photocopies = !one_bit && rng.chance(0.15) ? 1 : 0;
    d.one_bit = one_bit;
    return d;
}

/// The back of a sheet printed on one side: paper, a few specks.
Raster blank_page(const Raster& like, Rng& rng) {
    Raster r{like.width, like.height, like.dpi, std::vector<std::uint8_t>(like.pixels.size(), 252)};
    for (int i = 0; i < 40; ++i)
        r.pixels[static_cast<std::size_t>(rng.below(static_cast<int>(r.pixels.size())))] = 120;
    return r;
}

void write_truth(const ClassSet& set, const std::vector<Truth>& truth, const std::vector<Habit>& habits,
                 const std::string& path) {
    std::ofstream out(path);
    out << "sheet,name,page_style,habit,page,question,printed,marked,mark_style,ambiguous\n";
    for (const Truth& t : truth) {
        const Sheet& s = set.sheets[t.sheet];
        out << s.variant.code << ",\"" << s.student.name << "\"," << (s.style.empty() ? "class" : s.style)
            << ',' << to_string(habits[t.sheet]) << ',' << t.page << ',' << t.question << ',' << t.printed
            << ',' << t.marked << ',' << to_string(t.style) << ',' << (t.ambiguous ? 1 : 0) << '\n';
    }
    if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

void write_pile_list(const ClassSet& set, const std::vector<PilePage>& pile, std::size_t missing,
                     const std::string& path) {
    std::ofstream out(path);
    out << "position,sheet,page,event\n";
    for (std::size_t i = 0; i < pile.size(); ++i) {
        if (pile[i].printed == blank_back) {
            out << i + 1 << ",,,blank back\n";
            continue;
        }
        const PrintedPage& p = set.pages[pile[i].printed];
        out << i + 1 << ',' << set.sheets[p.sheet].variant.code << ',' << p.page_id << ','
            << (pile[i].upside_down ? "upside down" : "") << '\n';
    }
    const PrintedPage& m = set.pages[missing];
    out << "," << set.sheets[m.sheet].variant.code << ',' << m.page_id << ",missing\n";
    if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace

namespace {

/// The class set's pages rendered, the handed-in ones marked (`truth`
/// gets what was meant); `masters` holds them by printed page.
std::vector<Raster> render_and_mark(const ClassSet& set, const PileOptions& o,
                                    const std::vector<bool>& handed, std::vector<Truth>& truth,
                                    std::vector<Habit>& habits) {
    Rng class_rng(o.seed * 1000003);
    habits = draw_habits(set.sheets.size(), o.pens_only, class_rng);
    std::vector<double> ability;
    for (std::size_t s = 0; s < set.sheets.size(); ++s) ability.push_back(class_rng.uniform(0.45, 0.95));
    std::vector<Raster> masters(set.pages.size());
    std::size_t k = 0;
    std::string error;
    ReadOptions read;
    read.pdf_dpi = o.master_dpi;
    scan_pages(
        o.class_pdf,
        [&](ScanPage&& page) {
            const std::size_t i = k++;
            if (!error.empty() || i >= set.pages.size() || !handed[i]) return;
            if (!page.ok()) {
                error = o.class_pdf + " page " + std::to_string(i + 1) + ": " + page.error;
                return;
            }
            const PrintedPage& p = set.pages[i];
            const Identification id = identify_page(page.raster);
            const std::string& code = set.sheets[p.sheet].variant.code;
            if (!id.ok() || id.code.sheet != code || id.code.page != p.page_id) {
                error = o.class_pdf + " page " + std::to_string(i + 1) + " is not page " + p.page_id +
                        " of sheet " + code + " (" + (id.ok() ? id.code.text : id.reason) +
                        "): was it printed with other options or another roster?";
                return;
            }
            Rng rng(o.seed * 7919 + i);
            mark_page(page.raster, set, p, habits[p.sheet], ability[p.sheet], rng, truth);
            masters[i] = std::move(page.raster);
        },
        read);
    if (error.empty() && k != set.pages.size())
        error = o.class_pdf + " has " + std::to_string(k) + " pages; the class set laid out again has " +
                std::to_string(set.pages.size()) + " (printed with other options or another roster?)";
    if (!error.empty()) throw std::runtime_error(error);
    return masters;
}

/// The pile through one copier: every page resampled to the copier's dpi and degraded.
std::vector<Raster> copy_pile(const std::vector<PilePage>& pile, const std::vector<Raster>& masters,
                              const Raster& blank, const PileOptions& o, bool one_bit) {
    std::vector<Raster> out;
    for (std::size_t i = 0; i < pile.size(); ++i) {
        Rng rng(o.seed * 31 + i * 2 + (one_bit ? 1 : 0));
        const Raster& page = pile[i].printed == blank_back ? blank : masters[pile[i].printed];
        out.push_back(
            synth::degrade(resample(page, o.dpi), copier_defects(pile[i].upside_down, one_bit, rng), rng));
    }
    return out;
}

/// The pile photographed on a desk, one JPEG a page (phone/IMG_0001.jpg, …).
void photograph_pile(const std::vector<PilePage>& pile, const std::vector<Raster>& masters,
                     const Raster& blank, const PileOptions& o) {
    const fs::path dir = fs::path(o.out_dir) / "phone";
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (std::size_t i = 0; i < pile.size(); ++i) {
        Rng rng(o.seed * 37 + i);
        synth::Photo photo = synth::sample_photo(rng, 0.08);
        if (photo.shadow == 0) photo.shadow = rng.uniform(0.2, 0.45);  // every photo here has one
        photo.quarter_turns = pile[i].upside_down ? 2 : 0;
        const Raster& page = pile[i].printed == blank_back ? blank : masters[pile[i].printed];
        char name[32];
        std::snprintf(name, sizeof name, "IMG_%04zu.jpg", i + 1);
        synth::write_image((dir / name).string(), synth::photograph(page, photo, rng), false, 95);
    }
}

void write_previews(const std::vector<PilePage>& pile, const std::vector<Raster>& masters,
                    const PileOptions& o) {
    const fs::path dir = fs::path(o.out_dir) / "preview";
    fs::create_directories(dir);
    int written = 0;
    for (std::size_t i = 0; i < pile.size() && written < o.previews; ++i) {
        if (pile[i].printed == blank_back) continue;
        char name[32];
        std::snprintf(name, sizeof name, "page-%02d.png", ++written);
        synth::write_image((dir / name).string(), resample(masters[pile[i].printed], 100));
    }
}

}  // namespace

void make_pile(const ClassSet& set, const PileOptions& o) {
    fs::create_directories(o.out_dir);
    const fs::path dir(o.out_dir);
    Rng rng(o.seed);
    std::size_t missing = 0;
    const std::vector<PilePage> pile = order_pile(set, rng, missing);
    std::vector<bool> handed(set.pages.size(), false);
    for (const PilePage& p : pile)
        if (p.printed != blank_back) handed[p.printed] = true;
    handed[missing] = true;  // marked, then lost on the way to the scanner

    std::vector<Truth> truth;
    std::vector<Habit> habits;
    const std::vector<Raster> masters = render_and_mark(set, o, handed, truth, habits);
    write_truth(set, truth, habits, (dir / "truth.csv").string());
    write_pile_list(set, pile, missing, (dir / "pile.csv").string());
    if (o.previews > 0) write_previews(pile, masters, o);

    const Raster blank =
        blank_page(masters[pile.front().printed == blank_back ? pile[1].printed : pile.front().printed], rng);
    synth::write_pdf((dir / "copier.pdf").string(), copy_pile(pile, masters, blank, o, false), 80);
    synth::write_pdf((dir / "bw.pdf").string(), copy_pile(pile, masters, blank, o, true));
    if (o.phone) photograph_pile(pile, masters, blank, o);
}

}  // namespace classgen
