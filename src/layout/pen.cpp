// The pen: measuring and setting text with inline markup, and the text box.
#include "layout/pen.hpp"

#include <array>
#include <algorithm>
#include <cmath>

#include "handout/text.hpp"
#include "layout/metrics.hpp"

namespace handout::layout {

double Block::height() const {
    double h = 0;
    for (const auto& r : rows) h += r.height;
    return h;
}

Row spacer(double h) {
    Row r;
    r.height = h;
    return r;
}

TextBox TextBox::page(const PageStyle& style) {
    return {style.margin_left, style.page_width - style.margin_right};
}

TextBox TextBox::column(const PageStyle& style) {
    if (style.columns != 2) return page(style);
    return {style.margin_left, style.margin_left + column_width(style)};
}

double column_width(const PageStyle& style) {
    return (style.page_width - style.margin_left - style.margin_right - style.column_gap) / 2;
}

double Pen::rich_width(const std::string& text, FontStyle base, double size) const {
    double w = 0;
    for (const auto& span : spans(text, base, size))
        w += span.box >= 0 ? span.box : fonts_.width(span.font, span.text, size);
    return w;
}

std::vector<std::vector<PlacedRun>> Pen::rich(const std::string& text, FontStyle base, double size, double width,
                                              double first_width) const {
    std::vector<Span> parts = spans(text, base, size);
    // A formula wider than a line is shrunk to the line (Pen::put scales it).
    for (Span& span : parts)
        if (span.box > width) span.box = std::max(width, 0.0);
    auto lines = wrap_spans(parts, fonts_, size, width, first_width, rtl_);
    // A displayed formula, alone on its line, is centred on it.
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto& line = lines[i];
        if (line.size() == 1 && line.front().box >= 0 && line.front().text.starts_with("$$")) {
            const double w = i == 0 && first_width >= 0 ? first_width : width;
            line.front().x = std::max(0.0, (w - line.front().box) / 2);
        }
    }
    return lines;
}

std::vector<Span> Pen::spans(const std::string& text, FontStyle base, double size) const {
    if (!may_have_math(text)) return parse_markup(text, base);
    std::vector<Span> out;
    for (const TextPiece& piece : split_math(text)) {
        if (piece.kind == TextPiece::Kind::text) {
            for (Span& s : parse_markup(piece.text, base)) out.push_back(std::move(s));
            continue;
        }
        // A displayed formula is a line of its own.
        const bool display = piece.kind == TextPiece::Kind::display_math;
        if (display) out.push_back({"\n", base});
        const std::string key = (display ? "$$" : "$") + piece.text;
        out.push_back({key, base, formula(key, size).width});
        if (display) out.push_back({"\n", base});
    }
    return out;
}

const MathBox& Pen::formula(const std::string& key, double size) const {
    auto [it, added] = formulas_.try_emplace({key, size});
    if (added) {
        const bool display = key.starts_with("$$");
        it->second = &fonts_.math().typeset(std::string_view(key).substr(display ? 2 : 1), display, size);
    }
    return *it->second;
}

namespace {

/// The slot a character of a run in `font` prints in.
FontStyle slot_of(char32_t cp, FontStyle font) {
    if (cp == invalid_code_point || !cjk_character(cp)) return font;
    return cjk_slot(cjk_face_of(cp));
}

/// `run` cut into runs of one face each: `out` gets them in order.
void split_run(const TextRun& run, const FontSet& fonts, std::vector<Item>& out) {
    std::size_t start = 0;  // the piece's first byte
    FontStyle font = run.font;
    const std::string_view text = run.text;
    const auto flush = [&](std::size_t end) {
        if (end == start) return;
        TextRun piece = run;
        piece.text = std::string(text.substr(start, end - start));
        piece.x = run.x + fonts.width(run.font, text.substr(0, start), run.size);
        piece.font = font;
        if (start > 0) piece.tag = {};
        out.emplace_back(std::move(piece));
        start = end;
    };
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t at = pos;
        const FontStyle slot = slot_of(next_code_point(text, pos), run.font);
        if (slot != font) {
            flush(at);
            font = slot;
        }
    }
    flush(text.size());
}

/// Names the file of `slot`, an extra slot (past the style's faces) text is
/// set in, unless named.
void name_slot_file(Document& doc, FontStyle slot, const FontSet& fonts) {
    if (static_cast<std::size_t>(slot) < font_style_count) return;
    std::string& file = doc.fonts[static_cast<std::size_t>(slot)];
    if (!file.empty()) return;
    if (slot == math_font_slot) {
        file = fonts.math().math_path();
        return;
    }
    for (const CjkFace face : {CjkFace::han, CjkFace::hangul})
        if (slot == cjk_slot(face))
            if (const FontFace* cjk = fonts.cjk(face); cjk != nullptr) file = cjk->path();
    for (std::size_t i = 0; i < shaped_script_count; ++i)
        if (const auto script = static_cast<ShapedScript>(i); slot == shaped_slot(script))
            if (const ShapedFace* face = fonts.shaped(script); face != nullptr) file = face->face().path();
}

/// What the glyph codes of a maths run (a size variant, an assembly's
/// part: MathGlyph) say, in `doc.glyph_texts` (the maths font's file is named).
void add_math_glyph_texts(Document& doc, std::string_view text, const MathFonts& math) {
    for (std::size_t pos = 0; pos < text.size();) {
        const char32_t code = next_code_point(text, pos);
        if (is_glyph_code(code))
            add_glyph_text(doc.glyph_texts[math.math_path()], code, math.glyph_text(code));
    }
}

/// Whether `text`, standing alone on a page that reads right to left, is
/// set right to left as a paragraph, as wrap_spans sets a line there: when
/// it holds a right-to-left letter, or no letter at all ("/ 4", "1.", a
/// word bank of numbers), and the bidirectional algorithm at that level
/// gives it anything but one left-to-right run. A text of left-to-right
/// letters alone ("Name", a sheet code's end "1-J") keeps its direction.
bool turns_right_to_left(const std::string& text) {
    std::u32string chars;
    decode_utf8(text, chars);
    bool left = false, right = false;
    for (const char32_t c : chars) {
        const std::optional<bool> strong = first_strong_rtl(std::u32string_view(&c, 1));
        if (strong) (*strong ? right : left) = true;
    }
    if (chars.empty() || (left && !right)) return false;
    const std::vector<BidiRun> runs = bidi_runs(chars, /*rtl=*/true);
    return runs.size() != 1 || runs.front().rtl;
}

}  // namespace

void finish_fonts(Document& doc, std::size_t first_page, const FontSet& fonts) {
    std::vector<Item> items;
    for (std::size_t p = first_page; p < doc.pages.size(); ++p) {
        std::vector<Item>& page = doc.pages[p].items;
        // Hebrew, Arabic, Devanagari, Thai, Lao, Khmer, Myanmar (and right-to-left text of any
        // script): the run shaped and ordered whole, its CJK characters too.
        // On a page that reads right to left a run standing alone is set
        // right to left as a paragraph ("/ 4" prints "4 /").
        const bool page_rtl = doc.pages[p].right_to_left;
        for (Item& item : page) {
            auto* run = std::get_if<TextRun>(&item);
            if (run == nullptr || !run->glyphs.empty() ||
                static_cast<std::size_t>(run->font) >= font_style_count)
                continue;
            const bool rtl = run->rtl || (page_rtl && !run->ordered && turns_right_to_left(run->text));
            if (rtl || needs_shaping(run->text))
                run->glyphs = fonts.shape(run->font, run->text,
                                          rtl ? std::optional<bool>(true) : std::nullopt, &doc.glyph_texts);
        }
        const auto to_cut = [](const Item& item) {
            const auto* run = std::get_if<TextRun>(&item);
            return run != nullptr && static_cast<std::size_t>(run->font) < font_style_count &&
                   run->glyphs.empty() && has_cjk(run->text);
        };
        if (std::none_of(page.begin(), page.end(), to_cut)) continue;
        items.clear();
        for (Item& item : page) {
            if (to_cut(item))
                split_run(std::get<TextRun>(item), fonts, items);
            else
                items.push_back(std::move(item));
        }
        page.swap(items);
    }
    // Each extra slot a run of these pages is set in gets its file. Without
    // its face, check has refused the text; the painter reports a run in a
    // slot that names no file.
    for (std::size_t p = first_page; p < doc.pages.size(); ++p)
        for (const Item& item : doc.pages[p].items) {
            const auto* run = std::get_if<TextRun>(&item);
            if (run == nullptr) continue;
            name_slot_file(doc, run->font, fonts);
            for (const Glyph& g : run->glyphs) name_slot_file(doc, g.font, fonts);
            if (run->font == math_font_slot) add_math_glyph_texts(doc, run->text, fonts.math());
        }
}

namespace {

/// Moves an item down by `dy` points.
void lower(Item& item, double dy) {
    std::visit(Overloaded{[&](Rule& it) {
                              it.y1 -= dy;
                              it.y2 -= dy;
                          },
                          [&](Circle& it) { it.cy -= dy; }, [&](auto& it) { it.y -= dy; }},
               item);
}

}  // namespace

void Pen::put_formula(Row& r, double x, double y, const PlacedRun& run, double size, double gray) const {
    const MathBox& natural = formula(run.text, size);
    MathBox scaled;
    const bool shrink = run.box < natural.width && natural.width > 0;
    if (shrink) {  // shrunk to fit its line (Pen::rich)
        const double k = run.box / natural.width;
        scaled.width = run.box;
        scaled.height = natural.height * k;
        scaled.depth = natural.depth * k;
        for (MathGlyph g : natural.glyphs) scaled.glyphs.push_back({g.cp, g.x * k, g.y * k, g.size * k});
        for (const MathRule& q : natural.rules)
            scaled.rules.push_back({q.x * k, q.y * k, q.w * k, std::max(q.h * k, 0.5)});
        if (shrunk_ != nullptr) {
            const bool display = run.text.starts_with("$$");
            add_shrunk_formula(*shrunk_, {run.text.substr(display ? 2 : 1), display, natural.width, run.box});
        }
    }
    const MathBox& box = shrink ? scaled : natural;
    // Room above the baseline and below it; a formula that needs more moves
    // the row's items down or makes the row taller, clear of the lines around.
    const double pad = size * 0.15;
    const double above = -(y - r.math_shift);
    if (box.height + pad > above) {
        const double dy = box.height + pad - above;
        for (Item& item : r.items) lower(item, dy);
        r.math_shift += dy;
        r.height += dy;
    }
    const double base = y - r.math_shift;
    const double below = r.height + base;
    if (box.depth + pad > below) r.height += box.depth + pad - below;
    for (const MathGlyph& g : box.glyphs) {
        r.items.push_back(
            text_run(x + run.x + g.x, base + g.y, math_font_slot, g.size, gray, encode_utf8(g.cp)));
    }
    for (const MathRule& rule : box.rules)
        r.items.push_back(Solid{x + run.x + rule.x, base + rule.y, rule.w, rule.h});
}

void Pen::put(Row& r, double x, double y, const std::vector<PlacedRun>& line, double size, double gray) const {
    const std::size_t first = r.items.size();
    double right = x;  // where the line ends
    for (const auto& run : line) {
        right =
            std::max(right, x + run.x + (run.box >= 0 ? run.box : fonts_.width(run.font, run.text, size)));
        if (run.box >= 0) {
            put_formula(r, x, y, run, size, gray);
            continue;
        }
        r.items.push_back(text_run(x + run.x, y - r.math_shift, run.font, size, gray, run.text));
        auto& placed = std::get<TextRun>(r.items.back());
        placed.rtl = run.rtl;
        placed.ordered = true;
    }
    // On a mirrored page the line moves whole, its runs in the order they print.
    if (rtl_) keep_order(r.items, first, x, right, fonts_);
}

void Pen::paragraph(Block& b, const std::string& text, double x, double width, FontStyle font, double size,
                    double gray) const {
    for (const auto& line : rich(text, font, size, width)) {
        Row r;
        r.height = lead(size);
        put(r, x, -size, line, size, gray);
        b.rows.push_back(std::move(r));
    }
}

std::string Pen::code_after(const std::string& before, const std::string& code) const {
    return rtl_ && has_rtl_letter(before) ? code + "\u200E" : code;
}

double Pen::number_indent() const {
    return std::max(metrics::number_indent_min,
                    fonts_.width(FontStyle::bold, "00.", style_.body_size) + metrics::number_indent_pad);
}

}  // namespace handout::layout
