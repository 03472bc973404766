// Stable text form of a laid-out document, for golden tests: one item per
// line, coordinates with two decimals, so a diff shows what moved.
#include "handout/layout.hpp"

#include <cstdio>

#include "layout/parts.hpp"

namespace handout {

namespace {

std::string num(double v) { return layout::two_decimals(v); }

const char* font_name(FontStyle f) {
    switch (f) {
        case FontStyle::regular: return "regular";
        case FontStyle::bold: return "bold";
        case FontStyle::italic: return "italic";
        case FontStyle::bold_italic: return "bold-italic";
        case FontStyle::mono: return "mono";
    }
    return "face";  // a further page style's face (see append)
}

}  // namespace

std::string layout::two_decimals(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    if (s == "-0.00") s = "0.00";
    return s;
}

std::string dump(const Document& doc) {
    std::string out = "document " + num(doc.width) + " x " + num(doc.height) + " \"" + doc.title + "\"\n";
    for (const auto& b : doc.bookmarks) out += "bookmark page " + std::to_string(b.page + 1) + " \"" + b.title + "\"\n";
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        out += "page " + std::to_string(i + 1) + "\n";
        for (const auto& item : doc.pages[i].items) {
            std::visit(
                [&](const auto& it) {
                    using T = std::decay_t<decltype(it)>;
                    if constexpr (std::is_same_v<T, TextRun>) {
                        out += "  text " + num(it.x) + " " + num(it.y) + " " + font_name(it.font) + " " +
                               num(it.size) + " gray " + num(it.gray) + " \"" + it.text + "\"\n";
                    } else if constexpr (std::is_same_v<T, Rule>) {
                        out += "  rule " + num(it.x1) + " " + num(it.y1) + " " + num(it.x2) + " " + num(it.y2) +
                               " width " + num(it.width) + " gray " + num(it.gray) + "\n";
                    } else if constexpr (std::is_same_v<T, Circle>) {
                        out += "  circle " + num(it.cx) + " " + num(it.cy) + " r " + num(it.r) + " width " +
                               num(it.width) + " gray " + num(it.gray) + "\n";
                    } else if constexpr (std::is_same_v<T, Picture>) {
                        out += "  picture " + num(it.x) + " " + num(it.y) + " " + num(it.w) + " " + num(it.h) + " " +
                               (it.image ? std::to_string(it.image->width) + "x" +
                                               std::to_string(it.image->height) + "-pixels"
                                         : std::string("no-image")) +
                               "\n";
                    } else if constexpr (std::is_same_v<T, Solid>) {
                        out += "  solid " + num(it.x) + " " + num(it.y) + " " + num(it.w) + " " + num(it.h) + "\n";
                    } else if constexpr (std::is_same_v<T, Symbol>) {
                        out += "  qr " + num(it.x) + " " + num(it.y) + " " + num(it.size) + " " +
                               std::to_string(it.modules) + "x" + std::to_string(it.modules) + " \"" +
                               it.tag.value + "\"\n";
                    } else {
                        static_assert(std::is_same_v<T, Box>, "every item kind has its dump line");
                        out += "  box " + num(it.x) + " " + num(it.y) + " " + num(it.w) + " " + num(it.h) +
                               " width " + num(it.width) + " gray " + num(it.gray) + "\n";
                    }
                },
                item);
        }
    }
    return out;
}

}  // namespace handout
