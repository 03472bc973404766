// Scan reading: turns scanned pages of printed handout sheets back into marks.
//
// The engine knows nothing of worksheets. It works in three steps, each a
// plain function on plain values:
//   1. read_scan(path)            a scan file or folder → gray rasters, one a page
//   2. identify_page(raster)      the page's QR code → PageCode ("HO1 <sheet> <page>")
//   3. read_page(raster, id, geometry)
//                                 the caller looks the code up and supplies the
//                                 page's geometry (size, QR rectangle, targets);
//                                 the engine finds the corner marks, registers
//                                 the page and judges every target.
// summarize() then groups the judged targets per question. Nothing here throws
// for bad content: an unreadable file, page, code or registration is a result
// carrying its reason. OpenCV, ZXing and poppler stay inside src/scan/.
//
// Coordinates: page geometry in PDF points (1/72 in) from the page's
// bottom-left corner, y up; image coordinates in pixels from the top-left, y
// down. See docs/scanning.md for the marking convention and thresholds.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/image.hpp"
#include "handout/sheet_geometry.hpp"

namespace handout::scan {

/// A page image: handout's one gray image type (handout/image.hpp), its
/// `dpi` set when the source says it (a PDF page rendered or read directly).
using Raster = GrayImage;

/// One page of a scan: its raster, or why it could not be read.
struct ScanPage {
    std::string source;  ///< the file it came from
    int index = 1;       ///< 1-based page within that file
    Raster raster;       ///< empty when `error` is set
    std::string error;   ///< why the page could not be read; empty when it was

    bool ok() const noexcept { return error.empty(); }
};

/// How scan files are read.
/// The most pages `handout mark` reads in one run: a file or a pile with
/// more is refused before its pages are read (about 20 minutes of work on a
/// two-core machine; a class is a few hundred).
inline constexpr std::size_t max_scan_pages = 3000;

struct ReadOptions {
    /// Resolution PDF pages are rendered at, every page through poppler's
    /// renderer; 0: a page that is one full-page image (a copier's scan) is
    /// that image, decoded directly, and other pages are rendered at the
    /// resolution of their largest image, 200 dpi for a page without images.
    double pdf_dpi = 0;
};

/// Reads the pages of a scan one at a time and hands each to `visit`, in
/// order, so memory holds one page however long the scan: a PDF (a copier's
/// image pages decoded directly, other pages rendered with poppler, see
/// ReadOptions), a PNG, a JPEG, a (multi-page)
/// TIFF (8-bit, 1-bit or color, made gray), or a folder of such files (in
/// file-name order, other files skipped). Never throws for content: a
/// missing or damaged file or page is a ScanPage with its error. Returns the
/// number of pages visited.
std::size_t scan_pages(const std::string& path, const std::function<void(ScanPage&&)>& visit,
                       const ReadOptions& options = {});

/// The files of a scan folder scan_pages reads (PDF, PNG, JPEG, TIFF by
/// their names), in file-name order.
std::vector<std::string> scan_files_in(const std::string& folder);

/// scan_pages, collected: every page of a scan in memory at once.
std::vector<ScanPage> read_scan(const std::string& path, const ReadOptions& options = {});

/// Whether nothing is printed or written on the picture: no thin dark
/// feature (text, a mark, a line) anywhere, whatever the desk, the light or
/// a shadow around a page photographed on it (a duplex sheet's blank back).
bool nothing_printed(const Raster& raster);

// ---------------------------------------------------------------------------
// Step 2: identify the page

/// The page's code and where its QR symbol lies in the image.
struct Identification {
    std::string reason;  ///< why the page is not identified; empty when it is
    PageCode code;
    /// The symbol's corners in image pixels, in the symbol's own order:
    /// top-left, top-right, bottom-right, bottom-left.
    std::array<Point, 4> qr{};

    bool ok() const noexcept { return reason.empty(); }
};

/// Finds and decodes the page's QR code in any orientation. A page with no QR
/// code, an undecodable one, or one that is not a handout page code is not
/// identified, with the reason.
Identification identify_page(const Raster& raster);

// ---------------------------------------------------------------------------
// Step 3: register the page and judge its marks

/// How a target was marked.
enum class MarkState {
    empty,      ///< nothing, or only the printed outline and letter
    filled,     ///< filled in: selected
    unclear,    ///< between the thresholds (light pencil, partial fill, tick, smudge): a person decides
    cancelled,  ///< filled, then crossed out with an X reaching past the outline: not selected
};

std::string_view to_string(MarkState state) noexcept;

/// The decision thresholds (see docs/scanning.md for why these values).
struct Thresholds {
    /// At or below this fill (share of the inside darkened, over the blank
    /// state), and with little dark ink, a target is empty.
    double empty_below = 0.18;
    /// At or above this fill a target is filled (or cancelled).
    double filled_above = 0.50;
    /// Share of the inside that is dark ink (darkness ≥ 0.5) above which a
    /// target is never empty (a tick or a thin cross).
    double ink_empty_below = 0.12;
    /// Share of the inside that must be dark ink for a crossed-out target
    /// to read as cancelled (filled, then crossed) rather than unclear (an X
    /// drawn over an empty outline).
    double solid_ink = 0.85;
    /// Strokes leaving a filled outline that make it cancelled; fewer (but
    /// at least one) make it unclear.
    int cancel_strokes = 3;
    /// A lone mark: in a single-answer group where nothing else is filled or
    /// unclear, an unclear mark with at least this share of dark ink and
    /// fewer than 2 strokes leaving the outline (a tick, a hasty half fill, a
    /// small X inside) is the answer: filled. Light marks (pencil, erasure
    /// residue) stay unclear. 0 turns the rule off.
    double lone_mark_ink = 0.25;
    /// In a tick box, an unclear mark with at least this share of dark ink
    /// and at most one stroke leaving the box (a tick, a small X inside, a
    /// half fill) is the box ticked, whatever the other boxes hold.
    double tick_box_ink = 0.15;
    /// Share of the ring around a target (1.32–1.95 radii, directions
    /// towards neighbouring targets left out) crossed by ink from which the
    /// target is circled: a ring drawn round the bubble or its letter.
    double circled_ring = 0.60;
    /// Share of that ring crossed by ink (and in at least 6 of its 32
    /// directions: an arm of a neighbour's X crosses 2–4) above which an
    /// otherwise empty target is not empty but unclear: ink around it that
    /// nothing printed explains (a part of a circle, strokes).
    double ring_empty_below = 0.25;
    /// Share of a write-in box's inside that is dark ink above which
    /// something is written there.
    double written_ink = 0.02;
    /// In an answer group where every target reads empty, a target whose
    /// fill and dark ink over its blank state and twice its unexplained ink
    /// add up to this is a faint mark, unclear: a thin tick or small cross
    /// at a low resolution, a teacher's thin slash (a blank letter adds up
    /// to 0.14 at most). Where another target is marked, only tick boxes
    /// are held to a faint level (faint_box_*): a faint tick beside others
    /// is a box ticked or not.
    double faint_mark = 0.15;
    double faint_box_fill = 0.10, faint_box_unexplained = 0.05;
};

/// What a mark looks like, beyond how dark it is: what the judge saw, so a
/// person is told in words ("a letter is circled") and a clear shape can be
/// read as the answer when nothing else competes with it.
enum class MarkShape {
    none,   ///< nothing beyond the printed outline and letter
    fill,   ///< a dark fill of the inside
    light,  ///< a light mark (light pencil, an erasure's residue)
    tick,  ///< a tick or a short stroke: dark ink inside, at most one arm leaving the outline (or two in a V)
    slash,     ///< one line through the outline, leaving it on opposite sides
    cross,     ///< an X: three or more arms leaving the outline
    circle,    ///< a ring drawn round the outline or its letter
    scribble,  ///< dark ink inside and all round outside: scribbled over
    around,    ///< ink around the outline that is none of the above
};

std::string_view to_string(MarkShape shape) noexcept;

/// One judged target.
struct MarkReading {
    MarkState state = MarkState::empty;
    double fill = 0;   ///< mean darkness inside the outline over its blank state, 0–1
    double ink = 0;    ///< share of the inside that is dark ink, 0–1
    int strokes = 0;   ///< dark strokes crossing the outline outwards (an X gives 3–4)
    double ring =
        0;  ///< share of the ring around the outline that ink crosses, 0–1 (a circle drawn round it: 0.7–1)
    /// Share of the inside and outline darker than the same label's blank
    /// look elsewhere on the page, 0–1: ink nothing printed explains.
    double unexplained = 0;
    /// Share of the ring's directions crossed by ink, faint ink included
    /// (a thin or light circle round a letter), 0–1.
    double ring_faint = 0;
    MarkShape shape = MarkShape::none;  ///< what the mark looks like
};

/// A registered and judged page.
struct PageReading {
    std::string reason;  ///< why the page could not be read; empty when it was
    PageCode code;
    int corners_found = 0;  ///< corner marks found (3 or 4 when read)
    /// The corner marks found, image pixels (top-left, top-right,
    /// bottom-right, bottom-left as printed; empty where not found).
    std::array<std::optional<Point>, 4> corners{};
    /// Refused because what was found does not fit the geometry (the marks
    /// disagree with the QR code, or are not square through the page's map:
    /// another paper size or layout), not because too little was found.
    bool misfit = false;
    double dpi = 0;         ///< the scan's resolution measured on the page (after any print scaling)
    int rotation = 0;       ///< the page's rotation in the image, degrees counter-clockwise, rounded to 1°
    /// Page points → image pixels, a row-major 3×3 homography.
    std::array<double, 9> page_to_image{};
    std::vector<MarkReading> marks;  ///< one per geometry target, in order
    /// Share of each write-in box's inside that is dark ink, one per
    /// geometry write-in, in order.
    std::vector<double> written;
    bool one_bit = false;  ///< the page is black and white only (a 1-bit scan)

    bool ok() const noexcept { return reason.empty(); }
    /// Maps a page point to image pixels.
    Point to_image(Point page) const noexcept;
};

/// Registers the identified page onto `geometry` (corner marks, three are
/// enough, checked against the QR position) and judges every target.
PageReading read_page(const Raster& raster, const Identification& id, const PageGeometry& geometry,
                      const Thresholds& thresholds = {});

/// The geometry of the page a code names, or nullopt when the caller does not
/// know it (the page is then reported with that reason).
using GeometryLookup = std::function<std::optional<PageGeometry>(const PageCode&)>;

/// identify_page, then lookup, then read_page, in one call.
PageReading read_page(const Raster& raster, const GeometryLookup& lookup, const Thresholds& thresholds = {});

/// The share of sampled targets of `g` whose printed outline is where the
/// registered page puts it (1 for a page of this layout, marked or not; a
/// page laid out another way, e.g. with another page style, puts its targets
/// on text or white paper).
double outline_share(const Raster& raster, const PageReading& reading, const PageGeometry& g);
/// Whether that share reaches outlines_needed.
bool outlines_present(const Raster& raster, const PageReading& reading, const PageGeometry& g);
/// Share of a page's sampled outlines that must be found where its layout
/// puts them. Measured on the answer sheets of two worksheets in every page
/// style: every page read in its own style finds 1.00, in any other style at
/// most 0.56 (large print read as classic: 0.53).
inline constexpr double outlines_needed = 0.8;

/// The upright page region `area` (points) of a read page, resampled at `dpi`
/// (for review crops).
Raster crop(const Raster& raster, const PageReading& reading, Rect area, double dpi);

// ---------------------------------------------------------------------------
// Per question

/// How one answer group reads.
enum class AnswerStatus {
    ok,        ///< a clear answer (one mark; any number for tick boxes)
    blank,     ///< nothing marked
    multiple,  ///< more than one mark where one is expected
    unclear,   ///< at least one unclear mark: a person decides
};

std::string_view to_string(AnswerStatus status) noexcept;

/// The marks of one answer group: the targets of one question and kind, and,
/// where values read "row:x", of one row or column. Tick boxes take any number
/// of marks; every other kind one.
struct Answer {
    int question = 0;
    TargetKind kind = TargetKind::bubble;
    std::string group;                ///< the "row" part of "row:x" values; empty otherwise
    AnswerStatus status = AnswerStatus::blank;
    std::vector<std::string> marked;  ///< values of the filled targets, in geometry order
    std::vector<std::size_t> targets; ///< indices into geometry.targets, in geometry order
    /// Why a person must look, in a teacher's words ("a letter is circled
    /// and another filled"); empty for ok and blank answers.
    std::string note;
};

/// Groups a read page's marks into answers, in order of first appearance. A
/// digit column that reads blank while digits are written in its write-in
/// box (thresholds.written_ink) is unclear.
std::vector<Answer> summarize(const PageGeometry& geometry, const PageReading& reading,
                              const Thresholds& thresholds = {});

}  // namespace handout::scan
