#include "handout/render.hpp"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <future>
#include <mutex>
#include <set>
#include <optional>
#include <thread>

#include "handout/image.hpp"
#include "handout/load.hpp"
#include "handout/pdf.hpp"
#include "handout/variant.hpp"

namespace handout {

std::optional<Prepared> prepare(const std::string& path, const std::string& template_override,
                                const std::string& data_dir, Diagnostics& diags, const PaperSize* paper) {
    auto ws = load_worksheet(path, diags);
    if (!ws) return std::nullopt;
    // A --template path is the user's (from the current folder); the
    // worksheet's own `template:` is looked up from the worksheet.
    const bool override = !template_override.empty();
    const std::string name = override ? template_override : ws->template_name.text;
    std::string template_path;
    try {
        template_path = find_template(name, override && is_template_path(name) ? std::string() : path, data_dir);
    } catch (const IoError& e) {
        // A template the worksheet names is one of its values: missing, it is
        // a located error (exit 1); one named on the command line stays an
        // I/O error.
        if (override || ws->template_name.loc.line == 0) throw;
        diags.error(ws->template_name.loc, e.what(),
                    "write the name of one of the templates listed, or the path of a page-style file");
        return std::nullopt;
    }
    auto style = load_style_file(template_path, diags);
    if (!style) return std::nullopt;
    if (paper) style = on_paper(*style, *paper);
    FontSet fonts = FontSet::load(data_dir + "/fonts", *style);
    Prepared p{std::move(*ws), std::move(*style), std::move(fonts), {}, {}};
    p.inputs.push_back({"the worksheet", path});
    p.inputs.push_back({"the template", template_path});
    for (const std::string* font : {&p.style.font_regular, &p.style.font_bold, &p.style.font_italic,
                                    &p.style.font_bold_italic, &p.style.font_mono})
        p.inputs.push_back({"the font", data_dir + "/fonts/" + *font});
    check_coverage(p.worksheet, p.fonts, diags);
    check_label_coverage(p.worksheet, p.style, p.fonts, diags);
    // Every image once, however many questions or sheets show it (the
    // loader decoded each file once).
    for (const auto& section : p.worksheet.sections)
        for (const auto& q : section.questions)
            if (q.picture && p.images.emplace(q.image.text, q.picture).second)
                p.inputs.push_back({"the image", q.image.text});
    if (diags.has_errors()) return std::nullopt;
    return p;
}

std::size_t Prepared::fit_pages() const {
    std::call_once(fit_cache->once, [this] { fit_cache->pages = fit_page_count(*this); });
    return fit_cache->pages;
}

std::size_t Prepared::fit_answer_pages() const {
    std::call_once(fit_cache->answer_once, [this] {
        for (std::uint32_t seed = 0; seed < fit_sample_seeds; ++seed) {
            LayoutOptions o;
            o.key = KeyMode::off;
            o.images = &images;
            o.answer_sheet = true;
            fit_cache->answer_pages =
                std::max(fit_cache->answer_pages, answer_sheet_pages(make_variant(worksheet, seed), style, fonts, o));
        }
    });
    return fit_cache->answer_pages;
}

void fit_to(const Prepared& p, LayoutOptions& o) {
    o.fit_pages = p.fit_pages();
    if (o.answer_sheet) o.fit_answer_pages = p.fit_answer_pages();
}

std::size_t fit_page_count(const Prepared& p) {
    // The most pages the master copy and a sample of shuffled orders need at
    // the tightest planned spacing: every variant fits in it (an unsampled
    // order that needs more has a tighter spacing in reserve).
    std::size_t pages = 0;
    for (std::uint32_t seed = 0; seed < fit_sample_seeds; ++seed) {
        LayoutOptions o;
        o.key = KeyMode::off;
        o.images = &p.images;
        pages = std::max(pages, fewest_student_pages(make_variant(p.worksheet, seed), p.style, p.fonts, o));
    }
    return pages;
}

void layout_seed(const Prepared& p, std::uint32_t seed, const LayoutOptions& options, Document& doc) {
    const Variant v = make_variant(p.worksheet, seed);
    LayoutOptions o = options;
    o.images = &p.images;
    fit_to(p, o);
    layout_variant(v, p.style, p.fonts, o, doc);
}

void warn_shrunk_formulas(const Worksheet& ws, const Document& doc, Diagnostics& diags) {
    for (const ShrunkFormula& f : doc.shrunk_formulas) {
        const auto percent = static_cast<int>(std::floor(100 * f.fitted / f.natural));
        diags.warning(formula_loc(ws, f.source, f.display),
                      "formula too wide for its line: it is " + std::to_string(std::lround(f.natural)) +
                          " pt wide, its line " + std::to_string(std::lround(f.fitted)) +
                          " pt, so it prints at " + std::to_string(percent) + " % of its size",
                      f.display ? "split it into shorter displayed formulas, one under the other"
                                : "split it into shorter formulas with words between them, or give it a line "
                                  "of its own ($$…$$)");
    }
}

void check_formula_widths(const Prepared& p, Diagnostics& diags) {
    if (!prints_math(p.worksheet)) return;
    LayoutOptions o;
    o.images = &p.images;
    Document doc;
    layout_variant(make_variant(p.worksheet, 1), p.style, p.fonts, o, doc);
    warn_shrunk_formulas(p.worksheet, doc, diags);
}

}  // namespace handout

namespace handout {

namespace {

// The sheet number as printed in bookmarks, labels and the grid: at least
// two digits, as many as the largest number needs.
std::string sheet_number(std::size_t i, std::size_t count) {
    const std::size_t width = std::max<std::size_t>(2, std::to_string(count).size());
    std::string n = std::to_string(i + 1);
    return std::string(width - std::min(width, n.size()), '0') + n;
}

/// " · dyslexia" for a sheet printed in its own page style, else "".
std::string style_note(const SheetSpec& spec) {
    return spec.style ? " \u00b7 " + spec.style->style.name : std::string();
}

}  // namespace

std::map<std::string, Prepared> prepare_roster_styles(const std::string& path, const Prepared& class_set,
                                                      const std::vector<Student>& roster,
                                                      const std::string& data_dir, Diagnostics& diags,
                                                      const PaperSize* paper) {
    std::map<std::string, Prepared> styles;
    std::map<std::string, std::string> missing;  // style → why it cannot be read (names the styles there are)
    std::set<std::string> unusable;              // its errors are reported already
    for (const Student& s : roster) {
        if (s.style.empty() || s.style == class_set.style.name) continue;
        if (!styles.count(s.style) && !missing.count(s.style) && !unusable.count(s.style)) {
            // Its own list: prepare() gives up when the list has errors.
            // Only its errors join (the worksheet's warnings are out already).
            Diagnostics found;
            try {
                if (auto p = prepare(path, s.style, data_dir, found, paper))
                    styles.emplace(s.style, std::move(*p));
                else unusable.insert(s.style);
            } catch (const IoError& e) {
                missing.emplace(s.style, e.what());
            }
            for (const Diagnostic& d : found.items())
                if (d.severity == Severity::error) diags.error(d.loc, d.message, d.hint);
        }
        if (const auto why = missing.find(s.style); why != missing.end()) {
            diags.error(s.style_loc, "no page style '" + s.style + "' for this student's sheet",
                        "write large (modified-large-print), dyslexia or a page style's name (" + why->second + ")");
            continue;
        }
        const auto found = styles.find(s.style);
        if (found == styles.end()) continue;
        const PageStyle& own = found->second.style;
        if (own.page_width != class_set.style.page_width || own.page_height != class_set.style.page_height) {
            diags.error(s.style_loc,
                        "page style '" + s.style + "' prints on another paper size than the class set's ('" +
                            class_set.style.name + "')",
                        "a class set prints on one paper size: choose the class set's page style (--template) "
                        "on the same paper, or print this student's sheet on its own");
            continue;
        }
        check_coverage(s.name, s.name_loc, found->second.fonts, diags);
    }
    return styles;
}

namespace {

/// One sheet laid out, waiting to be painted.
struct LaidOut {
    Document sheet, key;
    bool ready = false;
};

/// How many sheets a part of the PDF holds: a part is painted at a time and
/// kept until it is written. Parts painted directly cost little each, so a
/// small part costs no time and keeps the working set small: measured at
/// 100, 1,000 and 10,000 copies, 32-sheet parts peak at 22.0, 22.8 and
/// 26.1 MB, 64-sheet parts at 22.4, 26.3 and 29.5 MB, in the same CPU time.
constexpr std::size_t part_sheets = 32;

/// Pages that bound the memory a class set takes whatever its sheets' length:
/// a part is painted once it holds this many pages (a 500-question sheet
/// runs to about 500), and the workers stop laying out sheets ahead while
/// this many pages wait to be painted. Ordinary sheets (up to 16 pages) never
/// reach it, so their parts stay 64 sheets.
/// Pages of the marking grid painted as one part: a grid page holds some
/// 600 items (a sheet page about 100), so its parts are smaller.
constexpr std::size_t grid_part_pages = 16;

constexpr std::size_t part_pages = 1024;

/// Most pages of a class set's sheets (10,000 copies of a 4-page sheet are
/// 40,000): the writer keeps a few hundred bytes a page until it finishes,
/// and a class set beyond this would take most of an hour and many
/// gigabytes of disk.
constexpr std::size_t max_class_set_pages = 250'000;

}  // namespace

namespace {

/// Refuses a class set over max_class_set_pages before anything is laid
/// out: every sheet has at least the worksheet's fitted page count.
void check_class_set_size(const Prepared& p, std::size_t n) {
    if (p.fit_pages() * n > max_class_set_pages)
        throw UsageError("this class set would have at least " + with_commas(p.fit_pages() * n) + " pages (" +
                         with_commas(n) + " sheets of " + std::to_string(p.fit_pages()) + " pages); the limit is " +
                         with_commas(max_class_set_pages) +
                         " pages: print it in smaller batches (fewer --copies, or the roster in parts)");
}

/// Lays out sheet `i` of a class set (and its key, with its row of the
/// marking grid, when the keys are on) into `out`.
struct SheetLayout {
    const Prepared& p;
    const std::vector<SheetSpec>& specs;
    const ClassSetOptions& options;
    MarkingGridBuilder& grid_rows;

    void operator()(std::size_t i, LaidOut& out) const {
        const Prepared& own = specs[i].style ? *specs[i].style : p;
        Variant variant = make_variant(p.worksheet, specs[i].seed);
        const std::string number = sheet_number(i, specs.size());
        LayoutOptions o;
        o.images = &p.images;
        o.key = KeyMode::off;
        o.duplex = options.duplex;
        o.answer_sheet = options.answer_sheet || options.booklet;
        fit_to(own, o);
        if (options.booklet) {
            o.question_pages = false;
            o.copy = number;
        }
        o.student_name = specs[i].name;
        o.student_class = specs[i].class_name;
        o.bookmark = number + " \u00b7 " + (specs[i].name.empty() ? "" : specs[i].name + " \u00b7 ") +
                     variant.code + style_note(specs[i]);
        layout_variant(variant, own.style, own.fonts, o, out.sheet);
        out.sheet.labels.push_back({0, number + "-"});
        if (options.with_keys) {
            LayoutOptions k = o;
            k.key = KeyMode::only;
            layout_variant(variant, p.style, p.fonts, k, out.key);
            out.key.bookmarks.front().title = o.bookmark;
            out.key.labels.push_back({0, "key " + number + "-"});
            grid_rows.set(i, variant, specs[i].name + style_note(specs[i]));  // each worker its own index
        }
    }
};

/// Sheets laid out by `jobs` workers, each taking the next index, into a
/// ring of slots, and handed to the calling thread in order (take). A
/// worker waits while its sheet would be more than a ring ahead of the
/// sheets taken, so at most a ring of sheets is ever held; nor while the
/// sheets laid out and waiting hold part_pages pages or more (each worker
/// then finishes at most the one sheet it has started).
class LayoutWorkers {
public:
    LayoutWorkers(std::size_t n, unsigned jobs, const SheetLayout& lay_out) : n_(n), lay_out_(lay_out) {
        const unsigned threads = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(n)));
        for (unsigned t = 0; t < threads; ++t) pool_.emplace_back([this] { work(); });
    }
    LayoutWorkers(const LayoutWorkers&) = delete;
    LayoutWorkers& operator=(const LayoutWorkers&) = delete;
    ~LayoutWorkers() { stop(); }

    /// Sheet `i` (taken in order), once laid out; nullopt when a worker failed.
    std::optional<LaidOut> take(std::size_t i) {
        LaidOut out;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return failure_ || ring_[i % ring_size].ready; });
            if (failure_) return std::nullopt;
            out = std::move(ring_[i % ring_size]);
            ring_[i % ring_size] = LaidOut{};
            painted_ = i + 1;
            waiting_pages_ -= out.sheet.pages.size() + out.key.pages.size();
        }
        changed_.notify_all();
        return out;
    }

    /// Stops the workers and waits for them; rethrows what a worker threw.
    void finish() {
        stop();
        if (failure_) std::rethrow_exception(failure_);
    }

    /// Stops the workers and waits for them.
    void stop() {
        {
            std::lock_guard lock(mutex_);
            stop_ = true;
        }
        changed_.notify_all();
        for (auto& t : pool_)
            if (t.joinable()) t.join();
    }

private:
    static constexpr std::size_t ring_size = 2 * part_sheets;

    void work() {
        for (;;) {
            std::size_t i;
            {
                std::unique_lock lock(mutex_);
                changed_.wait(lock, [&] {
                    return stop_ || claimed_ >= n_ || (claimed_ < painted_ + ring_size && waiting_pages_ < part_pages);
                });
                if (stop_ || claimed_ >= n_) return;
                i = claimed_++;
            }
            LaidOut out;
            try {
                lay_out_(i, out);
            } catch (...) {
                std::lock_guard lock(mutex_);
                if (!failure_) failure_ = std::current_exception();
                stop_ = true;
                changed_.notify_all();
                return;
            }
            std::lock_guard lock(mutex_);
            waiting_pages_ += out.sheet.pages.size() + out.key.pages.size();
            ring_[i % ring_size] = std::move(out);
            ring_[i % ring_size].ready = true;
            changed_.notify_all();
        }
    }

    const std::size_t n_;
    const SheetLayout& lay_out_;
    std::vector<LaidOut> ring_ = std::vector<LaidOut>(ring_size);
    std::mutex mutex_;
    std::condition_variable changed_;
    std::size_t claimed_ = 0, painted_ = 0;
    std::size_t waiting_pages_ = 0;  // pages of the sheets laid out and not yet taken
    bool stop_ = false;
    std::exception_ptr failure_;
    std::vector<std::thread> pool_;  // last: started once the rest is set up
};

/// The booklet's front: the master copy's question pages, without codes;
/// returns its title.
std::string write_booklet_master(const Prepared& p, const ClassSetOptions& options, const Labels& labels,
                                 PdfStreamWriter& sheets) {
    Document master;
    LayoutOptions o;
    o.images = &p.images;
    fit_to(p, o);
    o.key = KeyMode::off;
    o.duplex = options.duplex;
    o.page_marks = false;
    o.bookmark = labels.booklet + " \u00b7 " + sheet_code(p.worksheet, 0);
    layout_variant(make_variant(p.worksheet, 0), p.style, p.fonts, o, master);
    master.labels.push_back({0, "booklet-"});
    std::string title = master.title;
    sheets.add(std::move(master));
    return title;
}

/// The marking grid at the front of the keys. A grid of thousands of rows
/// runs to hundreds of pages: laid out and painted a part at a time too.
void write_marking_grid(MarkingGridBuilder&& grid_rows, const Prepared& p, PdfStreamWriter& keys) {
    bool first = true;
    layout_marking_grid(std::move(grid_rows).finish(), p.style, p.fonts, grid_part_pages, [&](Document&& part) {
        if (first) part.labels.push_back({0, "grid-"});
        first = false;
        keys.add(std::move(part), /*front=*/true);
    });
}

/// Paints the sheets (and keys) the workers lay out, in order, a part at a
/// time; returns the title of the first sheet when `title` is empty.
void paint_sheets(LayoutWorkers& workers, std::size_t n, PdfStreamWriter& sheets,
                  std::optional<PdfStreamWriter>& keys, std::string& title,
                  const std::function<void(std::size_t)>& progress) {
    Document sheet_part, key_part;
    for (std::size_t i = 0; i < n; ++i) {
        std::optional<LaidOut> out = workers.take(i);
        if (!out) break;
        if (title.empty()) title = out->sheet.title;
        append(sheet_part, std::move(out->sheet));
        if (keys) append(key_part, std::move(out->key));
        if ((i + 1) % part_sheets == 0 || i + 1 == n || sheet_part.pages.size() >= part_pages ||
            key_part.pages.size() >= part_pages) {
            // The two PDFs are separate writers: paint their parts side by side.
            auto keys_job = std::async(keys ? std::launch::async : std::launch::deferred,
                                       [&] { if (keys) keys->add(std::move(key_part)); });
            sheets.add(std::move(sheet_part));
            keys_job.get();
            sheet_part = Document{};
            key_part = Document{};
        }
        if (progress) progress(i + 1);
    }
}

}  // namespace

ClassSetWritten write_class_set(const Prepared& p, const std::vector<SheetSpec>& specs,
                                const ClassSetOptions& options, const PdfStreamWriter::Sink& sheets_sink,
                                const PdfStreamWriter::Sink& keys_sink,
                                const std::function<void(std::size_t)>& progress) {
    const std::size_t n = specs.size();
    check_class_set_size(p, n);
    const Labels labels = resolve_labels(p.worksheet, &p.style.labels);
    // The marking grid's rows (only with the keys).
    MarkingGridBuilder grid_rows(p.worksheet, options.with_keys ? n : 0, labels);
    const SheetLayout lay_out{p, specs, options, grid_rows};
    LayoutWorkers workers(n, options.jobs, lay_out);
    // On a throw the writers go first, then the workers stop (~LayoutWorkers).
    ClassSetWritten written;
    PdfStreamWriter sheets(sheets_sink);
    std::optional<PdfStreamWriter> keys;
    if (options.with_keys) keys.emplace(keys_sink);
    std::string title;
    if (options.booklet) title = write_booklet_master(p, options, labels, sheets);
    paint_sheets(workers, n, sheets, keys, title, progress);
    workers.finish();
    // The two files' ends (the marking grid, the fonts embedded once, the
    // page tree) are written side by side.
    auto keys_end = std::async(keys ? std::launch::async : std::launch::deferred, [&] {
        if (!keys) return;
        write_marking_grid(std::move(grid_rows), p, *keys);
        written.key_pages = keys->finish(labels.marking_pack + " \u00b7 " + p.worksheet.title.text);
    });
    written.sheet_pages = sheets.finish(title);
    keys_end.get();
    return written;
}

}  // namespace handout
