// Shaped text (handout/fonts.hpp): Hebrew, Arabic, Devanagari, Thai, Lao, Khmer and Myanmar shaped by
// HarfBuzz in their Noto faces, each line ordered by the Unicode
// bidirectional algorithm (handout/text.hpp's bidi_runs).
//
// A run's glyphs are placed left to right. Each keeps the face's advance as
// the PDF will know it (`width`, whole 1/1000 em as libharu writes /W) and
// HarfBuzz's advance and offsets, which the painter reconciles (pdf/
// operators.cpp). A glyph that is the face's own glyph of a character of its
// cluster (a Hebrew letter, a mark) is shown by that character, so the PDF's
// text maps back to it; any other (a joined Arabic form, a ligature, a
// Devanagari conjunct) by its glyph code (glyph_code_base), which says the
// cluster's other characters (Document::glyph_texts).

#include <hb-ot.h>
#include <hb.h>

#include <algorithm>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "handout/fonts.hpp"
#include "handout/io.hpp"

namespace handout {

const char* shaped_script_name(ShapedScript script) {
    switch (script) {
        case ShapedScript::hebrew: return "Hebrew";
        case ShapedScript::arabic: return "Arabic";
        case ShapedScript::devanagari: return "Devanagari";
        case ShapedScript::thai: return "Thai";
        case ShapedScript::lao: return "Lao";
        case ShapedScript::khmer: return "Khmer";
        case ShapedScript::myanmar: return "Myanmar";
    }
    return "";
}

struct ShapedFace::Hb {
    hb_blob_t* blob = nullptr;
    hb_face_t* face = nullptr;
    hb_font_t* font = nullptr;
    hb_buffer_t* buffer = nullptr;
    std::mutex mutex;  // the buffer is reused; shaping is rare enough to take turns
    ~Hb() {
        hb_buffer_destroy(buffer);
        hb_font_destroy(font);
        hb_face_destroy(face);
        hb_blob_destroy(blob);
    }
};

ShapedFace::ShapedFace(const std::string& path) : face_(FontFace::load(path)), hb_(std::make_unique<Hb>()) {
    hb_->blob = hb_blob_create_from_file_or_fail(path.c_str());
    if (hb_->blob == nullptr) throw IoError(path + ": cannot read the font");
    hb_->face = hb_face_create(hb_->blob, 0);
    hb_->font = hb_font_create(hb_->face);
    const auto upem = static_cast<int>(hb_face_get_upem(hb_->face));
    hb_font_set_scale(hb_->font, upem, upem);
    hb_->buffer = hb_buffer_create();
    if (hb_buffer_allocation_successful(hb_->buffer) == 0) throw IoError(path + ": out of memory shaping");
}

namespace {

/// Sets what the `count` glyphs HarfBuzz made of text[…, end) say, from
/// out[base] on: each cluster's characters (from its first to the next
/// cluster's; clusters rise in logical order, and a right-to-left run's
/// glyphs come in falling order): a glyph that is the face's own glyph of
/// one of them (a letter, a mark) is shown by that character; the first
/// other glyph (in logical order: a joined form, a ligature, a conjunct)
/// says the characters left, and any further one nothing.
void say_clusters(const hb_glyph_info_t* info, unsigned count, std::u32string_view text, std::size_t end,
                  bool rtl, const FontFace& face, std::vector<Glyph>& out, std::size_t base,
                  std::map<char32_t, std::string>* texts) {
    for (unsigned i = 0; i < count; ++i) {
        const std::size_t first = info[i].cluster;
        bool seen = false;
        for (unsigned k = 0; k < i; ++k) seen = seen || info[k].cluster == first;
        if (seen) continue;
        std::size_t next = end;
        std::vector<unsigned> glyphs;  // the cluster's glyphs, in logical order
        for (unsigned k = 0; k < count; ++k) {
            if (info[k].cluster > first && info[k].cluster < next) next = info[k].cluster;
            if (info[k].cluster == first) glyphs.push_back(k);
        }
        if (rtl) std::reverse(glyphs.begin(), glyphs.end());
        std::vector<bool> claimed(next - first, false);
        for (const unsigned k : glyphs)
            for (std::size_t c = first; c < next; ++c)
                if (!claimed[c - first] && info[k].codepoint != 0 &&
                    face.glyph(text[c]) == info[k].codepoint) {
                    out[base + k].code = text[c];
                    claimed[c - first] = true;
                    break;
                }
        // Right to left, a glyph's characters are listed as printed, left
        // to right: poppler (pdftotext) reverses what a right-to-left glyph
        // says along with the glyphs, so a lam-alef says alef, lam.
        // A joiner or non-joiner printed nothing and says nothing: a glyph
        // code says the same wherever it prints, with one or without.
        std::string left;
        for (std::size_t n = 0; n < next - first; ++n) {
            const std::size_t c = rtl ? next - 1 - n : first + n;
            if (!claimed[c - first] && text[c] != 0x200C && text[c] != 0x200D) left += encode_utf8(text[c]);
        }
        for (const unsigned k : glyphs) {
            const char32_t code = out[base + k].code;
            if (!is_glyph_code(code)) continue;
            if (texts != nullptr) add_glyph_text(*texts, code, left);
            left.clear();
        }
    }
}

}  // namespace

ShapedFace::~ShapedFace() = default;

void ShapedFace::shape(std::u32string_view text, std::size_t begin, std::size_t end, bool rtl, FontStyle slot,
                       std::vector<Glyph>& out, std::map<char32_t, std::string>* texts) const {
    if (begin >= end) return;
    const std::lock_guard lock(hb_->mutex);
    hb_buffer_t* buf = hb_->buffer;
    hb_buffer_clear_contents(buf);
    // The whole text is context (an Arabic letter joins across a run's
    // edge only within its word; the context keeps the form right).
    hb_buffer_add_utf32(buf, reinterpret_cast<const std::uint32_t*>(text.data()),
                        static_cast<int>(text.size()), static_cast<unsigned>(begin),
                        static_cast<int>(end - begin));
    hb_buffer_set_direction(buf, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_buffer_guess_segment_properties(buf);
    // A joiner or non-joiner (Persian می‌شود) has done its work once the
    // letters around it are shaped: it prints nothing (HB_BUFFER_FLAG_
    // REMOVE_DEFAULT_IGNORABLES), so that a reader such as pdftotext does
    // not cut the word where an empty glyph would stand (poppler takes a
    // glyph at the place of the one before it for a duplicate), and the
    // text layer leaves it out (below).
    hb_buffer_set_flags(buf, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES);
    hb_shape(hb_->font, buf, nullptr, 0);
    unsigned count = 0;
    const hb_glyph_info_t* info = hb_buffer_get_glyph_infos(buf, &count);
    const hb_glyph_position_t* pos = hb_buffer_get_glyph_positions(buf, &count);
    const double scale = 1000.0 / hb_face_get_upem(hb_->face);
    const std::size_t base = out.size();
    for (unsigned i = 0; i < count; ++i) {
        Glyph g;
        g.font = slot;
        g.code = glyph_code_base + info[i].codepoint;
        if (g.code >= glyph_code_end)
            g.code = glyph_code_base;  // past the codes: glyph 0 (no face here has so many)
        g.width = static_cast<float>(face_.glyph_advance(static_cast<std::uint16_t>(info[i].codepoint)));
        g.advance = static_cast<float>(pos[i].x_advance * scale);
        g.dx = static_cast<float>(pos[i].x_offset * scale);
        g.dy = static_cast<float>(pos[i].y_offset * scale);
        out.push_back(g);
    }
    say_clusters(info, count, text, end, rtl, face_, out, base, texts);
}

struct FontSet::ShapedSlot {
    std::string dir;
    std::array<std::once_flag, shaped_script_count> once;
    std::array<std::unique_ptr<ShapedFace>, shaped_script_count> faces;
    /// The width of each text measured (shaped_width), by style and text:
    /// layout measures the same words again for every copy of a class set.
    std::mutex widths_mutex;
    std::unordered_map<std::string, double> widths;
};

double FontSet::shaped_width(FontStyle style, std::string_view text) const {
    std::string key(1, static_cast<char>(style));
    key += text;
    {
        const std::lock_guard lock(shaped_->widths_mutex);
        if (const auto found = shaped_->widths.find(key); found != shaped_->widths.end())
            return found->second;
    }
    double total = 0;
    for (const Glyph& g : shape(style, text)) total += g.advance;
    const std::lock_guard lock(shaped_->widths_mutex);
    shaped_->widths.emplace(std::move(key), total);
    return total;
}

std::shared_ptr<FontSet::ShapedSlot> FontSet::make_shaped_slot(const std::string& fonts_dir) {
    auto slot = std::make_shared<ShapedSlot>();
    slot->dir = fonts_dir;
    return slot;
}

const ShapedFace* FontSet::shaped(ShapedScript which) const {
    const auto i = static_cast<std::size_t>(which);
    std::call_once(shaped_->once[i], [this, i] {
        const std::string path = find_font_file(shaped_->dir, shaped_fonts[i]);
        if (!path.empty()) shaped_->faces[i] = std::make_unique<ShapedFace>(path);
    });
    return shaped_->faces[i].get();
}

namespace {

/// Which face a character prints in: a shaped script's, a CJK face, or the style's.
struct FaceOf {
    enum class Kind : std::uint8_t { style, cjk, shaped } kind = Kind::style;
    std::size_t which = 0;  // CjkFace or ShapedScript
    bool operator==(const FaceOf&) const = default;
};

/// A combining mark (general category Mn or Me) goes with the character before it.
bool combining(char32_t cp) {
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE20 && cp <= 0xFE2F) || cp == 0x200C || cp == 0x200D;
}

}  // namespace

std::vector<Glyph> FontSet::shape(FontStyle style, std::string_view text, std::optional<bool> rtl,
                                  GlyphTexts* texts) const {
    std::u32string chars;
    decode_utf8(text, chars);
    for (char32_t& cp : chars)
        if (cp == U'\t' || cp == U'\n' || cp == U'\r') cp = U' ';
    // Each character's face; a combining mark or joiner takes its base's.
    std::vector<FaceOf> faces(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i) {
        const char32_t cp = chars[i];
        if (const auto script = shaped_script_of(cp); script && shaped(*script) != nullptr)
            faces[i] = {FaceOf::Kind::shaped, static_cast<std::size_t>(*script)};
        else if (cjk_character(cp) && cjk(cjk_face_of(cp)) != nullptr)
            faces[i] = {FaceOf::Kind::cjk, static_cast<std::size_t>(cjk_face_of(cp))};
        else if (i > 0 && combining(cp) && faces[i - 1].kind == FaceOf::Kind::shaped)
            faces[i] = faces[i - 1];
    }
    const bool base_rtl = rtl ? *rtl : first_strong_rtl(chars).value_or(false);
    std::vector<Glyph> out;
    out.reserve(chars.size());
    for (const BidiRun& run : bidi_runs(chars, base_rtl)) {
        // The run's pieces of one face, in logical order, printed in the run's direction.
        std::vector<std::pair<std::size_t, std::size_t>> pieces;
        for (std::size_t i = run.begin; i < run.end; ++i) {
            if (pieces.empty() || !(faces[i] == faces[pieces.back().first]))
                pieces.emplace_back(i, i + 1);
            else
                pieces.back().second = i + 1;
        }
        if (run.rtl) std::reverse(pieces.begin(), pieces.end());
        for (const auto& [begin, end] : pieces) {
            const FaceOf face = faces[begin];
            if (face.kind == FaceOf::Kind::shaped) {
                const auto script = static_cast<ShapedScript>(face.which);
                const ShapedFace& f = *shaped(script);
                f.shape(chars, begin, end, run.rtl, shaped_slot(script), out,
                        texts == nullptr ? nullptr : &(*texts)[f.face().path()]);
                continue;
            }
            const FontFace& f =
                face.kind == FaceOf::Kind::cjk ? *cjk(static_cast<CjkFace>(face.which)) : this->face(style);
            const FontStyle slot =
                face.kind == FaceOf::Kind::cjk ? cjk_slot(static_cast<CjkFace>(face.which)) : style;
            for (std::size_t k = 0; k < end - begin; ++k) {
                const char32_t cp = run.rtl ? mirrored(chars[end - 1 - k]) : chars[begin + k];
                Glyph g;
                g.code = cp;
                g.font = slot;
                g.width = static_cast<float>(f.advance(cp));
                g.advance = g.width;
                out.push_back(g);
            }
        }
    }
    return out;
}

}  // namespace handout
