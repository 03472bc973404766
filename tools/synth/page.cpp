// Synthetic pages: the sample geometry, the blank printed page (with a real
// QR code from libqrencode) and the marks students and teachers make on it.

#include "synth/synth.hpp"

#include <qrencode.h>

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <memory>
#include <stdexcept>

namespace handout::scan::synth {

namespace {

constexpr double mm = 72.0 / 25.4;
constexpr double bubble = 10.5;   ///< outline diameter, points (3.7 mm)
constexpr double outline = 0.6;   ///< outline width, points
constexpr int letter_gray = 175;  ///< the light letter inside an outline

cv::Mat view(Raster& r) { return cv::Mat(r.height, r.width, CV_8UC1, r.pixels.data()); }

/// Page points → page pixels (y down), in OpenCV's fixed-point with 4 fraction bits.
struct Pen {
    double dpi, page_h;
    static constexpr int shift = 4;
    double px(double pt) const { return pt * dpi / 72.0; }
    cv::Point2d at(Point p) const { return {px(p.x), px(page_h - p.y)}; }
    cv::Point fixed(cv::Point2d p) const {
        return {static_cast<int>(std::lround(p.x * (1 << shift))),
                static_cast<int>(std::lround(p.y * (1 << shift)))};
    }
};

std::string label_of(const Target& t) {
    const auto colon = t.value.find(':');
    std::string label = colon == std::string::npos ? t.value : t.value.substr(colon + 1);
    if (label == "0.5") {
        label = ".5";
    }
    return label;
}

void add_row(PageGeometry& g, TargetKind kind, int question, const std::string& prefix,
             const std::vector<std::string>& values, double x, double y, double step) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        Target t;
        t.kind = kind;
        t.question = question;
        t.printed = std::to_string(question);
        t.value = prefix + values[i];
        t.box = {x + static_cast<double>(i) * step, y, bubble, bubble};
        g.targets.push_back(t);
    }
}

/// A column grid of 0–9 bubbles per column, values "col:d", under a row of
/// write-in boxes.
void add_grid(PageGeometry& g, TargetKind kind, int question, int columns, double x, double top) {
    for (int c = 1; c <= columns; ++c) {
        g.write_ins.push_back(
            {kind, question, std::to_string(c), {x + (c - 1) * 15.0 - 1.5, top + 3, bubble + 3, 15}});
        for (int d = 0; d <= 9; ++d) {
            Target t;
            t.kind = kind;
            t.question = question;
            t.printed = question > 0 ? std::to_string(question) : "";
            t.value = std::to_string(c) + ":" + std::to_string(d);
            t.box = {x + (c - 1) * 15.0, top - bubble - d * 14.0, bubble, bubble};
            g.targets.push_back(t);
        }
    }
}

}  // namespace

std::uint64_t Rng::next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double Rng::uniform(double lo, double hi) {
    return lo + (hi - lo) * static_cast<double>(next() >> 11) / static_cast<double>(1ULL << 53);
}

double Rng::normal(double mean, double sd) {
    const double u = uniform(1e-12, 1), v = uniform();
    return mean + sd * std::sqrt(-2 * std::log(u)) * std::cos(2 * M_PI * v);
}

int Rng::below(int n) { return static_cast<int>(uniform() * n) % n; }

PageGeometry sample_geometry(Paper paper, int choice_questions) {
    PageGeometry g;
    g.width = paper == Paper::a4 ? 595.28 : 612;
    g.height = paper == Paper::a4 ? 841.89 : 792;
    g.qr = {g.width / 2 - 6 * mm, 12 * mm, 12 * mm, 12 * mm};
    const double left = 60, top = g.height - 60;

    // Student number (4 columns) and a digit-grid answer (3 columns).
    add_grid(g, TargetKind::student_id, 0, 4, left, top);
    int q = 1;
    add_grid(g, TargetKind::digit, q++, 3, left + 110, top);

    // Choice questions in two columns, then true/false, multi, match, teacher boxes.
    double y = top - 160;
    const double column2 = g.width / 2 + 10;
    const int per_column = (choice_questions + 1) / 2;
    for (int i = 0; i < choice_questions; ++i) {
        const double x = i < per_column ? left + 20 : column2 + 20;
        const double row_y = y - (i % per_column) * 19.0;
        const std::vector<std::string> letters = i % 3 == 2
                                                     ? std::vector<std::string>{"A", "B", "C", "D", "E"}
                                                     : std::vector<std::string>{"A", "B", "C", "D"};
        add_row(g, TargetKind::bubble, q++, "", letters, x, row_y, 17);
    }
    y -= per_column * 19.0 + 10;
    for (int i = 0; i < 4; ++i) {
        const int row = i / 2;  // two rows of two
        add_row(g, TargetKind::bubble, q++, "", {"T", "F"}, (i % 2 ? column2 : left) + 20, y - row * 19.0,
                17);
    }
    y -= 2 * 19.0 + 6;
    for (int i = 0; i < 2; ++i) {
        add_row(g, TargetKind::tick_box, q++, "", {"A", "B", "C", "D", "E"}, (i ? column2 : left) + 20, y,
                17);
    }
    y -= 19.0 + 6;
    const int match = q++;
    for (int row = 1; row <= 3; ++row) {
        add_row(g, TargetKind::bubble, match, std::to_string(row) + ":", {"A", "B", "C", "D"}, left + 20,
                y - (row - 1) * 19.0, 17);
    }
    for (int i = 0; i < 3; ++i) {
        add_row(g, TargetKind::teacher_box, q++, "", {"0", "0.5", "1", "1.5", "2"}, column2 + 20,
                y - i * 19.0, 17);
    }
    return g;
}

Raster draw_page(const PageGeometry& geometry, const std::string& code_text, double dpi) {
    Raster r;
    r.dpi = dpi;
    r.width = static_cast<int>(std::lround(geometry.width * dpi / 72));
    r.height = static_cast<int>(std::lround(geometry.height * dpi / 72));
    r.pixels.assign(static_cast<std::size_t>(r.width) * static_cast<std::size_t>(r.height), 255);
    cv::Mat m = view(r);
    const Pen pen{dpi, geometry.height};
    const auto fill_rect = [&](Rect box, int gray) {
        const cv::Point2d a = pen.at({box.x, box.y + box.h}), b = pen.at({box.x + box.w, box.y});
        cv::rectangle(
            m, cv::Point(static_cast<int>(std::lround(a.x)), static_cast<int>(std::lround(a.y))),
            cv::Point(static_cast<int>(std::lround(b.x)) - 1, static_cast<int>(std::lround(b.y)) - 1),
            cv::Scalar(gray), cv::FILLED);
    };
    for (const Rect& c : corner_marks(geometry.width, geometry.height)) {
        fill_rect(c, 0);
    }

    // The QR code: libqrencode's modules (bit 0 set = dark) spread over the rectangle.
    const std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(
        QRcode_encodeString(code_text.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), &QRcode_free);
    if (!qr) {
        throw std::runtime_error("libqrencode cannot encode \"" + code_text + "\"");
    }
    const double module = geometry.qr.w / qr->width;
    for (int row = 0; row < qr->width; ++row) {
        for (int col = 0; col < qr->width; ++col) {
            if (qr->data[row * qr->width + col] & 1) {
                fill_rect({geometry.qr.x + col * module, geometry.qr.y + geometry.qr.h - (row + 1) * module,
                           module, module},
                          0);
            }
        }
    }

    // Outlines in thin black, letters in light gray; write-in boxes.
    const int thickness = std::max(1, static_cast<int>(std::lround(pen.px(outline))));
    for (const WriteIn& w : geometry.write_ins) {
        const cv::Point2d a = pen.at({w.box.x, w.box.y + w.box.h}), b = pen.at({w.box.x + w.box.w, w.box.y});
        cv::rectangle(m, pen.fixed(a), pen.fixed(b), cv::Scalar(0), thickness, cv::LINE_AA, Pen::shift);
    }
    for (const Target& t : geometry.targets) {
        const cv::Point2d c = pen.at(t.box.center());
        if (t.kind == TargetKind::tick_box) {
            const cv::Point2d a = pen.at({t.box.x, t.box.y + t.box.h}),
                              b = pen.at({t.box.x + t.box.w, t.box.y});
            cv::rectangle(m, pen.fixed(a), pen.fixed(b), cv::Scalar(0), thickness, cv::LINE_AA, Pen::shift);
        } else {
            cv::circle(m, pen.fixed(c),
                       static_cast<int>(std::lround(pen.px(t.box.w / 2) * (1 << Pen::shift))), cv::Scalar(0),
                       thickness, cv::LINE_AA, Pen::shift);
        }
        const std::string label = label_of(t);
        const double height = pen.px(t.box.h * (label.size() > 1 ? 0.4 : 0.5));
        const double font_scale = height / 22.0;  // Hershey simplex capitals are about 22 units tall
        int baseline = 0;
        const int weight = std::max(1, static_cast<int>(std::lround(pen.px(0.5))));
        const cv::Size size = cv::getTextSize(label, cv::FONT_HERSHEY_SIMPLEX, font_scale, weight, &baseline);
        cv::putText(
            m, label,
            cv::Point(static_cast<int>(c.x - size.width / 2.0), static_cast<int>(c.y + size.height / 2.0)),
            cv::FONT_HERSHEY_SIMPLEX, font_scale, cv::Scalar(letter_gray), weight, cv::LINE_AA);
    }
    return r;
}

Truth truth_of(Mark mark) {
    switch (mark) {
        case Mark::none: return {mark, MarkState::empty, false};
        case Mark::fill: return {mark, MarkState::filled, false};
        case Mark::light:
        case Mark::partial:
        case Mark::tick:
        case Mark::cross: return {mark, MarkState::filled, true};
        case Mark::cancel: return {mark, MarkState::cancelled, false};
        case Mark::stray: return {mark, MarkState::empty, true};
        case Mark::circled:
        case Mark::tick_small:
        case Mark::tick_large:
        case Mark::slash: return {mark, MarkState::filled, true};
        case Mark::scribble: return {mark, MarkState::cancelled, true};
        case Mark::erased: return {mark, MarkState::empty, true};
    }
    return {};
}

std::string_view to_string(Mark mark) noexcept {
    switch (mark) {
        case Mark::none: return "none";
        case Mark::fill: return "fill";
        case Mark::light: return "light";
        case Mark::partial: return "partial";
        case Mark::tick: return "tick";
        case Mark::cross: return "cross";
        case Mark::cancel: return "cancel";
        case Mark::stray: return "stray";
        case Mark::circled: return "circled";
        case Mark::tick_small: return "tick_small";
        case Mark::tick_large: return "tick_large";
        case Mark::slash: return "slash";
        case Mark::scribble: return "scribble";
        case Mark::erased: return "erased";
    }
    return "?";
}

namespace {

/// A hand-drawn line through `points` (page pixels), in the pen's fixed point.
void polyline(cv::Mat& m, const Pen& pen, const std::vector<cv::Point2d>& points, double width_px, int gray) {
    std::vector<cv::Point> fixed;
    fixed.reserve(points.size());
    for (const auto& p : points) {
        fixed.push_back(pen.fixed(p));
    }
    cv::polylines(m, std::vector<std::vector<cv::Point>>{fixed}, false, cv::Scalar(gray),
                  std::max(1, static_cast<int>(std::lround(width_px))), cv::LINE_AA, Pen::shift);
}

/// The marks people make other than fills: circles, ticks of any size,
/// slashes, scribbles, an erasure's residue. `c` the target's centre and
/// `radius` its half size, in page pixels.
void paint_drawn(cv::Mat& m, const Pen& pen, cv::Point2d c, double radius, Mark mark, Rng& rng) {
    const double pen_px = pen.px(rng.uniform(0.3, 0.5) * mm);
    const int gray = static_cast<int>(rng.uniform(10, 80));
    const auto jitter = [&](double sd) {
        return cv::Point2d(rng.normal(0, sd * radius), rng.normal(0, sd * radius));
    };
    switch (mark) {
        case Mark::circled: {
            // A wobbly ellipse round the outline, started anywhere, closed or a little open or overlapping.
            const double rx = radius * rng.uniform(1.3, 1.7), ry = radius * rng.uniform(1.3, 1.7);
            const double start = rng.uniform(0, 2 * M_PI), sweep = 2 * M_PI * rng.uniform(0.93, 1.08);
            const cv::Point2d centre = c + jitter(0.08);
            std::vector<cv::Point2d> points;
            for (int i = 0; i <= 48; ++i) {
                const double a = start + sweep * i / 48;
                const double wobble = 1 + rng.normal(0, 0.015);
                points.emplace_back(centre.x + rx * wobble * std::cos(a),
                                    centre.y + ry * wobble * std::sin(a));
            }
            polyline(m, pen, points, pen_px, gray);
            break;
        }
        case Mark::tick_small:
        case Mark::tick_large: {
            const double k = mark == Mark::tick_small ? rng.uniform(0.45, 0.6) : rng.uniform(1.4, 1.8);
            const cv::Point2d shift = jitter(0.08);
            polyline(m, pen,
                     {c + shift + k * radius * cv::Point2d(-0.6, -0.05),
                      c + shift + k * radius * cv::Point2d(-0.15, 0.5),
                      c + shift + k * radius * cv::Point2d(rng.uniform(0.6, 0.9), rng.uniform(-0.8, -1.0))},
                     pen_px, gray);
            break;
        }
        case Mark::slash: {
            const double a = rng.uniform(0.15, 0.35) * M_PI + (rng.chance(0.5) ? 0 : M_PI / 2);
            const double reach = radius * rng.uniform(1.6, 2.0);
            const cv::Point2d d(std::cos(a) * reach, -std::sin(a) * reach);
            const cv::Point2d shift = jitter(0.1);
            polyline(m, pen, {c + shift - d, c + shift + d}, pen_px, gray);
            break;
        }
        case Mark::scribble: {
            // Back and forth across the outline, drifting down.
            std::vector<cv::Point2d> points;
            const int turns = 10 + rng.below(6);
            for (int i = 0; i <= turns; ++i) {
                const double y = -1.2 + 2.4 * i / turns;
                const double x = (i % 2 ? 1 : -1) * rng.uniform(1.1, 1.45);
                points.push_back(c + radius * cv::Point2d(x, y) + jitter(0.05));
            }
            polyline(m, pen, points, pen_px * 1.3, gray);
            break;
        }
        default: break;
    }
}

}  // namespace

void paint_mark(Raster& page, const Target& t, Mark mark, double page_h, Rng& rng) {
    cv::Mat m = view(page);
    const Pen pen{page.dpi, page_h};
    const cv::Point2d c = pen.at(t.box.center());
    const double radius = pen.px(t.box.w / 2);
    const auto stroke = [&](cv::Point2d a, cv::Point2d b, double width_mm, int gray) {
        cv::line(m, pen.fixed(a), pen.fixed(b), cv::Scalar(gray),
                 std::max(1, static_cast<int>(std::lround(pen.px(width_mm * mm)))), cv::LINE_AA, Pen::shift);
    };
    // A hand-drawn blob: a jittered polygon around the centre, optionally cut by a half-plane.
    const auto blob = [&](double size, int gray, double keep) {
        const cv::Point2d centre =
            c + cv::Point2d(rng.normal(0, 0.04 * radius), rng.normal(0, 0.04 * radius));
        const double cut_angle = rng.uniform(0, 2 * M_PI);
        const double cut = radius * size * (2 * keep - 1);  // signed distance of the cut line from the centre
        std::vector<cv::Point> points;
        for (int i = 0; i < 36; ++i) {
            const double a = 2 * M_PI * i / 36;
            const double r = radius * size * (1 + rng.normal(0, 0.03));
            cv::Point2d p(centre.x + r * std::cos(a), centre.y + r * std::sin(a));
            const double along =
                (p.x - centre.x) * std::cos(cut_angle) + (p.y - centre.y) * std::sin(cut_angle);
            if (along > cut) {  // pull the point back onto the cut line
                p -= (along - cut) * cv::Point2d(std::cos(cut_angle), std::sin(cut_angle));
            }
            points.push_back(pen.fixed(p));
        }
        cv::fillPoly(m, std::vector<std::vector<cv::Point>>{points}, cv::Scalar(gray), cv::LINE_AA,
                     Pen::shift);
    };
    const auto x_strokes = [&](double reach, int gray) {
        const double turn = rng.uniform(-0.25, 0.25);
        for (int arm = 0; arm < 2; ++arm) {
            const double a = M_PI / 4 + arm * M_PI / 2 + turn + rng.normal(0, 0.08);
            const cv::Point2d d(std::cos(a) * radius * reach, std::sin(a) * radius * reach);
            const cv::Point2d wobble(rng.normal(0, 0.08 * radius), rng.normal(0, 0.08 * radius));
            stroke(c - d + wobble, c + d + wobble, rng.uniform(0.35, 0.6), gray);
        }
    };
    switch (mark) {
        case Mark::none: break;
        case Mark::circled:
        case Mark::tick_small:
        case Mark::tick_large:
        case Mark::slash:
        case Mark::scribble: paint_drawn(m, pen, c, radius, mark, rng); break;
        case Mark::erased:
            blob(rng.uniform(0.8, 1.0), static_cast<int>(rng.uniform(205, 232)), rng.uniform(0.6, 1.0));
            break;
        case Mark::fill: blob(rng.uniform(0.88, 1.08), static_cast<int>(rng.uniform(15, 95)), 1.0); break;
        case Mark::light: blob(rng.uniform(0.85, 1.0), static_cast<int>(rng.uniform(150, 185)), 1.0); break;
        case Mark::partial:
            blob(rng.uniform(0.85, 1.0), static_cast<int>(rng.uniform(20, 90)), rng.uniform(0.4, 0.65));
            break;
        case Mark::tick: {
            const int gray = static_cast<int>(rng.uniform(10, 70));
            const double w = rng.uniform(0.35, 0.6);
            const cv::Point2d a = c + radius * cv::Point2d(-0.6, 0.0),
                              b = c + radius * cv::Point2d(-0.15, 0.5),
                              e = c + radius * cv::Point2d(rng.uniform(0.6, 1.1), rng.uniform(-0.9, -1.3));
            stroke(a, b, w, gray);
            stroke(b, e, w, gray);
            break;
        }
        case Mark::cross: x_strokes(rng.uniform(1.0, 1.5), static_cast<int>(rng.uniform(10, 70))); break;
        case Mark::cancel:
            blob(rng.uniform(0.9, 1.05), static_cast<int>(rng.uniform(15, 80)), 1.0);
            x_strokes(rng.uniform(1.7, 2.3), static_cast<int>(rng.uniform(5, 60)));
            break;
        case Mark::stray: {
            const double a = rng.uniform(0, 2 * M_PI), r = rng.uniform(0, 0.5) * radius;
            const cv::Point2d p = c + cv::Point2d(r * std::cos(a), r * std::sin(a));
            if (rng.chance(0.5)) {
                cv::circle(m, pen.fixed(p),
                           static_cast<int>(rng.uniform(0.08, 0.15) * radius * (1 << Pen::shift)),
                           cv::Scalar(rng.uniform(30, 90)), cv::FILLED, cv::LINE_AA, Pen::shift);
            } else {
                const double b = rng.uniform(0, M_PI);
                const cv::Point2d d(std::cos(b) * 0.3 * radius, std::sin(b) * 0.3 * radius);
                stroke(p - d, p + d, 0.25, static_cast<int>(rng.uniform(60, 120)));
            }
            break;
        }
    }
}

void paint_digits(Raster& page, const Rect& box, const std::string& text, double page_h, Rng& rng) {
    cv::Mat m = view(page);
    const Pen pen{page.dpi, page_h};
    // Hershey's script face, drawn on a small canvas, slanted and scaled into the box.
    const double height = pen.px(box.h) * rng.uniform(0.5, 0.7);
    const int weight = std::max(1, static_cast<int>(std::lround(pen.px(rng.uniform(0.3, 0.45) * mm))));
    const double scale = height / 22.0;
    int baseline = 0;
    const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_SCRIPT_SIMPLEX, scale, weight, &baseline);
    const int pad = 2 * weight + 2;
    cv::Mat ink(size.height + baseline + 2 * pad, size.width + 2 * pad, CV_8UC1, cv::Scalar(0));
    cv::putText(ink, text, cv::Point(pad, pad + size.height), cv::FONT_HERSHEY_SCRIPT_SIMPLEX, scale,
                cv::Scalar(255), weight, cv::LINE_AA);
    const cv::Point2d c = pen.at(box.center());
    const double slant = rng.uniform(-0.25, 0.1), turn = rng.normal(0, 0.06);
    const double cx = ink.cols / 2.0, cy = ink.rows / 2.0;
    // Where it lands: a region round the box, clipped to the page.
    const cv::Point2d corner = pen.at({box.x - box.w, box.y + 2 * box.h});
    const cv::Rect roi = cv::Rect(static_cast<int>(corner.x), static_cast<int>(corner.y),
                                  static_cast<int>(pen.px(3 * box.w)), static_cast<int>(pen.px(3 * box.h))) &
                         cv::Rect(0, 0, m.cols, m.rows);
    const cv::Point2d to(c.x - roi.x + rng.normal(0, 0.06 * pen.px(box.w)),
                         c.y - roi.y + rng.normal(0, 0.06 * pen.px(box.h)));
    // ink → region: rotate by `turn`, shear by `slant`, centre on `to`.
    const double a = std::cos(turn), b = -std::sin(turn) + slant, d = std::sin(turn), e = std::cos(turn);
    const cv::Matx23d warp(a, b, to.x - a * cx - b * cy, d, e, to.y - d * cx - e * cy);
    cv::Mat placed;
    cv::warpAffine(ink, placed, warp, roi.size(), cv::INTER_LINEAR, cv::BORDER_CONSTANT, cv::Scalar(0));
    const int gray = static_cast<int>(rng.uniform(15, 70));
    cv::Mat target = m(roi);
    for (int y = 0; y < target.rows; ++y) {
        const auto* src = placed.ptr<std::uint8_t>(y);
        auto* dst = target.ptr<std::uint8_t>(y);
        for (int x = 0; x < target.cols; ++x) {
            if (src[x] > 0) {
                dst[x] = static_cast<std::uint8_t>(std::min<int>(dst[x], 255 - (255 - gray) * src[x] / 255));
            }
        }
    }
}

void lighten(Raster& page, double strength) {
    for (auto& p : page.pixels) {
        p = static_cast<std::uint8_t>(255 - std::lround((255 - p) * (1 - strength)));
    }
}

void dither(Raster& page) {
    std::vector<float> error(page.pixels.size() + static_cast<std::size_t>(page.width) + 2, 0.0F);
    const auto w = static_cast<std::size_t>(page.width);
    for (std::size_t i = 0; i < page.pixels.size(); ++i) {
        const float want = static_cast<float>(page.pixels[i]) + error[i];
        const float got = want < 128 ? 0.0F : 255.0F;
        page.pixels[i] = static_cast<std::uint8_t>(got);
        const float e = want - got;
        const std::size_t x = i % w;
        if (x + 1 < w) error[i + 1] += e * 7 / 16;
        if (x > 0) error[i + w - 1] += e * 3 / 16;
        error[i + w] += e * 5 / 16;
        if (x + 1 < w) error[i + w + 1] += e / 16;
    }
}

void cover_corner(Raster& page, const PageGeometry& geometry, int corner) {
    cv::Mat m = view(page);
    const Pen pen{page.dpi, geometry.height};
    const Rect c = corner_marks(geometry.width, geometry.height)[static_cast<std::size_t>(corner)];
    const cv::Point2d a = pen.at({c.x - 3, c.y + c.h + 3}), b = pen.at({c.x + c.w + 3, c.y - 3});
    cv::rectangle(m, cv::Point(static_cast<int>(a.x), static_cast<int>(a.y)),
                  cv::Point(static_cast<int>(b.x), static_cast<int>(b.y)), cv::Scalar(250), cv::FILLED);
}

}  // namespace handout::scan::synth
