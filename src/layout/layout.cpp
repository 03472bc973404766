// Layout of a variant: the student pages (header, then each question as a
// block that never splits across pages) fitted to the worksheet's page
// count, then the key; each page framed with a footer. The parts live in
// their own files: pen.cpp (setting text), questions.cpp (one function per
// question type), key.cpp, paginate.cpp; metrics.hpp names the measures.
#include "handout/layout.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>

#include "handout/math.hpp"
#include "handout/points.hpp"
#include "handout/roster.hpp"
#include "handout/text.hpp"
#include "layout/metrics.hpp"
#include "layout/parts.hpp"

namespace handout {

namespace {

}  // namespace

namespace layout {

namespace {

namespace m = metrics;

// The layout of one variant: the student part and the key part, framed.
class Layouter {
public:
    Layouter(const Variant& v, const PageStyle& s, const FontSet& f, const LayoutOptions& o)
        : v_(v),
          ws_(*v.worksheet),
          style_(s),
          opts_(o),
          labels_(resolve_labels(ws_, &s.labels)),
          pen_(s, f, labels_, ws_.right_to_left(), &shrunk_),
          page_(TextBox::page(s)),
          words_(labels_.points),
          gap_width_(worksheet_gap_width(pen_, ws_)) {}

    void run(Document& doc) const {
        doc.width = style_.page_width;
        doc.height = style_.page_height;
        doc.fonts = pen_.fonts().files();
        const std::size_t first_page = doc.pages.size();
        // The PDF's title shows a formula as its source, without the dollars.
        if (doc.title.empty()) doc.title = without_math_delimiters(ws_.title.text);
        if (opts_.key != KeyMode::only) {
            std::string mark = opts_.bookmark;
            if (mark.empty()) mark = opts_.student_name.empty() ? v_.code : opts_.student_name + " \u00b7 " + v_.code;
            doc.bookmarks.push_back({mark, doc.pages.size()});
            // A roster's name is in every footer, so that a loose page finds its student.
            if (opts_.question_pages) frame(student_pages(), doc, opts_.student_name, question_marks(), "");
            if (opts_.answer_sheet)
                frame(answer_pages(opts_.fit_answer_pages), doc,
                      with_name(opts_.copy.empty() ? labels_.answer_sheet : labels_.answer_sheet + " " + opts_.copy),
                      true, "A", opts_.copy.empty() ? "" : "-" + opts_.copy);
        }
        if (opts_.key != KeyMode::off) {
            // With --duplex the key starts on a fresh sheet of paper.
            if (opts_.duplex && doc.pages.size() % 2 == 1) doc.pages.push_back(blank_page());
            doc.bookmarks.push_back({labels_.answer_key + " \u00b7 " + v_.code, doc.pages.size()});
            auto blocks = key_blocks(pen_, page_, v_, opts_.student_name);
            frame(paginate_without_widow(blocks, style_, 1.0, 1.0, 1), doc, with_name(labels_.answer_key), false, "");
        }
        if (opts_.duplex && doc.pages.size() % 2 == 1) doc.pages.push_back(blank_page());
        finish_fonts(doc, first_page, pen_.fonts());
        for (const ShrunkFormula& f : shrunk_) add_shrunk_formula(doc.shrunk_formulas, f);
    }

private:
    const Variant& v_;
    const Worksheet& ws_;
    const PageStyle& style_;
    const LayoutOptions& opts_;
    const Labels labels_;
    mutable std::vector<ShrunkFormula> shrunk_;  // what the pens shrank (Pen::put)
    const Pen pen_;
    const TextBox page_;  // the page between its margins
    const PointsWords words_;
    const double gap_width_;  // every fill gap's width

    // `part`, after the roster's name when there is one.
    std::string with_name(const std::string& part) const {
        return opts_.student_name.empty() ? part : opts_.student_name + " \u00b7 " + part;
    }

    // Every variant of a worksheet prints on the same, fewest pages
    // (fit_pages): the space between questions and options tightens step by
    // step until this order fits, and an order that needs fewer is spread
    // evenly over them; no question stays alone on the last page when the
    // one before it can join it. Without fit_pages: the style's spacing.
    std::vector<Page> student_pages() const {
        if (opts_.fit_pages == 0) {
            auto blocks = student_blocks(1.0);
            return paginate_without_widow(blocks, style_, 1.0, 1.0, 1);
        }
        for (double spacing : m::fit_spacings) {
            auto blocks = student_blocks(spacing);
            if (spacing != m::fit_spacings[std::size(m::fit_spacings) - 1] &&
                paginate(blocks, style_, spacing).size() > opts_.fit_pages)
                continue;
            return paginate_to(blocks, style_, spacing, opts_.fit_pages, 1);
        }
        return {};
    }

public:
    // The student pages at the planned tightest spacing: what a worksheet's
    // page count is made from.
    std::size_t fewest_student_pages() const {
        return paginate(student_blocks(m::fit_planned), style_, m::fit_planned).size();
    }

    // The answer sheet's own page count (before any padding).
    std::size_t answer_sheet_pages() const {
        return answer_pages(0).size();
    }

private:
    // The header at page width, then each section's questions in the
    // question box (the first column in a two-column style), a section's
    // heading kept with its first question; options `spacing` times the
    // style's option gap apart.
    std::vector<Block> student_blocks(double spacing) const {
        PageStyle tight = style_;
        tight.option_gap *= spacing;
        const Pen pen(tight, pen_.fonts(), labels_, pen_.rtl(), &shrunk_);
        std::vector<Block> blocks;
        blocks.push_back(header_block());
        const TextBox box = TextBox::column(style_);
        const bool two_columns = style_.columns == 2;
        for (const auto& section : v_.sections) {
            const Block heading = section_heading(*section.source, box);
            bool first_in_section = true;
            for (const auto& q : section.questions) {
                const std::string aside = ws_.show_points ? points_label(q.source->points, words_) : "";
                Block qb = question_block(pen, box, opts_.images, q, question_marks(), aside, gap_width_);
                if (first_in_section && !heading.rows.empty()) {
                    qb.rows.insert(qb.rows.begin(), heading.rows.begin(), heading.rows.end());
                    qb.space_before = heading.space_before;
                }
                first_in_section = false;
                qb.in_column = two_columns;
                blocks.push_back(std::move(qb));
            }
        }
        return blocks;
    }

    // A section's title, with its points when they show ("Part A (6 marks)"),
    // instructions and passage (no rows for the implicit section).
    Block section_heading(const Section& section, const TextBox& box) const {
        Block heading;
        heading.space_before = style_.question_gap * m::section_space;
        if (!section.title.empty()) {
            const std::string total = ws_.show_points ? " (" + points_label(section.points(), words_) + ")" : "";
            pen_.paragraph(heading, section.title.text + total, box.left, box.width(), FontStyle::bold,
                           style_.subtitle_size, style_.text_gray);
            heading.rows.push_back(spacer(m::section_title_space));
        }
        if (!section.instructions.empty()) {
            pen_.paragraph(heading, section.instructions.text, box.left, box.width(), FontStyle::italic,
                           style_.body_size, style_.text_gray);
            heading.rows.push_back(spacer(m::section_instructions_space));
        }
        // A reading passage in the body face, as written (its line breaks kept).
        if (!section.passage.empty()) {
            pen_.paragraph(heading, section.passage.text, box.left, box.width(), FontStyle::regular,
                           style_.body_size, style_.text_gray);
            heading.rows.push_back(spacer(m::section_passage_space));
        }
        return heading;
    }

    // Title, subtitle, meta line, write-in fields and instructions.
    Block header_block() const {
        Block b;
        const auto paragraph = [&](const std::string& text, FontStyle font, double size, double gray) {
            pen_.paragraph(b, text, page_.left, page_.width(), font, size, gray);
        };
        // Size alone sets the title apart: a light face keeps the sheet's ink low.
        paragraph(ws_.title.text, FontStyle::regular, style_.title_size, style_.text_gray);
        if (!ws_.subtitle.empty()) {
            b.rows.push_back(spacer(m::subtitle_space));
            paragraph(ws_.subtitle.text, FontStyle::italic, style_.subtitle_size, style_.text_gray);
        }
        std::string meta;
        for (const Text* part : {&ws_.subject, &ws_.topic}) {
            if (part->empty()) continue;
            if (!meta.empty()) meta += " \u00b7 ";
            meta += part->text;
        }
        if (!ws_.ages.empty()) meta += (meta.empty() ? "" : " \u00b7 ") + labels_.ages + " " + ws_.ages.text;
        if (!meta.empty()) {
            b.rows.push_back(spacer(m::meta_space));
            paragraph(meta, FontStyle::regular, style_.meta_size, style_.muted_gray);
        }
        if (!ws_.fields.empty() || ws_.show_points) {
            b.rows.push_back(spacer(m::fields_space));
            field_rows(b);
        }
        if (!ws_.instructions.empty()) {
            b.rows.push_back(spacer(m::fields_space));
            paragraph(ws_.instructions.text, FontStyle::italic, style_.body_size, style_.text_gray);
        }
        if (question_marks() && ws_.id_digits > 0) student_number_rows(pen_, b, page_.left, ws_.id_digits);
        return b;
    }

    // Whether the question pages are the ones a scanner reads (no answer sheet).
    bool question_marks() const { return opts_.page_marks && !opts_.answer_sheet; }

    // The answer sheet in two columns under its header: the title, "Answer
    // sheet", the write-in fields and the student-number grid.
    // At least `at_least` pages (blank ones after the sheet's own).
    std::vector<Page> answer_pages(std::size_t at_least) const {
        PageStyle two = style_;
        two.columns = 2;
        const Pen pen(two, pen_.fonts(), labels_, pen_.rtl(), &shrunk_);
        Block header;
        pen.paragraph(header, ws_.title.text, page_.left, page_.width(), FontStyle::regular, style_.subtitle_size,
                      style_.text_gray);
        pen.paragraph(header, labels_.answer_sheet, page_.left, page_.width(), FontStyle::bold, style_.body_size,
                      style_.text_gray);
        if (!ws_.fields.empty()) {
            header.rows.push_back(spacer(m::fields_space));
            field_rows(header);
        }
        auto pages = paginate(answer_sheet_blocks(pen, TextBox::column(two), v_, std::move(header)), two, 1.0);
        if (pages.size() < at_least) pages.resize(at_least);
        return pages;
    }

    // Whether a student marks any bubble or box on this sheet.
    bool has_bubbles() const {
        for (const auto& section : v_.sections)
            for (const auto& q : section.questions)
                switch (q.source->type()) {
                    case QuestionType::choice:
                    case QuestionType::multi:
                    case QuestionType::truefalse:
                    case QuestionType::match:
                    case QuestionType::order: return true;
                    default: break;
                }
        return false;
    }

    // The write-in fields and what is written on them: the roster's name on
    // the first, its class on a Class field (one is added after the first
    // when the worksheet has none).
    std::vector<WriteIn> fields(const std::string& name, const std::string& class_name) const {
        std::vector<WriteIn> out;
        for (const std::string& label : field_labels(ws_, labels_)) out.push_back({label, ""});
        if (out.empty()) return out;
        out[0].written = name;
        if (class_name.empty()) return out;
        const auto is_class = [](const WriteIn& f) { return is_class_heading(f.label); };
        if (auto at = std::find_if(out.begin() + 1, out.end(), is_class); at != out.end()) at->written = class_name;
        else out.insert(out.begin() + 1, {labels_.class_name, class_name});
        return out;
    }

    // The write-in fields on `b`, with the total when points show. A
    // roster's class gets a field of its own only where that keeps the
    // fields as high as without it (else it follows the name): `handout
    // mark` lays sheets out without names and classes, and every bubble
    // must be where it looks.
    void field_rows(Block& b) const {
        FieldTotal total;
        if (ws_.show_points) total = {words_.total + labels_.colon, "/ " + format_points(ws_.points())};
        auto written = fields(opts_.student_name, opts_.student_class);
        if (!opts_.student_class.empty() && !written.empty()) {
            auto plain = fields(opts_.student_name, "");
            if (field_rows_height(pen_, page_, written, total) != field_rows_height(pen_, page_, plain, total)) {
                plain[0].written += (plain[0].written.empty() ? "" : " \u00b7 ") + opts_.student_class;
                written = std::move(plain);
            }
        }
        layout::field_rows(pen_, page_, written, total, b);
    }

    Page blank_page() const {
        Page p;
        footer(p, "", 0, 0, false);
        if (pen_.rtl()) mirror_page(p, style_.page_width, pen_.fonts());
        return p;
    }

    // Part, sheet code and `page n of m` on the right (n = 0: a blank back
    // side, code only), left of the QR code on a page with marks; brand and
    // url on the left.
    void footer(Page& p, const std::string& part, std::size_t n, std::size_t count, bool marks) const {
        const double size = style_.footer_size;
        const double y = style_.margin_bottom - size;
        // The code prints in the mono face, whose letters and digits cannot be
        // mistaken for each other when a teacher types it from paper.
        std::string before = part.empty() ? "" : part + " \u00b7 ";
        const std::string after = n > 0 ? " \u00b7 " + labels_.page_of(n, count) : "";
        const double w_code = pen_.width(FontStyle::mono, v_.code, size);
        const double w_after = pen_.width(FontStyle::regular, after, size);
        const double right = marks ? qr_area(style_).x - m::footer_qr_gap : page_.right;
        // A long part (a roster name) shrinks to the room left of the code,
        // then loses its end ("…"), never reaching the left margin.
        const double part_room = right - page_.left - w_code - w_after;
        double before_size = size, w_before = pen_.width(FontStyle::regular, before, size);
        if (w_before > part_room) {
            before_size = std::max(m::marking_note_min_size, size * part_room / w_before);
            before = fit_with_ellipsis(before, part_room, before_size);
            w_before = pen_.width(FontStyle::regular, before, before_size);
        }
        double x = right - w_before - w_code - w_after;

        // The brand takes what room the code leaves: shrunk to fit it (large
        // print, a long answer-sheet footer), left out below a readable size.
        std::string brand = ws_.brand.text;
        if (!ws_.url.empty()) brand += (brand.empty() ? "" : " \u00b7 ") + ws_.url.text;
        if (!brand.empty()) {
            const double room = x - m::footer_qr_gap - page_.left;
            const double brand_size = size * std::min(1.0, room / pen_.width(FontStyle::regular, brand, size));
            if (brand_size >= m::marking_note_min_size)
                p.items.push_back(text_run(page_.left, y, FontStyle::regular, brand_size, style_.muted_gray, brand));
        }

        if (!before.empty()) push_apart(p, x, y, before_size, before, true);
        x += w_before;
        // In the text's own black, so that the code survives a photocopy.
        p.items.push_back(text_run(x, y, FontStyle::mono, size, style_.text_gray, v_.code));
        x += w_code;
        if (!after.empty()) push_apart(p, x, y, size, after, false);
    }

    // A footer part and its " · " (after it when `separator_last`, else
    // before it) at x: one run, but two when the part reads right to left
    // (an Arabic or Hebrew label), as the bidirectional algorithm would
    // otherwise set the separator at the far end of the part, against the
    // code, and on a mirrored page, which moves each run on its own.
    void push_apart(Page& p, double x, double y, double size, const std::string& text,
                    bool separator_last) const {
        const std::string separator = " \u00b7 ";
        std::u32string chars;
        decode_utf8(text, chars);
        const bool has = separator_last ? std::string_view(text).ends_with(separator)
                                        : std::string_view(text).starts_with(separator);
        if (!has || (!pen_.rtl() && !first_strong_rtl(chars).value_or(false))) {
            p.items.push_back(text_run(x, y, FontStyle::regular, size, style_.muted_gray, text));
            return;
        }
        const std::size_t cut = separator_last ? text.size() - separator.size() : separator.size();
        const std::string first = text.substr(0, cut), second = text.substr(cut);
        p.items.push_back(text_run(x, y, FontStyle::regular, size, style_.muted_gray, first));
        const double w_first = pen_.width(FontStyle::regular, first, size);
        p.items.push_back(text_run(x + w_first, y, FontStyle::regular, size, style_.muted_gray, second));
    }

    // `text` cut short with "… · " so that it is at most `room` wide at `size`
    // (it ends with the separator " · ").
    std::string fit_with_ellipsis(const std::string& text, double room, double size) const {
        if (pen_.width(FontStyle::regular, text, size) <= room) return text;
        const std::string tail = "\u2026 \u00b7 ";
        std::string cut = text;
        while (!cut.empty()) {
            cut.erase(code_point_start(cut, cut.size() - 1));
            if (pen_.width(FontStyle::regular, cut + tail, size) <= room) break;
        }
        return cut + tail;
    }

    // The one marking convention the scan reader tells apart (docs/scanning.md),
    // on the first page, in the bottom margin above the footer and left of the
    // QR code (so it costs no room of the questions), in black so a copier
    // keeps it, shrunk to fit that width (not under 7 pt).
    void marking_note(Page& p) const {
        const std::string& note = labels_.marking_note;
        const double room = qr_area(style_).x - m::footer_qr_gap - page_.left;
        const double width = pen_.width(FontStyle::italic, note, style_.footer_size);
        const double size = std::max(m::marking_note_min_size, style_.footer_size * std::min(1.0, room / width));
        const double y = style_.margin_bottom - style_.footer_size + style_.footer_size * m::marking_note_lift;
        p.items.push_back(text_run(page_.left, y, FontStyle::italic, size, style_.text_gray, note));
        if (pen_.rtl()) reflect(p.items.back(), style_.page_width, pen_.fonts());  // right of the QR code
    }

    // Adds the footer (`page n of m` within `part`), and the corner marks and
    // page code when asked, to each page and moves the pages into the document.
    // A page that reads right to left is mirrored before its marks are added
    // (their layout tag is of the targets where they print).
    // Page codes read `<prefix><n>`: "1", "2" for question pages, "A1" for an answer sheet.
    void frame(std::vector<Page> pages, Document& doc, const std::string& part, bool marks,
               const std::string& prefix, const std::string& suffix = "") const {
        for (std::size_t i = 0; i < pages.size(); ++i) {
            footer(pages[i], part, i + 1, pages.size(), marks);
            if (pen_.rtl()) mirror_page(pages[i], style_.page_width, pen_.fonts());
            if (marks)
                add_page_marks(pages[i], style_, v_.code, (prefix + std::to_string(i + 1)).append(suffix),
                               scan::student_tag(opts_.student_name, opts_.student_class), pen_.rtl());
            if (marks && i == 0 && has_bubbles()) marking_note(pages[i]);
            doc.pages.push_back(std::move(pages[i]));
        }
    }
};

}  // namespace

}  // namespace layout

std::vector<std::string> wrap_text(const std::string& text, const FontSet& fonts, FontStyle font,
                                   double size, double width) {
    // Whitespace (spaces, tabs, newlines) separates words; runs collapse.
    // Chinese and Japanese text also breaks between characters (UAX #14):
    // its pieces follow each other with no space (`joined`).
    std::vector<std::string> words;
    std::vector<bool> joined;
    const auto add_word = [&](std::string&& w) {
        std::size_t from = 0;
        for (const std::size_t cut : line_breaks_in_word(w)) {
            words.push_back(w.substr(from, cut - from));
            joined.push_back(from > 0);
            from = cut;
        }
        words.push_back(from == 0 ? std::move(w) : w.substr(from));
        joined.push_back(from > 0);
    };
    std::string word;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!word.empty()) add_word(std::move(word)), word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty()) add_word(std::move(word));

    std::vector<std::string> lines;
    std::string line;
    const double space_width = fonts.width(font, " ", size);
    double line_w = 0;
    for (std::size_t k = 0; k < words.size(); ++k) {
        std::string& w = words[k];
        double ww = fonts.width(font, w, size);
        const double space = joined[k] ? 0.0 : space_width;
        if (!line.empty() && line_w + space + ww <= width) {
            if (!joined[k]) line += ' ';
            line += w;
            line_w += space + ww;
            continue;
        }
        if (!line.empty()) lines.push_back(std::move(line)), line.clear(), line_w = 0;
        // A word wider than a whole line is broken between characters, each
        // line from where the one before stopped: one pass over the word.
        if (ww > width) {
            std::size_t start = 0;
            for (;;) {
                std::size_t cut = start;
                double cw = 0;
                while (cut < w.size()) {
                    const std::size_t n =
                        std::min(utf8_lead_length(static_cast<unsigned char>(w[cut])), w.size() - cut);
                    const double chw = fonts.width(font, std::string_view(w).substr(cut, n), size);
                    if (cut > start && cw + chw > width) break;
                    cw += chw;
                    cut += n;
                }
                if (cut >= w.size()) break;
                lines.push_back(w.substr(start, cut - start));
                start = cut;
            }
            w.erase(0, start);
            ww = fonts.width(font, w, size);
        }
        line = std::move(w);
        line_w = ww;
    }
    if (!line.empty() || lines.empty()) lines.push_back(std::move(line));
    return lines;
}

void append(Document& doc, Document&& part) {
    const std::size_t offset = doc.pages.size();
    if (doc.title.empty()) doc.title = part.title;
    doc.width = part.width;
    doc.height = part.height;
    // Each face file of the part: its slot in doc (the same index when doc
    // has the same file there, as in a document of one page style).
    std::array<std::size_t, font_slot_count> slot{};
    for (std::size_t i = 0; i < font_slot_count; ++i) {
        slot[i] = i;
        const std::string& file = part.fonts[i];
        if (file.empty() || doc.fonts[i] == file) continue;
        const auto same = std::find(doc.fonts.begin(), doc.fonts.end(), file);
        const auto free = std::find(doc.fonts.begin(), doc.fonts.end(), std::string());
        const auto at = same != doc.fonts.end() ? same : free;
        if (at == doc.fonts.end())
            throw std::length_error("one document holds at most " + std::to_string(font_slot_count) + " font files");
        // An empty slot i of doc that no run used yet takes the file at i.
        if (doc.fonts[i].empty() && same == doc.fonts.end()) {
            doc.fonts[i] = file;
            continue;
        }
        *at = file;
        slot[i] = static_cast<std::size_t>(at - doc.fonts.begin());
    }
    for (auto& page : part.pages)
        for (auto& item : page.items)
            if (auto* run = std::get_if<TextRun>(&item)) {
                run->font = static_cast<FontStyle>(slot[static_cast<std::size_t>(run->font)]);
                for (Glyph& g : run->glyphs)
                    g.font = static_cast<FontStyle>(slot[static_cast<std::size_t>(g.font)]);
            }
    merge_glyph_texts(doc.glyph_texts, part.glyph_texts);
    for (const ShrunkFormula& f : part.shrunk_formulas) add_shrunk_formula(doc.shrunk_formulas, f);
    for (auto& p : part.pages) doc.pages.push_back(std::move(p));
    for (auto& b : part.bookmarks) doc.bookmarks.push_back({std::move(b.title), b.page + offset});
    for (auto& l : part.labels) doc.labels.push_back({l.page + offset, std::move(l.prefix)});
}

void layout_variant(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                    const LayoutOptions& options, Document& doc) {
    // Every page of the variant (key included) keeps the margins of its
    // machine-readable student pages, so sheet and key look alike.
    LayoutOptions o = options;
    o.page_marks = options.page_marks && style.page_marks;
    const PageStyle s = o.page_marks || o.answer_sheet ? layout::marked_style(style) : style;
    layout::Layouter(variant, s, fonts, o).run(doc);
}

std::size_t answer_sheet_pages(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                               const LayoutOptions& options) {
    const PageStyle s = layout::marked_style(style);
    return layout::Layouter(variant, s, fonts, options).answer_sheet_pages();
}

std::size_t fewest_student_pages(const Variant& variant, const PageStyle& style, const FontSet& fonts,
                                 const LayoutOptions& options) {
    LayoutOptions o = options;
    o.page_marks = options.page_marks && style.page_marks;
    const PageStyle s = o.page_marks || o.answer_sheet ? layout::marked_style(style) : style;
    return layout::Layouter(variant, s, fonts, o).fewest_student_pages();
}

}  // namespace handout
