// `mark --reads FILE`: the pages as read, kept so that a later run (an
// adjust file, corrections, another output) rescores without reading the
// scans again. The file is private to handout: a header, a fingerprint of
// everything the reading depends on (the scan files' names, sizes and
// modification times, the worksheets, the roster and the reading options),
// then every PageRead as length-prefixed fields. A file that does not match
// is ignored and written anew.
#include "mark/reads_file.hpp"

#include <algorithm>
#include <filesystem>

#include "handout/io.hpp"

namespace handout::mark {

namespace {

constexpr std::string_view magic = "handout-reads 2\n";

/// Every file under `path` (itself when a file) with its size and time, sorted.
void describe_files(const std::string& path, std::string& out) {
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<std::string> lines;
    const auto add = [&](const fs::path& p) {
        std::error_code e;
        const auto size = fs::file_size(p, e);
        const auto time = fs::last_write_time(p, e).time_since_epoch().count();
        lines.push_back(p.string() + "\t" + std::to_string(e ? 0 : size) + "\t" + std::to_string(time) +
                        "\n");
    };
    if (fs::is_directory(path, ec)) {
        for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec)) add(it->path());
    } else {
        add(path);
    }
    std::sort(lines.begin(), lines.end());
    for (const auto& l : lines) out += l;
}

class Writer {
public:
    void u(std::uint64_t n) {
        for (int i = 0; i < 8; ++i) out += static_cast<char>((n >> (8 * i)) & 0xFF);
    }
    void s(const std::string& text) {
        u(text.size());
        out += text;
    }
    std::string out;
};

class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}
    bool ok() const { return ok_; }
    std::uint64_t u() {
        if (at_ + 8 > bytes_.size()) return fail();
        std::uint64_t n = 0;
        for (int i = 0; i < 8; ++i)
            n |= static_cast<std::uint64_t>(
                     static_cast<unsigned char>(bytes_[at_ + static_cast<std::size_t>(i)]))
                 << (8 * i);
        at_ += 8;
        return n;
    }
    std::string s() {
        const std::uint64_t n = u();
        if (!ok_ || n > bytes_.size() - at_) return fail(), std::string();
        std::string text(bytes_.substr(at_, n));
        at_ += n;
        return text;
    }
    int i() { return static_cast<int>(static_cast<std::int64_t>(u())); }

private:
    std::uint64_t fail() {
        ok_ = false;
        at_ = bytes_.size();
        return 0;
    }
    std::string_view bytes_;
    std::size_t at_ = 0;
    bool ok_ = true;
};

void write_answer(Writer& w, const scan::Answer& a) {
    w.u(static_cast<std::uint64_t>(a.question));
    w.u(static_cast<std::uint64_t>(a.kind));
    w.s(a.group);
    w.u(static_cast<std::uint64_t>(a.status));
    w.u(a.marked.size());
    for (const auto& m : a.marked) w.s(m);
    w.u(a.targets.size());
    for (std::size_t t : a.targets) w.u(t);
    w.s(a.note);
}

scan::Answer read_answer(Reader& r) {
    scan::Answer a;
    a.question = r.i();
    a.kind = static_cast<scan::TargetKind>(r.u());
    a.group = r.s();
    a.status = static_cast<scan::AnswerStatus>(r.u());
    for (std::uint64_t n = r.u(); r.ok() && n > 0; --n) a.marked.push_back(r.s());
    for (std::uint64_t n = r.u(); r.ok() && n > 0; --n) a.targets.push_back(static_cast<std::size_t>(r.u()));
    a.note = r.s();
    return a;
}

}  // namespace

namespace {

/// What the reading depends on besides the scans: the worksheets, the
/// roster and the reading options.
std::string context_of(const Options& options) {
    std::string out = "from\n";
    for (const auto& f : options.from.empty() ? std::vector<std::string>{"worksheets"} : options.from)
        describe_files(f, out);
    out += "roster\n";
    if (!options.roster.empty()) describe_files(options.roster, out);
    out += "template " + options.template_name + "\npaper " +
           (options.paper ? options.paper->name : std::string()) + "\ndpi " +
           std::to_string(options.read.pdf_dpi) + "\ncrops " + (options.crops ? "1" : "0") + "\n";
    return out;
}

/// One scan argument's stamp: its files' names, sizes and times.
std::string stamp_of(const std::string& scan) {
    std::string out;
    describe_files(scan, out);
    return out;
}

void write_page(Writer& w, const PageRead& p) {
    w.s(p.source);
    w.u(static_cast<std::uint64_t>(p.index));
    w.s(p.reason);
    w.s(p.code.text);
    w.u(static_cast<std::uint64_t>(p.code.version));
    w.s(p.code.sheet);
    w.s(p.code.page);
    w.u(p.sheet ? 1 : 0);
    w.s(p.sheet ? p.sheet->style : std::string());
    w.u(p.answers.size());
    for (const auto& a : p.answers) write_answer(w, a);
    w.u(p.crops.size());
    for (const auto& [q, png] : p.crops) {
        w.u(static_cast<std::uint64_t>(q));
        w.s(png);
    }
    w.s(p.thumbnail);
    w.u(p.blank ? 1 : 0);
}

/// One page; false when its sheet is not in the worksheets any more.
bool read_page(Reader& r, Catalog& catalog, PageRead& p) {
    p.source = r.s();
    p.index = r.i();
    p.reason = r.s();
    p.code.text = r.s();
    p.code.version = r.i();
    p.code.sheet = r.s();
    p.code.page = r.s();
    if (const auto parsed = scan::parse_page_code(p.code.text)) {  // its layout and student tags
        p.code.layout = parsed->layout;
        p.code.student = parsed->student;
    }
    const bool has_sheet = r.u() != 0;
    const std::string style = r.s();
    if (has_sheet && r.ok()) {
        p.sheet = catalog.find(p.code, style).sheet;
        if (!p.sheet) return false;
    }
    for (std::uint64_t k = r.u(); r.ok() && k > 0; --k) p.answers.push_back(read_answer(r));
    for (std::uint64_t k = r.u(); r.ok() && k > 0; --k) {
        const int q = r.i();
        p.crops[q] = r.s();
    }
    p.thumbnail = r.s();
    p.blank = r.u() != 0;
    return r.ok();
}

/// Whether page `p` was read from scan argument `scan` (the file, or a file of the folder).
bool from_scan(const PageRead& p, const std::string& scan) {
    return p.source == scan || (p.source.size() > scan.size() && p.source.starts_with(scan) &&
                                (scan.back() == '/' || p.source[scan.size()] == '/'));
}

}  // namespace

std::string save_reads(const std::vector<ScanReads>& scans, const std::string& context) {
    Writer w;
    w.out = magic;
    w.s(context);
    w.u(scans.size());
    for (const ScanReads& scan : scans) {
        w.s(scan.path);
        w.s(scan.stamp);
        w.u(scan.pages.size());
        for (const PageRead& p : scan.pages) write_page(w, p);
    }
    return w.out;
}

std::optional<std::vector<ScanReads>> load_reads(std::string_view bytes, const std::string& context,
                                                 Catalog& catalog) {
    if (!bytes.starts_with(magic)) return std::nullopt;
    Reader r(bytes.substr(magic.size()));
    if (r.s() != context || !r.ok()) return std::nullopt;
    std::vector<ScanReads> scans;
    for (std::uint64_t n = r.u(); r.ok() && n > 0; --n) {
        ScanReads scan;
        scan.path = r.s();
        scan.stamp = r.s();
        for (std::uint64_t k = r.u(); r.ok() && k > 0; --k) {
            PageRead p;
            if (!read_page(r, catalog, p)) return std::nullopt;
            scan.pages.push_back(std::move(p));
        }
        scans.push_back(std::move(scan));
    }
    if (!r.ok()) return std::nullopt;
    return scans;
}

std::vector<PageRead> pages_with_reads(const Options& options, Catalog& catalog, std::string& bytes,
                                       bool& reused) {
    const std::string context = context_of(options);
    std::vector<ScanReads> stored;
    std::error_code ec;
    if (std::filesystem::is_regular_file(options.reads, ec))
        if (auto loaded = load_reads(read_file(options.reads), context, catalog)) stored = std::move(*loaded);
    // Stored scans not given now are kept (scans added later merge into
    // them); a scan given now is taken from the file when unchanged, else read.
    std::vector<ScanReads> scans;
    for (auto& s : stored)
        if (std::find(options.scans.begin(), options.scans.end(), s.path) == options.scans.end())
            scans.push_back(std::move(s));
    Options fresh = options;
    fresh.scans.clear();
    for (const auto& path : options.scans) {
        ScanReads scan{path, stamp_of(path), {}};
        const auto old =
            std::find_if(stored.begin(), stored.end(), [&](const ScanReads& s) { return s.path == path; });
        if (old != stored.end() && old->stamp == scan.stamp)
            scan.pages = std::move(old->pages);
        else
            fresh.scans.push_back(path);
        scans.push_back(std::move(scan));
    }
    reused = fresh.scans.empty();
    if (!reused) {
        std::vector<PageRead> read = read_pages(fresh, catalog);
        for (auto& scan : scans)
            if (std::find(fresh.scans.begin(), fresh.scans.end(), scan.path) != fresh.scans.end())
                for (auto& p : read)
                    if (from_scan(p, scan.path)) scan.pages.push_back(std::move(p));
        bytes = save_reads(scans, context);
    }
    // A page read again in a later scan replaces the earlier reading.
    std::vector<PageRead> pages;
    for (std::size_t i = 0; i < scans.size(); ++i)
        for (auto& p : scans[i].pages) {
            const auto again = [&](const PageRead& later) {
                return later.ok() && later.code.sheet == p.code.sheet && later.code.page == p.code.page;
            };
            bool replaced = false;
            for (std::size_t j = i + 1; j < scans.size() && p.ok() && !replaced; ++j)
                replaced = std::any_of(scans[j].pages.begin(), scans[j].pages.end(), again);
            if (!replaced) pages.push_back(std::move(p));
        }
    return pages;
}

}  // namespace handout::mark
