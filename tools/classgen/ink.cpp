// classgen: hand-drawn ink (ink.hpp).
#include "ink.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace classgen {

namespace {

constexpr int shift = 4;  // OpenCV's fixed-point fraction bits
constexpr double pi = 3.14159265358979323846;

/// A character's strokes in a unit box (x right, y up).
using Glyph = std::vector<std::vector<Point>>;

const std::map<char, Glyph>& glyphs() {
    static const std::map<char, Glyph> table = {
        {'0',
         {{{0.5, 1},
           {0.2, 0.85},
           {0.1, 0.5},
           {0.2, 0.12},
           {0.5, 0},
           {0.8, 0.12},
           {0.9, 0.5},
           {0.8, 0.88},
           {0.45, 1.02}}}},
        {'1', {{{0.3, 0.75}, {0.55, 1}, {0.55, 0}}}},
        {'2', {{{0.1, 0.75}, {0.3, 0.97}, {0.7, 0.97}, {0.88, 0.75}, {0.8, 0.5}, {0.1, 0}, {0.95, 0.02}}}},
        {'3',
         {{{0.1, 0.9},
           {0.5, 1},
           {0.85, 0.85},
           {0.8, 0.6},
           {0.4, 0.52},
           {0.85, 0.4},
           {0.9, 0.15},
           {0.5, 0},
           {0.1, 0.1}}}},
        {'4', {{{0.7, 0}, {0.7, 1}, {0.05, 0.3}, {0.95, 0.3}}}},
        {'5',
         {{{0.85, 1}, {0.2, 1}, {0.15, 0.55}, {0.55, 0.6}, {0.85, 0.4}, {0.8, 0.1}, {0.45, 0}, {0.1, 0.1}}}},
        {'6',
         {{{0.8, 0.95},
           {0.4, 0.9},
           {0.15, 0.5},
           {0.2, 0.1},
           {0.5, 0},
           {0.8, 0.15},
           {0.8, 0.4},
           {0.5, 0.55},
           {0.2, 0.4}}}},
        {'7', {{{0.1, 1}, {0.9, 1}, {0.4, 0}}}},
        {'8',
         {{{0.5, 0.55},
           {0.2, 0.75},
           {0.5, 1},
           {0.8, 0.75},
           {0.5, 0.55},
           {0.15, 0.3},
           {0.5, 0},
           {0.85, 0.3},
           {0.5, 0.55}}}},
        {'9',
         {{{0.8, 0.6}, {0.5, 0.45}, {0.2, 0.6}, {0.25, 0.9}, {0.55, 1}, {0.8, 0.85}, {0.8, 0.5}, {0.6, 0}}}},
        {'-', {{{0.2, 0.5}, {0.8, 0.5}}}},
        {'.', {{{0.45, 0.04}, {0.55, 0.1}, {0.5, 0.02}}}},
    };
    return table;
}

/// A stroke's path in pixels: `points` resampled every half point, pushed
/// about by a smooth random walk.
std::vector<cv::Point2d> path(const std::vector<Point>& points, double dpi, double page_h, double wobble,
                              Rng& rng) {
    const double k = dpi / 72.0;
    std::vector<cv::Point2d> out;
    cv::Point2d drift(0, 0);
    for (std::size_t i = 0; i + 1 < points.size() || (i == 0 && points.size() == 1); ++i) {
        const Point a = points[i], b = points.size() == 1 ? points[0] : points[i + 1];
        const double length = std::hypot(b.x - a.x, b.y - a.y);
        const int steps = std::max(1, static_cast<int>(length / 0.5));
        for (int s = (i == 0 ? 0 : 1); s <= steps; ++s) {
            const double t = static_cast<double>(s) / steps;
            drift = 0.8 * drift + cv::Point2d(rng.normal(0, wobble * 0.35), rng.normal(0, wobble * 0.35));
            out.emplace_back((a.x + t * (b.x - a.x) + drift.x) * k,
                             (page_h - (a.y + t * (b.y - a.y)) - drift.y) * k);
        }
    }
    return out;
}

}  // namespace

Ink pen_ink(Rng& rng) { return {rng.uniform(15, 60), rng.uniform(0.6, 0.95), 0}; }
Ink pencil_ink(Rng& rng) { return {rng.uniform(85, 125), rng.uniform(0.55, 0.85), rng.uniform(0.25, 0.4)}; }
Ink light_ink(Rng& rng) { return {rng.uniform(150, 180), rng.uniform(0.5, 0.8), rng.uniform(0.35, 0.5)}; }
Ink teacher_ink(Rng& rng) {
    const bool red = rng.chance(0.3);
    return {red ? rng.uniform(80, 110) : rng.uniform(15, 60), rng.uniform(0.6, 1.0), 0};
}

void Hand::stroke(const std::vector<Point>& points, const Ink& ink, double wobble) {
    if (points.empty()) return;
    const double dpi = page_.dpi;
    const std::vector<cv::Point2d> p = path(points, dpi, page_h_, wobble, rng_);
    const double w = std::max(1.0, ink.width * dpi / 72.0);
    // The layer: the stroke's bounding box with room for its width.
    cv::Rect2d bounds(p.front(), p.front());
    for (const auto& q : p) bounds |= cv::Rect2d(q, q + cv::Point2d(1, 1));
    const int pad = static_cast<int>(w) + 2;
    cv::Rect area(static_cast<int>(bounds.x) - pad, static_cast<int>(bounds.y) - pad,
                  static_cast<int>(bounds.width) + 2 * pad, static_cast<int>(bounds.height) + 2 * pad);
    area &= cv::Rect(0, 0, page_.width, page_.height);
    if (area.empty()) return;
    cv::Mat layer(area.size(), CV_8U, cv::Scalar(0));
    double pressure = rng_.uniform(0.85, 1.15);
    for (std::size_t i = 0; i + 1 < p.size(); ++i) {
        pressure = std::clamp(pressure + rng_.normal(0, 0.04), 0.7, 1.3);
        const auto fixed = [&](cv::Point2d q) {
            return cv::Point(static_cast<int>(std::lround((q.x - area.x) * (1 << shift))),
                             static_cast<int>(std::lround((q.y - area.y) * (1 << shift))));
        };
        cv::line(layer, fixed(p[i]), fixed(p[i + 1]), cv::Scalar(255),
                 std::max(1, static_cast<int>(std::lround(w * pressure))), cv::LINE_AA, shift);
    }
    if (p.size() == 1)
        cv::circle(layer, cv::Point(static_cast<int>(p[0].x) - area.x, static_cast<int>(p[0].y) - area.y),
                   static_cast<int>(w), cv::Scalar(255), cv::FILLED);
    // Multiply the page by the ink where the layer covers it.
    const double dark = 1 - ink.gray / 255.0;
    for (int y = 0; y < area.height; ++y) {
        const std::uint8_t* cover = layer.ptr<std::uint8_t>(y);
        std::uint8_t* row = page_.pixels.data() +
                            static_cast<std::size_t>(y + area.y) * static_cast<std::size_t>(page_.width) +
                            static_cast<std::size_t>(area.x);
        for (int x = 0; x < area.width; ++x) {
            if (cover[x] == 0) continue;
            double a = cover[x] / 255.0;
            if (ink.grain > 0 && rng_.chance(ink.grain)) a *= 0.25;
            row[x] = static_cast<std::uint8_t>(std::lround(row[x] * (1 - a * dark)));
        }
    }
}

void Hand::scribble(Point c, double r, const Ink& ink, double keep) {
    const double radius = r * rng_.uniform(0.88, 1.06);
    const double angle = rng_.uniform(0.3, 0.9) * (rng_.chance(0.5) ? 1 : -1);
    const double spacing = ink.width * rng_.uniform(0.55, 0.8);
    const Point along{std::cos(angle), std::sin(angle)}, across{-std::sin(angle), std::cos(angle)};
    const Point centre{c.x + rng_.normal(0, 0.05 * r), c.y + rng_.normal(0, 0.05 * r)};
    std::vector<Point> zigzag;
    bool forward = true;
    for (double d = -radius; d <= -radius + 2 * radius * keep; d += spacing) {
        const double half = std::sqrt(std::max(0.0, radius * radius - d * d)) * (1 + rng_.normal(0, 0.08));
        const Point mid{centre.x + across.x * d, centre.y + across.y * d};
        const Point a{mid.x - along.x * half, mid.y - along.y * half},
            b{mid.x + along.x * half, mid.y + along.y * half};
        zigzag.push_back(forward ? a : b);
        zigzag.push_back(forward ? b : a);
        forward = !forward;
    }
    stroke(zigzag, ink, 0.12);
    if (keep >= 1 && rng_.chance(0.5)) {  // a second pass, as most people go over a fill
        std::vector<Point> ring;
        for (int i = 0; i <= 14; ++i) {
            const double a = 2 * pi * i / 12.0;
            ring.push_back({centre.x + 0.8 * radius * std::cos(a), centre.y + 0.8 * radius * std::sin(a)});
        }
        stroke(ring, ink, 0.12);
    }
}

void Hand::tick(Point c, double size, const Ink& ink) {
    const double s = size, turn = rng_.normal(0, 0.12);
    const auto at = [&](double x, double y) {
        return Point{c.x + s * (x * std::cos(turn) - y * std::sin(turn)),
                     c.y + s * (x * std::sin(turn) + y * std::cos(turn))};
    };
    stroke({at(-0.35, 0.15), at(-0.2, 0.02), at(-0.05, -0.25), at(0.2, 0.2),
            at(0.45 + rng_.uniform(0, 0.15), 0.75)},
           ink, 0.15);
}

void Hand::cross(Point c, double reach, const Ink& ink) {
    const double turn = rng_.uniform(-0.3, 0.3);
    for (int arm = 0; arm < 2; ++arm) {
        const double a = pi / 4 + arm * pi / 2 + turn + rng_.normal(0, 0.1);
        const double r1 = reach * rng_.uniform(0.8, 1.1), r2 = reach * rng_.uniform(0.8, 1.1);
        stroke({{c.x - r1 * std::cos(a), c.y - r1 * std::sin(a)},
                {c.x + r2 * std::cos(a), c.y + r2 * std::sin(a)}},
               ink, 0.2);
    }
}

void Hand::loop(Point c, double r, const Ink& ink) {
    const double start = rng_.uniform(0, 2 * pi), sweep = 2 * pi + rng_.uniform(-0.3, 0.6);
    const double rx = r * rng_.uniform(1.0, 1.15), ry = r * rng_.uniform(0.88, 1.02);
    const Point centre{c.x + rng_.normal(0, 0.1 * r), c.y + rng_.normal(0, 0.08 * r)};
    std::vector<Point> ring;
    for (int i = 0; i <= 40; ++i) {
        const double a = start + sweep * i / 40.0, grow = 1 + 0.08 * i / 40.0;
        ring.push_back({centre.x + rx * grow * std::cos(a), centre.y + ry * grow * std::sin(a)});
    }
    stroke(ring, ink, 0.3);
}

void Hand::slash(Point c, double length, double angle, const Ink& ink) {
    const double h = length / 2;
    stroke({{c.x - h * std::cos(angle), c.y - h * std::sin(angle)},
            {c.x + h * std::cos(angle), c.y + h * std::sin(angle)}},
           ink, 0.2);
}

void Hand::erased(Point c, double r, Rng& rng) {
    // What a rubber leaves of a pencil fill: a faint smear and gray traces.
    scribble(c, r * 1.05, {rng.uniform(200, 228), rng.uniform(0.6, 0.9), 0.55});
    scribble({c.x + rng.normal(0, 0.1 * r), c.y + rng.normal(0, 0.1 * r)}, r * 1.3,
             {rng.uniform(236, 246), 1.2, 0.2});
}

void Hand::digits(const std::string& text, const std::vector<Rect>& boxes, const Ink& ink) {
    const double slant = rng_.uniform(0.05, 0.25);
    for (std::size_t i = 0; i < text.size() && i < boxes.size(); ++i) {
        const auto glyph = glyphs().find(text[i]);
        if (glyph == glyphs().end()) continue;
        const Rect& b = boxes[i];
        const double w = b.w * rng_.uniform(0.5, 0.7), h = b.h * rng_.uniform(0.6, 0.8);
        const double x0 = b.x + (b.w - w) / 2 + rng_.normal(0, 0.05 * b.w),
                     y0 = b.y + (b.h - h) / 2 + rng_.normal(0, 0.05 * b.h);
        for (const auto& line : glyph->second) {
            std::vector<Point> pts;
            pts.reserve(line.size());
            for (const Point& u : line) pts.push_back({x0 + (u.x + slant * u.y) * w, y0 + u.y * h});
            stroke(pts, ink, 0.18);
        }
    }
}

}  // namespace classgen
