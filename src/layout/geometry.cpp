// The machine-readable geometry of laid-out pages, read off the Document's
// tagged items: the scan reader and `handout layout --json` take it from
// here, so both see exactly what the painter drew.
#include "handout/layout.hpp"

#include <cmath>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "handout/text.hpp"
#include "handout/variant.hpp"
#include "layout/parts.hpp"

namespace handout {

namespace {

std::optional<scan::TargetKind> target_kind(Role role) {
    switch (role) {
        case Role::bubble: return scan::TargetKind::bubble;
        case Role::tick_box: return scan::TargetKind::tick_box;
        case Role::teacher_box: return scan::TargetKind::teacher_box;
        case Role::digit: return scan::TargetKind::digit;
        case Role::student_id: return scan::TargetKind::student_id;
        default: return std::nullopt;
    }
}

/// The outline's bounding box of a circle or box; nullopt for other items.
std::optional<scan::Rect> outline(const Item& item) {
    if (const auto* c = std::get_if<Circle>(&item)) return scan::Rect{c->cx - c->r, c->cy - c->r, 2 * c->r, 2 * c->r};
    if (const auto* b = std::get_if<Box>(&item)) return scan::Rect{b->x, b->y, b->w, b->h};
    return std::nullopt;
}

// JSON objects keep their keys in the order written (nlohmann-json).
using Json = nlohmann::ordered_json;

/// A length in points, to two decimals as the layout dump rounds them
/// (the nearest double to that decimal, which the library prints as written).
double num(double v) { return std::stod(layout::two_decimals(v)); }

Json rect_json(const scan::Rect& r) {
    return {{"x", num(r.x)}, {"y", num(r.y)}, {"w", num(r.w)}, {"h", num(r.h)}};
}

}  // namespace

std::optional<PageCodeOf> page_code_of(const Page& page) {
    for (const Item& item : page.items)
        if (const auto* s = std::get_if<Symbol>(&item); s && s->tag.role == Role::page_code)
            if (auto code = scan::parse_page_code(s->tag.value))
                return PageCodeOf{*code, scan::Rect{s->x, s->y, s->size, s->size}};
    return std::nullopt;
}

namespace {

/// The targets and write-in boxes of `page`, in item order.
void read_targets(const Page& page, scan::PageGeometry& g) {
    for (const Item& item : page.items) {
        const Tag& tag = tag_of(item);
        const auto kind = target_kind(tag.role);
        const auto box = outline(item);
        if (tag.role == Role::answer_box && box && !tag.value.empty()) {  // a digit column's write-in box
            g.write_ins.push_back({tag.question ? scan::TargetKind::digit : scan::TargetKind::student_id,
                                   tag.question, tag.value, *box});
            continue;
        }
        if (!kind || !box) continue;
        g.targets.push_back({*kind, tag.question, tag.printed ? std::to_string(tag.printed) : "", tag.value, *box});
    }
}

}  // namespace

std::optional<scan::PageGeometry> page_geometry(const Document& doc, std::size_t index) {
    const Page& page = doc.pages.at(index);
    const auto code = page_code_of(page);
    if (!code) return std::nullopt;
    scan::PageGeometry g;
    g.width = doc.width;
    g.height = doc.height;
    g.qr = code->qr;
    read_targets(page, g);
    return g;
}

std::string layout_tag(const Page& page, double width, double height) {
    scan::PageGeometry g;
    read_targets(page, g);
    // Hundredths of a point, as integers: the same on every machine.
    std::string bytes;
    const auto number = [&](double v) { bytes += std::to_string(std::llround(v * 100)) + ","; };
    const auto rect = [&](const scan::Rect& r) {
        for (double v : {r.x, r.y, r.w, r.h}) number(v);
    };
    number(width);
    number(height);
    for (const auto& t : g.targets) {
        bytes +=
            std::string(scan::to_string(t.kind)) + "," + std::to_string(t.question) + "," + t.value + ",";
        rect(t.box);
    }
    for (const auto& w : g.write_ins) {
        bytes += "w" + std::to_string(w.question) + "," + w.group + ",";
        rect(w.box);
    }
    return scan::tag_chars(hash64("layout\x1f" + bytes));
}

std::string layout_json(const Document& doc) {
    Json pages = Json::array();
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        const auto g = page_geometry(doc, i);
        if (!g) continue;
        const auto code = page_code_of(doc.pages[i]);
        const std::size_t page = i + 1;
        Json marks = Json::array();
        for (const scan::Rect& mark : scan::corner_marks(g->width, g->height))
            marks.push_back(rect_json(mark));
        Json targets = Json::array();
        for (const scan::Target& t : g->targets) {
            Json target = {{"page", page},
                           {"printed_number", t.printed.empty() ? Json() : Json(std::stoll(t.printed))},
                           {"question", t.question ? Json(t.question) : Json()},
                           {"kind", std::string(scan::to_string(t.kind))},
                           {"value", t.value}};
            target.update(rect_json(t.box));
            targets.push_back(std::move(target));
        }
        Json write_ins = Json::array();
        for (const scan::WriteIn& w : g->write_ins) {
            Json write_in = {{"page", page},
                             {"question", w.question ? Json(w.question) : Json()},
                             {"kind", std::string(scan::to_string(w.kind))},
                             {"column", w.group}};
            write_in.update(rect_json(w.box));
            write_ins.push_back(std::move(write_in));
        }
        pages.push_back({{"page", page},
                         {"sheet", code->code.sheet},
                         {"page_code", code->code.text},
                         {"width", num(g->width)},
                         {"height", num(g->height)},
                         {"qr", rect_json(g->qr)},
                         {"corner_marks", std::move(marks)},
                         {"targets", std::move(targets)},
                         {"write_ins", std::move(write_ins)}});
    }
    const Json root = {{"layout_version", scan::layout_version},
                       {"units", "pt, origin at the bottom-left corner of the page"},
                       {"pages", std::move(pages)}};
    return root.dump(2) + "\n";
}

}  // namespace handout
