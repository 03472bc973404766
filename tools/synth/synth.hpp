// Synthetic scans with known truth, for the scan tests, the benchmark and the
// `scangen` tool: a blank page drawn from a geometry (corner marks, a real QR
// code from libqrencode, outlines with light letters), student and teacher
// marks painted on it, then the defects of a real scan (rotation, skew,
// scale, blur, noise, photocopying, thresholding to 1 bit, JPEG), written as
// PDF (our own small writer), TIFF or PNG. Deterministic: everything random
// comes from an explicit seed through Rng.
#pragma once

#include "handout/scan.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace handout::scan::synth {

/// A small deterministic generator (splitmix64), the same on every platform.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next();
    /// Uniform in [lo, hi).
    double uniform(double lo = 0, double hi = 1);
    /// Normal with this mean and deviation.
    double normal(double mean = 0, double sd = 1);
    /// Uniform integer in [0, n).
    int below(int n);
    /// True with probability p.
    bool chance(double p) { return uniform() < p; }

private:
    std::uint64_t state_;
};

enum class Paper { a4, letter };

/// An answer-sheet-like page of layout version 1: choice rows of 4–5 bubbles,
/// true/false pairs, a multi-select row of tick boxes, a match question
/// ("row:letter"), teacher boxes, a 3-column digit grid and a 4-column
/// student-number grid, plus the QR rectangle in the bottom margin.
PageGeometry sample_geometry(Paper paper, int choice_questions = 24);

/// The QR text of a page: "HO1 <sheet> <page>".

/// The blank printed page at `dpi`: white, corner marks, the QR code of
/// `code_text` in geometry.qr, every target's outline with its light letter.
Raster draw_page(const PageGeometry& geometry, const std::string& code_text, double dpi);

/// A way of marking a target.
enum class Mark {
    none,        ///< left alone
    fill,        ///< filled with dark pencil or pen
    light,       ///< filled with very light pencil
    partial,     ///< about half filled
    tick,        ///< a tick instead of a fill
    cross,       ///< an X over an unfilled outline
    cancel,      ///< filled, then crossed out with a large X past the outline
    stray,       ///< a small dot or short stroke, not meant as a mark
    circled,     ///< a ring drawn round the outline and its letter, the inside left empty
    tick_small,  ///< a small tick inside the outline
    tick_large,  ///< a large tick whose long arm reaches well past the outline
    slash,       ///< one stroke through the outline, past it on both sides
    scribble,    ///< scribbled over, inside and out (a teacher's or student's "not this")
    erased,      ///< the light residue of an erased fill
};

/// The marks, by name ("fill", "circled"), in the order of the enum; for
/// benchmarks and truth files.
std::string_view to_string(Mark mark) noexcept;

/// What a mark should read as: `expected`, and whether flagging it as
/// unclear is an acceptable reading too (`hard`).
struct Truth {
    Mark mark = Mark::none;
    MarkState expected = MarkState::empty;
    bool hard = false;
};

/// The reading a mark is meant to produce.
Truth truth_of(Mark mark);

/// Paints `mark` on target `t` of a page drawn at `dpi` (page height `page_h` points).
void paint_mark(Raster& page, const Target& t, Mark mark, double page_h, Rng& rng);

/// Writes `text` by hand (a slanted, wobbly pen) centred in `box`, as a
/// student writes a digit in a write-in box.
void paint_digits(Raster& page, const Rect& box, const std::string& text, double page_h, Rng& rng);

/// A pale photocopy: every gray moved towards white, black becoming
/// 255 × (1 − strength) (strength 0.55: black prints as gray 115).
void lighten(Raster& page, double strength);

/// A black-and-white copier's error diffusion (Floyd–Steinberg): light
/// pencil becomes scattered dots instead of vanishing under a threshold.
void dither(Raster& page);

/// Paints white over corner mark `corner` (0–3, as in corner_marks()), as a sticker or a torn corner would.
void cover_corner(Raster& page, const PageGeometry& geometry, int corner);

/// The defects of one scanned page.
struct Defects {
    int quarter_turns = 0;  ///< counter-clockwise quarter turns (2: upside down)
    double skew = 0;        ///< degrees, counter-clockwise
    double scale = 1;       ///< printed size over true size (0.94: A4 fit to Letter)
    double blur = 0;        ///< Gaussian sigma in millimetres
    double noise = 0;       ///< Gaussian noise, gray levels
    int photocopies = 0;    ///< photocopy passes before scanning
    bool one_bit = false;   ///< thresholded to black and white at 50 %
    int jpeg_quality = 0;   ///< JPEG round trip at this quality; 0: none (ignored for one_bit)
};

/// The page as a scanner would see it after `defects`.
Raster degrade(const Raster& page, const Defects& defects, Rng& rng);

/// A phone photo of a page lying on a desk: the page seen in perspective,
/// desk around it, light falling off across the photo, a soft shadow over
/// part of the page, the camera's slight blur and noise, a JPEG.
struct Photo {
    /// How far each page corner moves from where a straight-down photo puts
    /// it, as a share of the page's width in the photo (0.08: up to 8 %).
    /// Each corner moves in its own random direction by 60–100 % of this.
    double perspective = 0.05;
    /// Uneven light: the brightness falls linearly by up to this share from
    /// the brightest to the darkest edge of the photo, in a random direction.
    double light = 0.25;
    /// A shadow's darkening (0.35: the shaded side gets 35 % darker), its
    /// soft edge a random line across the page; 0: no shadow.
    double shadow = 0.35;
    /// Desk visible around the page on each side, as a share of the photo's
    /// height (before the perspective moves the corners).
    double desk = 0.05;
    int width = 3000, height = 4000;  ///< the photo's pixels (portrait, 12 MP)
    int quarter_turns = 0;            ///< counter-clockwise quarter turns (a photo taken sideways)
    int jpeg_quality = 88;            ///< the phone's JPEG round trip; 0: none
};

/// The page raster (drawn and marked at any resolution) as a phone
/// photographs it under `photo`; the random parts (corner moves, light
/// direction, the shadow's edge, the desk's gray) come from `rng`. The
/// result's dpi is the page's resolution in the photo at its centre (a
/// photo file itself says nothing true about it).
Raster photograph(const Raster& page, const Photo& photo, Rng& rng);

/// How write_pdf places each page's image, as copiers variously do.
struct PdfPlacement {
    /// The image is stored turned this many quarter turns counter-clockwise
    /// and drawn with the matrix that turns it back (the page looks the same).
    int image_turns = 0;
    /// The page's /Rotate (0, 90, 180, 270: a viewer turns it clockwise).
    int rotate = 0;
};

/// Writes pages as a PDF of one image each (JPEG at `jpeg_quality` for gray
/// pages, Flate-compressed 1-bit for black-and-white ones), each page sized
/// from its raster's dpi. Throws std::runtime_error when the file cannot be written.
void write_pdf(const std::string& path, const std::vector<Raster>& pages, int jpeg_quality = 75,
               const PdfPlacement& placement = {});

/// Writes pages as one multi-page TIFF (LZW). Throws std::runtime_error on failure.
void write_tiff(const std::string& path, const std::vector<Raster>& pages);

/// Writes one page as PNG (1-bit when `one_bit`) or JPEG (by the path's extension).
void write_image(const std::string& path, const Raster& page, bool one_bit = false, int jpeg_quality = 75);

}  // namespace handout::scan::synth
