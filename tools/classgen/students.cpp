// classgen: students and their teacher at work (students.hpp).
#include "students.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "handout/model.hpp"
#include "mark/answers.hpp"

namespace classgen {

using handout::scan::Target;
using handout::scan::TargetKind;

namespace {

constexpr std::array<std::string_view, 17> style_names = {
    "pen fill",          "HB pencil",    "light pencil",   "tick",         "small cross",  "circled letter",
    "erased + new fill", "big-X change", "half fill",      "two filled",   "blank",        "digits + bubbles",
    "digits only",       "teacher fill", "teacher circle", "teacher tick", "teacher slash"};

/// One question's targets on a page, in geometry order.
struct Question {
    int source = 0;
    TargetKind kind = TargetKind::bubble;
    std::vector<std::size_t> targets;
};

std::vector<Question> questions_of(const handout::scan::PageGeometry& g) {
    std::vector<Question> out;
    for (std::size_t i = 0; i < g.targets.size(); ++i) {
        const Target& t = g.targets[i];
        if (t.kind == TargetKind::student_id) continue;
        auto it =
            std::find_if(out.begin(), out.end(), [&](const Question& q) { return q.source == t.question; });
        if (it == out.end()) it = out.insert(out.end(), Question{t.question, t.kind, {}});
        it->targets.push_back(i);
    }
    return out;
}

std::string row_of(const std::string& value) {
    const auto colon = value.find(':');
    return colon == std::string::npos ? "" : value.substr(0, colon);
}
std::string after_colon(const std::string& value) {
    const auto colon = value.find(':');
    return colon == std::string::npos ? value : value.substr(colon + 1);
}
std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto semi = text.find(';', start);
        out.push_back(text.substr(start, semi - start));
        if (semi == std::string::npos) return out;
        start = semi + 1;
    }
}
std::string join(const std::vector<std::string>& parts, const char* sep = ";") {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : sep) + p;
    return out;
}

Point centre(const Target& t) { return t.box.center(); }
double radius(const Target& t) { return std::min(t.box.w, t.box.h) / 2; }

/// A style drawn from a habit's odds (for answer bubbles and boxes).
Style draw_style(Habit h, Rng& rng) {
    struct Odds {
        Style style;
        double p;
    };
    static const std::map<Habit, std::vector<Odds>> table = {
        {Habit::pen,
         {{Style::pen_fill, .85},
          {Style::half_fill, .03},
          {Style::big_x_change, .04},
          {Style::tick, .02},
          {Style::two_filled, .02},
          {Style::blank, .03},
          {Style::small_cross, .01}}},
        {Habit::pencil,
         {{Style::hb_fill, .74},
          {Style::light_pencil, .08},
          {Style::erased_refill, .08},
          {Style::half_fill, .03},
          {Style::two_filled, .02},
          {Style::blank, .03},
          {Style::big_x_change, .02}}},
        {Habit::ticker,
         {{Style::tick, .70},
          {Style::small_cross, .15},
          {Style::pen_fill, .10},
          {Style::blank, .03},
          {Style::two_filled, .02}}},
        {Habit::circler,
         {{Style::circled, .75},
          {Style::pen_fill, .15},
          {Style::tick, .05},
          {Style::blank, .03},
          {Style::two_filled, .02}}},
        {Habit::messy,
         {{Style::pen_fill, .22},
          {Style::hb_fill, .10},
          {Style::half_fill, .12},
          {Style::light_pencil, .08},
          {Style::big_x_change, .10},
          {Style::erased_refill, .08},
          {Style::tick, .08},
          {Style::circled, .06},
          {Style::two_filled, .08},
          {Style::small_cross, .04},
          {Style::blank, .04}}},
    };
    double roll = rng.uniform();
    for (const auto& o : table.at(h)) {
        if (roll < o.p) return o.style;
        roll -= o.p;
    }
    return table.at(h).front().style;
}

/// A student at work on one page: their ink, habit and odds of being right.
struct Student {
    Hand& hand;
    Habit habit;
    double ability;
    Ink ink;
    Rng& rng;

    /// The ink a style is drawn with.
    Ink ink_of(Style s) {
        switch (s) {
            case Style::hb_fill:
            case Style::erased_refill: return habit == Habit::pencil ? ink : pencil_ink(rng);
            case Style::light_pencil: return light_ink(rng);
            default: return habit == Habit::pencil ? pen_ink(rng) : ink;
        }
    }

    /// Marks target `t` as meant, in style `s` (the style's other target aside).
    void mark(const Target& t, Style s) {
        const Point c = centre(t);
        const double r = radius(t);
        const Ink i = ink_of(s);
        switch (s) {
            case Style::tick: hand.tick(c, r * rng.uniform(2.0, 2.8), i); break;
            case Style::small_cross: hand.cross(c, r * rng.uniform(0.5, 0.8), i); break;
            case Style::circled: hand.loop(c, r * rng.uniform(1.3, 1.55), i); break;
            case Style::half_fill: hand.scribble(c, r, i, rng.uniform(0.4, 0.6)); break;
            case Style::blank: break;
            default: hand.scribble(c, r, i); break;
        }
    }

    /// The answer changed away from target `t` (for the two changing styles).
    void unmark(const Target& t, Style s) {
        if (s == Style::erased_refill) {
            hand.erased(centre(t), radius(t), rng);
        } else if (s == Style::big_x_change) {
            hand.scribble(centre(t), radius(t), ink_of(s));
            hand.cross(centre(t), radius(t) * rng.uniform(1.8, 2.4), ink_of(s));
        }
    }
};

/// Index of `value` among the targets (by the part after any colon), or npos.
std::size_t find_value(const handout::scan::PageGeometry& g, const std::vector<std::size_t>& among,
                       const std::string& v) {
    for (std::size_t i : among)
        if (after_colon(g.targets[i].value) == v) return i;
    return std::string::npos;
}

/// One group of bubbles taking one mark (a choice, a true/false, a row):
/// marks it; returns the group's `marked` text ("" blank; "A/C" two filled in a row).
std::string mark_single(Student& s, const handout::scan::PageGeometry& g,
                        const std::vector<std::size_t>& group, const std::string& right, Style style,
                        const char* two_sep) {
    if (style == Style::blank) return "";
    std::size_t meant = find_value(g, group, right);
    if (meant == std::string::npos || !s.rng.chance(s.ability))
        meant = group[static_cast<std::size_t>(s.rng.below(static_cast<int>(group.size())))];
    std::size_t other = meant;
    while (other == meant && group.size() > 1)
        other = group[static_cast<std::size_t>(s.rng.below(static_cast<int>(group.size())))];
    const Style fill = s.habit == Habit::pencil ? Style::hb_fill : Style::pen_fill;  // for two filled
    s.mark(g.targets[meant], style == Style::two_filled ? fill : style);
    if (style == Style::two_filled) {
        s.mark(g.targets[other], fill);
        std::vector<std::string> both{after_colon(g.targets[std::min(meant, other)].value),
                                      after_colon(g.targets[std::max(meant, other)].value)};
        return join(both, two_sep);
    }
    if (other != meant) s.unmark(g.targets[other], style);
    return after_colon(g.targets[meant].value);
}

}  // namespace

std::string_view to_string(Style s) { return style_names[static_cast<std::size_t>(s)]; }

std::string_view to_string(Habit h) {
    static constexpr std::array<std::string_view, 5> names = {"pen", "pencil", "ticker", "circler", "messy"};
    return names[static_cast<std::size_t>(h)];
}

const std::vector<Style>& all_styles() {
    static const std::vector<Style> styles = [] {
        std::vector<Style> out;
        for (std::size_t i = 0; i < style_names.size(); ++i) out.push_back(static_cast<Style>(i));
        return out;
    }();
    return styles;
}

bool parse_style(std::string_view text, Style& out) {
    for (std::size_t i = 0; i < style_names.size(); ++i)
        if (style_names[i] == text) {
            out = static_cast<Style>(i);
            return true;
        }
    return false;
}

std::vector<Habit> draw_habits(std::size_t students, bool pens_only, Rng& rng) {
    // A class's habits in their shares (pen 40 %, pencil 25 %, ticker 12 %,
    // circler 10 %, messy the rest), each at least once, dealt at random.
    std::vector<Habit> habits(students, Habit::pen);
    if (!pens_only) {
        const auto share = [&](double p) {
            return std::max<std::size_t>(
                1, static_cast<std::size_t>(std::lround(p * static_cast<double>(students))));
        };
        std::size_t next = 0;
        for (const auto& [habit, p] : std::vector<std::pair<Habit, double>>{
                 {Habit::messy, 0.13}, {Habit::circler, 0.10}, {Habit::ticker, 0.12}, {Habit::pencil, 0.25}})
            for (std::size_t i = 0; i < share(p) && next < students; ++i) habits[next++] = habit;
    }
    for (std::size_t i = students; i-- > 1;)
        std::swap(habits[i], habits[static_cast<std::size_t>(rng.below(static_cast<int>(i + 1)))]);
    return habits;
}

namespace {

/// A multi-select question: each box ticked (or not) as the student means.
std::string mark_boxes(Student& s, const handout::scan::PageGeometry& g, const Question& q,
                       const std::string& right, Style& style) {
    if (style == Style::two_filled) style = Style::pen_fill;  // any number may be ticked
    if (style == Style::blank) return "";
    const std::vector<std::string> good = split(right);
    std::vector<std::string> meant;
    std::vector<std::size_t> left;
    for (std::size_t i : q.targets) {
        const bool is_right = std::find(good.begin(), good.end(), g.targets[i].value) != good.end();
        if (s.rng.chance(is_right ? std::min(0.97, s.ability + 0.1) : 0.15)) {
            s.mark(g.targets[i], style);
            meant.push_back(g.targets[i].value);
        } else {
            left.push_back(i);
        }
    }
    if (meant.empty())
        style = Style::blank;
    else if ((style == Style::erased_refill || style == Style::big_x_change) && !left.empty())
        s.unmark(g.targets[left[static_cast<std::size_t>(s.rng.below(static_cast<int>(left.size())))]],
                 style);
    return join(meant);
}

/// A match or order question: one mark per row; a row now and then left out.
std::string mark_rows(Student& s, const handout::scan::PageGeometry& g, const Question& q,
                      const std::string& right, Style& style) {
    if (style == Style::blank) return "";
    std::vector<std::string> rows;  // in order of first appearance
    for (std::size_t i : q.targets)
        if (std::find(rows.begin(), rows.end(), row_of(g.targets[i].value)) == rows.end())
            rows.push_back(row_of(g.targets[i].value));
    const std::vector<std::string> good = split(right);
    // Two filled, or a changed answer, in one row; the other rows filled plainly.
    const bool one_row =
        style == Style::two_filled || style == Style::big_x_change || style == Style::erased_refill;
    const std::size_t odd_row =
        one_row ? static_cast<std::size_t>(s.rng.below(static_cast<int>(rows.size()))) : rows.size();
    const Style plain = style == Style::erased_refill ? Style::hb_fill : one_row ? Style::pen_fill : style;
    std::vector<std::string> marked;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        std::vector<std::size_t> group;
        for (std::size_t i : q.targets)
            if (row_of(g.targets[i].value) == rows[r]) group.push_back(i);
        const Style row_style = r == odd_row ? style : plain;
        const std::string m = s.rng.chance(0.03)
                                  ? ""
                                  : mark_single(s, g, group, r < good.size() ? good[r] : "", row_style, "/");
        marked.push_back(m.empty() ? "-" : m);
    }
    return join(marked);
}

/// The write-in boxes above a digit grid's columns (points), estimated from
/// the grid: one box per column, above its top row of bubbles.
std::vector<Rect> write_in_boxes(const handout::scan::PageGeometry& g, const Question& q, int columns) {
    double top = 0, r = 0;
    std::vector<double> x(static_cast<std::size_t>(columns), 0);
    for (std::size_t i : q.targets) {
        const Target& t = g.targets[i];
        top = std::max(top, t.box.y + t.box.h);
        r = radius(t);
        x[static_cast<std::size_t>(std::stoi(t.value) - 1)] = t.box.center().x;
    }
    std::vector<Rect> boxes;
    boxes.reserve(x.size());
    for (double cx : x) boxes.push_back({cx - r - 1.5, top + 0.7 * r, 2 * r + 3, 3 * r});
    return boxes;
}

/// A numeric digit grid: the number written in the boxes, right-aligned,
/// and (digits_bubbled) its bubbles filled.
std::string mark_grid(Student& s, const handout::scan::PageGeometry& g, const Question& q,
                      const std::string& right, Style& style) {
    int columns = 0;
    for (std::size_t i : q.targets) columns = std::max(columns, std::stoi(g.targets[i].value));
    const double roll = s.rng.uniform();
    style = roll < 0.03                                      ? Style::blank
            : roll < (s.habit == Habit::messy ? 0.28 : 0.13) ? Style::digits_written
                                                             : Style::digits_bubbled;
    if (style == Style::blank) return "";
    std::string text = right;
    if (!s.rng.chance(s.ability) || text.size() > static_cast<std::size_t>(columns) || text.empty())
        text = std::to_string(s.rng.below(columns >= 2 ? 99 : 9) + 1);
    const std::size_t pad = static_cast<std::size_t>(columns) - text.size();
    const std::vector<Rect> boxes = write_in_boxes(g, q, columns);
    s.hand.digits(text, std::vector<Rect>(boxes.begin() + static_cast<std::ptrdiff_t>(pad), boxes.end()),
                  s.ink_of(Style::pen_fill));
    if (style == Style::digits_bubbled) {
        const Style fill = s.habit == Habit::pencil ? Style::hb_fill : Style::pen_fill;
        for (std::size_t c = 0; c < text.size(); ++c) {
            const std::string value = std::to_string(c + pad + 1) + ":" + text.substr(c, 1);
            for (std::size_t i : q.targets)
                if (g.targets[i].value == value) s.mark(g.targets[i], fill);
        }
    }
    return text;
}

/// A written answer: the teacher's score, marked in the teacher's way.
std::string mark_teacher(Student& s, const handout::scan::PageGeometry& g, const Question& q, const Ink& pen,
                         Style& style) {
    const double roll = s.rng.uniform();
    style = roll < 0.4    ? Style::teacher_fill
            : roll < 0.65 ? Style::teacher_circle
            : roll < 0.85 ? Style::teacher_tick
                          : Style::teacher_slash;
    // Scores lean to the top: the better the student, the likelier full marks.
    const std::size_t n = q.targets.size();
    std::size_t pick =
        s.rng.chance(s.ability) ? n - 1 : static_cast<std::size_t>(s.rng.below(static_cast<int>(n)));
    const Target& t = g.targets[q.targets[pick]];
    const Point c = centre(t);
    const double r = radius(t);
    switch (style) {
        case Style::teacher_fill: s.hand.scribble(c, r, pen); break;
        case Style::teacher_circle: s.hand.loop(c, r * s.rng.uniform(1.4, 1.9), pen); break;
        case Style::teacher_tick: s.hand.tick(c, r * s.rng.uniform(2.2, 3.2), pen); break;
        default: s.hand.slash(c, r * s.rng.uniform(2.4, 3.4), s.rng.uniform(0.8, 1.3), pen); break;
    }
    return t.value;
}

}  // namespace

void mark_page(Raster& raster, const ClassSet& set, const PrintedPage& page, Habit habit, double ability,
               Rng& rng, std::vector<Truth>& truth) {
    const handout::scan::PageGeometry& g = *page.geometry;
    Hand hand(raster, g.height, rng);
    Student s{hand, habit, ability, habit == Habit::pencil ? pencil_ink(rng) : pen_ink(rng), rng};
    const Ink teacher = teacher_ink(rng);
    for (const Question& q : questions_of(g)) {
        const handout::VariantQuestion* vq = set.question(page.sheet, q.source);
        if (!vq) continue;
        const std::string right = handout::mark::correct_of(*vq);
        Truth t{page.sheet, page.page_id,           q.source, g.targets[q.targets.front()].printed,
                "",         draw_style(habit, rng), false};
        if (q.kind == TargetKind::teacher_box) {
            t.marked = mark_teacher(s, g, q, teacher, t.style);
        } else if (q.kind == TargetKind::tick_box) {
            t.marked = mark_boxes(s, g, q, right, t.style);
        } else if (q.kind == TargetKind::digit) {
            t.marked = mark_grid(s, g, q, right, t.style);
        } else if (!row_of(g.targets[q.targets.front()].value).empty()) {
            t.marked = mark_rows(s, g, q, right, t.style);
        } else {
            t.marked = mark_single(s, g, q.targets, right, t.style, ";");
        }
        if (t.style != Style::blank && t.marked.empty()) t.style = Style::blank;
        t.ambiguous = t.style == Style::two_filled;
        truth.push_back(std::move(t));
    }
}

}  // namespace classgen
