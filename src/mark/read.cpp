// Reading the scans: one thread decodes pages in scan order (poppler, image
// codecs) into a bounded queue; `jobs` threads identify, register and judge
// them. Each result goes to its page's slot, so the order never depends on
// the threads.
#include "mark/read.hpp"

#include "layout/metrics.hpp"
#include "mark/answers.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace handout::mark {

namespace {

constexpr double crop_dpi = 110;        ///< review pictures: enough to see a pencil mark
constexpr int thumbnail_pixels = 360;   ///< longer side of an unread page's picture
constexpr double crop_margin = 8;       ///< points around a question's marks
constexpr double crop_label_room =
    42;  ///< points beside them (left, or right on a mirrored page), for the printed number
/// Fewer pixels than this on a side: no page (an A4 page at 20 dpi has 165).
constexpr int smallest_page = 100;

std::string png(const scan::Raster& r) { return r.empty() ? std::string() : encode_png(r); }

/// `u` grown to hold `b`.
void grow(scan::Rect& u, const scan::Rect& b) {
    const double x1 = std::max(u.x + u.w, b.x + b.w), y1 = std::max(u.y + u.h, b.y + b.h);
    u.x = std::min(u.x, b.x);
    u.y = std::min(u.y, b.y);
    u.w = x1 - u.x;
    u.h = y1 - u.y;
}

/// How far above a digit grid's top bubbles its write-in boxes reach, for a
/// bubble of diameter `d` (as Marker::digit_grid lays them out: a box 1.5
/// diameters high, then the row gap, then the first bubble row; a diameter
/// more for the room above): the digits a student wrote there are what a
/// person reads an unclear grid by.
double write_in_room(double d) {
    namespace m = metrics;
    const double row_gap = std::max(m::digit_row_gap, d / 2 * m::bubble_clearance + 1);
    return d * m::digit_box_height + row_gap + d;
}

/// Pictures of what a person must decide: each question (0: the student
/// number) of the page whose reading is not clear-cut, with all its targets
/// and its printed number (a digit grid's with its write-in boxes).
void crop_unclear(const scan::Raster& raster, const scan::PageReading& reading, const SheetLayout& sheet,
                  const scan::PageGeometry& g, PageRead& out) {
    std::map<int, std::vector<scan::Answer>> groups;
    for (const auto& a : out.answers) groups[a.kind == scan::TargetKind::student_id ? 0 : a.question].push_back(a);
    for (const auto& [q, answers] : groups) {
        bool unclear = false;
        if (q == 0) {
            for (const auto& a : answers) unclear = unclear || a.status != scan::AnswerStatus::ok;
        } else {
            const VariantQuestion* vq = sheet.question(q);
            if (!vq) continue;
            const Reading r = read_question(*vq, answers);
            unclear = r.status != Status::ok && !(r.status == Status::blank && !marked_by_teacher(*vq->source));
        }
        if (!unclear) continue;
        std::optional<scan::Rect> area;
        double grid_bubble = 0;  // a digit grid's bubble diameter (0: no grid)
        for (const auto& a : answers) {
            for (std::size_t i : a.targets) {
                const scan::Target& t = g.targets[i];
                if (area) grow(*area, t.box);
                else area = t.box;
                if (t.kind == scan::TargetKind::digit || t.kind == scan::TargetKind::student_id)
                    grid_bubble = std::max(grid_bubble, t.box.h);
            }
        }
        scan::Rect r = *area;
        // The printed number is right of the marks on a page that reads right to left.
        const bool rtl = sheet.prepared && sheet.prepared->worksheet.right_to_left();
        r.x = std::max(0.0, r.x - crop_margin - (rtl ? 0 : crop_label_room));
        r.y -= crop_margin;
        r.w += 2 * crop_margin + crop_label_room;
        r.h += 2 * crop_margin + (grid_bubble > 0 ? write_in_room(grid_bubble) : 0);
        out.crops[q] = png(scan::crop(raster, reading, r, crop_dpi));
    }
}

}  // namespace

bool blank_page(const scan::Raster& raster) {
    // At about 50 dpi; the scanner's edges (a 4 % border) and the top and
    // bottom 9 % (a duplex back's footer, the right way up or not) aside.
    const scan::Raster small = shrink(raster, 600);
    if (small.empty()) return false;
    std::vector<std::uint8_t> sorted = small.pixels;
    const auto at = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() * 9 / 10);
    std::nth_element(sorted.begin(), at, sorted.end());
    const double paper = *at, dark = paper * 0.6;
    if (paper < 96) return false;  // not paper at all
    const int x0 = small.width * 4 / 100, x1 = small.width - x0;
    const int y0 = small.height * 9 / 100, y1 = small.height - y0;
    std::size_t inked = 0, seen = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            ++seen;
            inked += small.at(x, y) < dark ? 1 : 0;
        }
    }
    return seen > 0 && static_cast<double>(inked) < 0.0015 * static_cast<double>(seen);
}

namespace {

std::string paper_name(double short_side, double long_side) {
    const auto mm = [](double w, double h) {
        return std::to_string(std::lround(w * 25.4 / 72)) + " × " + std::to_string(std::lround(h * 25.4 / 72)) + " mm";
    };
    for (const PaperSize& p : paper_sizes)
        if (std::abs(short_side / p.width - 1) < 0.04 && std::abs(long_side / p.height - 1) < 0.04)
            return std::string(p.name) + " (" + mm(p.width, p.height) + ")";
    return mm(short_side, long_side);
}

/// Whether the page fills the picture, as in a scan (its edges as light as
/// the paper), rather than lying on a desk, as in most photos.
bool fills_picture(const scan::Raster& r) {
    std::vector<std::uint8_t> all, edge;
    const int step = std::max(1, std::min(r.width, r.height) / 200),
              in = std::max(1, std::min(r.width, r.height) / 200);
    for (int y = 0; y < r.height; y += step)
        for (int x = 0; x < r.width; x += step) all.push_back(r.at(x, y));
    for (int x = 0; x < r.width; x += step)
        edge.insert(edge.end(), {r.at(x, in), r.at(x, r.height - 1 - in)});
    for (int y = 0; y < r.height; y += step)
        edge.insert(edge.end(), {r.at(in, y), r.at(r.width - 1 - in, y)});
    const auto at = [](std::vector<std::uint8_t>& v, double q) {
        const auto k = v.begin() + static_cast<std::ptrdiff_t>(static_cast<double>(v.size() - 1) * q);
        std::nth_element(v.begin(), k, v.end());
        return static_cast<double>(*k);
    };
    return !all.empty() && !edge.empty() && at(edge, 0.5) >= 0.8 * at(all, 0.9);
}

/// The paper a scanned page measures, when that is not its layout's ("A3
/// (297 × 420 mm)", or its size in mm); nullopt when it is, or when the page
/// cannot tell. Measured between the corner marks when all four are found
/// and opposite sides measure alike within 2 % (at the scale the QR
/// symbol's printed size gives); else from the picture's size, but only
/// when the page fills the picture: a photo shows desk around the page, and
/// a page photographed at an angle measures nothing true.
std::optional<std::string> other_paper(const scan::Raster& raster, const scan::PageReading& reading,
                                       const scan::Identification& id, const scan::PageGeometry& g) {
    const double side_px = std::hypot(id.qr[1].x - id.qr[0].x, id.qr[1].y - id.qr[0].y);
    if (side_px <= 0 || g.qr.w <= 0) return std::nullopt;
    const double px_per_pt = side_px / g.qr.w;
    const auto& c = reading.corners;
    // Between the centres of two marks along a side, plus their insets.
    const auto along = [&](std::size_t a, std::size_t b) -> std::optional<double> {
        if (!c[a] || !c[b]) return std::nullopt;
        return std::hypot(c[a]->x - c[b]->x, c[a]->y - c[b]->y) / px_per_pt + 2 * scan::corner_mark_inset +
               scan::corner_mark_side;
    };
    const auto top = along(0, 1), bottom = along(3, 2), left = along(0, 3), right = along(1, 2);
    double width = 0, height = 0;
    if (top && bottom && left && right && std::abs(*top / *bottom - 1) <= 0.02 &&
        std::abs(*left / *right - 1) <= 0.02) {
        width = (*top + *bottom) / 2;
        height = (*left + *right) / 2;
        const bool same = std::abs(std::min(width, height) / std::min(g.width, g.height) - 1) < 0.04 &&
                          std::abs(std::max(width, height) / std::max(g.width, g.height) - 1) < 0.04;
        if (same) return std::nullopt;
    } else if (fills_picture(raster)) {
        width = raster.width / px_per_pt;
        height = raster.height / px_per_pt;
        if (std::abs(std::min(width, height) / std::min(g.width, g.height) - 1) < 0.15) return std::nullopt;
    } else {
        return std::nullopt;
    }
    return paper_name(std::min(width, height), std::max(width, height));
}

/// Why a page that does not fit its layout may have been printed with
/// another style: the paper it measures (other_paper), else another page style.
std::string misfit_hint(const std::optional<std::string>& paper) {
    const std::string pass = "? pass them with --template and --paper)";
    if (paper) return " (the page measures about " + *paper + ": printed on another paper or page style" + pass;
    return " (printed with another page style" + pass;
}

/// Whether two layouts of a page read it alike: the same targets, meaning
/// the same, within half a millimetre.
bool same_targets(const scan::PageGeometry& a, const scan::PageGeometry& b) {
    if (a.targets.size() != b.targets.size()) return false;
    for (std::size_t i = 0; i < a.targets.size(); ++i) {
        const scan::Target &s = a.targets[i], &t = b.targets[i];
        const scan::Point p = s.box.center(), q = t.box.center();
        if (s.kind != t.kind || s.question != t.question || s.value != t.value ||
            std::hypot(p.x - q.x, p.y - q.y) > 1.4 || std::abs(s.box.w - t.box.w) > 1.4)
            return false;
    }
    return true;
}

/// Why a page whose layout tag differs from its sheet's laid out again
/// cannot be marked.
std::string edited_since(const SheetLayout& sheet, const scan::PageCode& code, const std::string& style) {
    const Worksheet& ws = sheet.prepared->worksheet;
    return "worksheet '" + ws.id.text + "' (" + ws.file + ") was edited since sheet " + code.sheet +
           " was printed: page " + code.page + " laid out again" +
           (style.empty() ? std::string() : " in page style " + style) +
           " puts its marks elsewhere (layout " + code.layout + " printed, " +
           sheet.layout_tags.at(code.page) +
           " now: a title, subtitle, question or page style changed); marking it against the edited file "
           "could "
           "give wrong scores: pass the printed version with --from (and its page style with --template)";
}

/// A page registered on the layout of one page style, or why not.
struct Registered {
    const SheetLayout* sheet = nullptr;
    std::optional<scan::PageReading> reading;
    std::string reason;
    bool other_style = false;  ///< another page style may fit where this one did not
};

/// Registers an identified page on its sheet's layout in page style `style`.
Registered register_in(const scan::Raster& raster, const scan::Identification& id, Catalog& catalog,
                       const std::string& style, const Options& options) {
    Registered r;
    const Found found = catalog.find(id.code, style);
    if (!found.sheet) {
        r.reason = found.reason;
        r.other_style = found.other_style;
        return r;
    }
    r.sheet = found.sheet;
    const scan::PageGeometry& geometry = *found.sheet->page(id.code.page);
    scan::PageReading reading = scan::read_page(raster, id, geometry, options.thresholds);
    if (!reading.ok()) {
        // The corner marks were found but do not fit this layout, or the
        // page is not the layout's paper: most likely another page style.
        const auto paper = other_paper(raster, reading, id, geometry);
        r.other_style = reading.misfit || paper;
        r.reason = reading.reason + (r.other_style ? misfit_hint(paper) : "");
        return r;
    }
    // A page that carries its layout tag: laid out again, it must come out
    // the same, else the worksheet (or its page style or paper) changed.
    if (const auto tag = found.sheet->layout_tags.find(id.code.page);
        !id.code.layout.empty() && tag != found.sheet->layout_tags.end() && tag->second != id.code.layout) {
        r.other_style = true;
        const auto paper = other_paper(raster, reading, id, geometry);
        r.reason = paper ? "the page's marks are not where this sheet's layout puts them" + misfit_hint(paper)
                         : edited_since(*found.sheet, id.code, style);
        return r;
    }
    if (!scan::outlines_present(raster, reading, geometry)) {
        r.other_style = true;
        r.reason = "the bubbles and boxes are not where this sheet's layout puts them" +
                   misfit_hint(other_paper(raster, reading, id, geometry));
        return r;
    }
    r.reading = std::move(reading);
    return r;
}

PageRead read_one(scan::ScanPage&& page, Catalog& catalog, const Options& options) {
    PageRead out;
    out.source = page.source;
    out.index = page.index;
    if (!page.ok()) {
        out.reason = page.error;
        return out;
    }
    auto fail = [&](std::string reason) {
        out.reason = std::move(reason);
        if (options.crops) out.thumbnail = png(shrink(page.raster, thumbnail_pixels));
        return std::move(out);
    };
    if (std::min(page.raster.width, page.raster.height) < smallest_page)
        return fail("the picture is " + std::to_string(page.raster.width) + " × " +
                    std::to_string(page.raster.height) + " pixels, too small to be a page");
    const scan::Identification id = scan::identify_page(page.raster);
    if (!id.ok()) {
        // A scanned blank back, or one photographed on a desk.
        out.blank = blank_page(page.raster) || scan::nothing_printed(page.raster);
        if (out.blank) return fail("a blank page (the back of a duplex sheet?)");
        if (id.reason == "no page code (QR) found" && !fills_picture(page.raster))
            return fail(id.reason +
                        " (the picture shows a page on a desk: the whole page must be in the photo, its QR "
                        "code at the foot of the page included)");
        const bool none = id.reason.starts_with("no page code");
        return fail(id.reason + (none ? ": not a page mark reads (a question page of a class printed with "
                                        "--answer-sheet, an answer key or the marking grid?)"
                                      : ""));
    }
    out.code = id.code;
    // The page style the roster names for this student, then the class
    // set's: the first whose layout the printed page fits. Else every other
    // page style, and the one that fits, if only one does (or all that fit
    // read the page alike). A page that fits none keeps the first reason.
    const std::vector<std::string> styles = catalog.styles(id.code);
    const std::size_t likely = styles.size() > 1 && !styles[0].empty() ? 2 : 1;
    std::optional<Registered> first, chosen;
    std::vector<std::string> fitting;
    for (std::size_t i = 0; i < styles.size(); ++i) {
        Registered r = register_in(page.raster, id, catalog, styles[i], options);
        if (r.reading) {
            if (i < likely) {
                chosen = std::move(r);
                break;
            }
            if (!chosen) chosen = std::move(r);
            else if (!same_targets(*chosen->sheet->page(id.code.page), *r.sheet->page(id.code.page)))
                fitting.push_back(styles[i].empty() ? "the class set's" : styles[i]);
            continue;
        }
        const bool go_on = r.other_style;
        if (!first) first = std::move(r);
        if (!go_on) break;
    }
    if (chosen && !fitting.empty()) {
        out.sheet = chosen->sheet;
        const std::string one = chosen->sheet->style.empty() ? "the class set's" : chosen->sheet->style;
        return fail("the page fits the layouts of page styles " + one + " and " + fitting.front() +
                    ", which read it differently: pass the roster the class set was printed from (--roster), "
                    "or the page style (--template)");
    }
    if (chosen) {
        out.sheet = chosen->sheet;
        const scan::PageGeometry& geometry = *chosen->sheet->page(id.code.page);
        out.answers = scan::summarize(geometry, *chosen->reading);
        if (options.crops) crop_unclear(page.raster, *chosen->reading, *chosen->sheet, geometry, out);
        return out;
    }
    out.sheet = first->sheet;
    return fail(first->reason);
}

/// A bounded queue of decoded pages, closed by the decoding thread.
class PageQueue {
public:
    explicit PageQueue(std::size_t capacity) : capacity_(capacity) {}

    void push(std::size_t slot, scan::ScanPage&& page) {
        std::unique_lock lock(mutex_);
        space_.wait(lock, [&] { return items_.size() < capacity_ || cancelled_; });
        items_.emplace_back(slot, std::move(page));
        ready_.notify_one();
    }
    std::optional<std::pair<std::size_t, scan::ScanPage>> pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return !items_.empty() || closed_; });
        if (items_.empty()) return std::nullopt;
        auto item = std::move(items_.front());
        items_.pop_front();
        space_.notify_one();
        return item;
    }
    void close() {
        std::lock_guard lock(mutex_);
        closed_ = true;
        ready_.notify_all();
    }
    void cancel() {
        std::lock_guard lock(mutex_);
        cancelled_ = true;
        space_.notify_all();
    }

private:
    std::size_t capacity_;
    std::deque<std::pair<std::size_t, scan::ScanPage>> items_;
    std::mutex mutex_;
    std::condition_variable ready_, space_;
    bool closed_ = false, cancelled_ = false;
};

}  // namespace

std::vector<PageRead> read_pages(const Options& options, Catalog& catalog) {
    const unsigned jobs = std::max(1u, options.jobs);
    PageQueue queue(2 * jobs);
    std::vector<PageRead> results;
    std::mutex results_mutex;
    std::exception_ptr failure;
    auto work = [&] {
        while (auto item = queue.pop()) {
            try {
                PageRead r = read_one(std::move(item->second), catalog, options);
                std::lock_guard lock(results_mutex);
                if (results.size() <= item->first) results.resize(item->first + 1);
                results[item->first] = std::move(r);
            } catch (...) {
                std::lock_guard lock(results_mutex);
                if (!failure) failure = std::current_exception();
                queue.cancel();
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < jobs; ++t) pool.emplace_back(work);
    std::size_t next = 0;
    try {
        for (const auto& path : options.scans)
            scan::scan_pages(
                path,
                [&](scan::ScanPage&& page) {
                    if (next == scan::max_scan_pages)
                        throw UsageError("the scans hold more than " + std::to_string(scan::max_scan_pages) +
                                         " pages: handout marks at most " +
                                         std::to_string(scan::max_scan_pages) +
                                         " pages in one run; mark the pile in parts (a class at a time)");
                    queue.push(next++, std::move(page));
                },
                options.read);
    } catch (...) {
        queue.close();
        for (auto& t : pool) t.join();
        throw;
    }
    queue.close();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    results.resize(next);
    return results;
}

}  // namespace handout::mark
