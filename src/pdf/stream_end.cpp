// The class-set writer (see stream.cpp), part two: the parts libharu paints
// (those the direct path declines), read back from libharu's own objects
// (pdf::HaruObject) and copied with their objects renumbered; the fonts, embedded once from a page libharu
// paints with every character each face printed; and the end of the file:
// page tree, outline, page labels, document information and the
// cross-reference table, written in pieces from the parts.

#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "handout/fonts.hpp"
#include "pdf/content.hpp"
#include "pdf/libharu.hpp"
#include "pdf/paint.hpp"
#include "pdf/stream_impl.hpp"

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {

using pdf::catalog_object;
using pdf::HaruObject;
using pdf::info_object;
using pdf::pages_object;
using pdf::untagged;

namespace {

/// A PDF string of UTF-8 text: UTF-16BE with a byte-order mark, in hex.
std::string text_string(std::string_view utf8) {
    pdf::Content out;
    out.text_string(utf8);
    return out.bytes();
}

/// The face a font dictionary of a part stands for: its /BaseFont without
/// the slash and the subset tag.
std::string face_of(const HaruObject& font) {
    return untagged(font.has("BaseFont") ? font.at("BaseFont").name() : std::string());
}

/// A font a page names in its resources (a Type0 font; its descendant
/// CIDFont is copied as any other object).
bool is_font(const HaruObject& h) {
    if (h.kind() != HaruObject::Kind::dictionary || h.is_stream()) return false;
    const auto named = [&h](std::string_view key, std::string_view value) {
        return h.has(key) && h.at(key).name() == value;
    };
    return named("Type", "Font") && named("Subtype", "Type0") && h.has("BaseFont") &&
           !h.at("BaseFont").name().empty();
}

}  // namespace

/// Copies the objects of one painted part.
class PdfStreamWriter::Impl::Copier {
public:
    explicit Copier(Impl& w) : w_(w) {}

    /// The number of the page object `page` becomes.
    int page(const HaruObject& page) {
        std::string body = "<<";
        for (const std::string& key : page.keys()) {
            body += pdf::name_text(key) + " ";
            if (key == "Parent")
                body += std::to_string(pages_object) + " 0 R";
            else if (key == "Contents")
                body += std::to_string(unique(page.at(key))) + " 0 R";
            else
                body += value(page.at(key));
        }
        body += ">>";
        const int number = w_.reserve();
        w_.write_object(number, body);
        return number;
    }

    /// Writes the indirect object `h` as object `number` (a font at its
    /// reserved number); what it refers to is copied as usual.
    void write_at(const HaruObject& h, int number) {
        numbers_.emplace(h.identity(), number);
        w_.write_object(number, body(h));
    }

private:
    /// A value in this file's numbering; `top`: the object itself, not a reference to it.
    std::string value(const HaruObject& h, bool top = false) {
        if (h.indirect() && !top) return std::to_string(ref(h)) + " 0 R";
        if (h.kind() == HaruObject::Kind::array) {
            std::string out = "[";
            for (std::size_t i = 0; i < h.size(); ++i) {
                if (i > 0) out += ' ';
                out += value(h.item(i));
            }
            return out + "]";
        }
        if (h.kind() == HaruObject::Kind::dictionary) return dictionary(h, nullptr);
        return h.scalar();
    }

    /// A dictionary's text; a stream's dictionary gets its /Length.
    std::string dictionary(const HaruObject& dict, const std::size_t* length) {
        std::string out = "<<";
        for (const std::string& key : dict.keys()) out += pdf::name_text(key) + " " + value(dict.at(key));
        if (length != nullptr) out += "/Length " + std::to_string(*length);
        return out + ">>";
    }

    /// The whole text of an indirect object (a stream's data as stored).
    std::string body(const HaruObject& h) {
        if (!h.is_stream()) return value(h, /*top=*/true);
        const std::string data = h.stream_data();
        const std::size_t length = data.size();
        std::string out = dictionary(h, &length);
        out += "\nstream\n";
        out += data;
        out += "\nendstream";
        return out;
    }

    /// The number of the indirect object `h`: a face's reserved font
    /// object, an equal object written before, or a new one.
    int ref(const HaruObject& h) {
        const void* id = h.identity();
        if (const auto found = numbers_.find(id); found != numbers_.end()) return found->second;
        int number = 0;
        if (is_font(h)) {
            auto [slot, added] = w_.fonts.try_emplace(face_of(h), 0);
            if (added) slot->second = w_.reserve();
            number = slot->second;
        } else {
            if (!visiting_.insert(id).second) throw PdfError("a painted part refers to itself in a cycle");
            const std::string text = body(h);
            visiting_.erase(id);
            number = w_.shared_object(text);
        }
        numbers_.emplace(id, number);
        return number;
    }

    /// A page's content: written as it is, never compared.
    int unique(const HaruObject& h) {
        const int number = w_.reserve();
        w_.write_object(number, body(h));
        return number;
    }

    Impl& w_;
    std::map<const void*, int> numbers_;
    std::set<const void*> visiting_;
};

void PdfStreamWriter::Impl::copy_painted(const Document& part, Part& record) {
    const pdf::PdfDocument pdf;
    Copier copier(*this);
    for (HPDF_Page page : pdf::paint_and_save(pdf, part, /*embed_fonts=*/false))
        record.pages.push_back(copier.page(pdf::page_object(page)));
}

void PdfStreamWriter::Impl::write_fonts() {
    if (fonts.empty()) return;
    Document doc;
    doc.width = width;
    doc.height = height;
    Page page;
    if (chars.size() > doc.fonts.size())
        throw PdfError("a class set prints in " + std::to_string(chars.size()) + " face files; at most " +
                       std::to_string(doc.fonts.size()) + " fit in one PDF");
    std::size_t slot = 0;
    for (const auto& [file, printed] : chars) {
        std::set<char32_t> all;
        printed.add_to(all);
        TextRun run;
        doc.fonts[slot] = file;  // parts may give a file different slots: here each its own
        run.font = static_cast<FontStyle>(slot++);
        for (const char32_t cp : all)
            if (cp >= 0x20 && cp <= 0x10FFFF && (cp < 0xD800 || cp > 0xDFFF)) run.text += encode_utf8(cp);
        if (run.text.empty()) run.text = " ";  // a face that printed only controls still gets its font
        page.items.emplace_back(std::move(run));
    }
    doc.pages.push_back(std::move(page));
    doc.glyph_texts = glyph_texts;
    const pdf::PdfDocument pdf;
    Copier copier(*this);
    const HaruObject resources = pdf::page_object(pdf::paint_and_save(pdf, doc, /*embed_fonts=*/true).at(0))
                                     .at("Resources")
                                     .at("Font");
    for (const std::string& key : resources.keys()) {
        const HaruObject font = resources.at(key);
        const auto reserved = fonts.find(face_of(font));
        if (reserved == fonts.end()) continue;
        copier.write_at(font, reserved->second);
    }
    for (const auto& [face, number] : fonts)
        if (offsets[static_cast<std::size_t>(number)] == 0)
            throw PdfError("no font was embedded for " + face);
}

std::vector<const PdfStreamWriter::Impl::Part*> PdfStreamWriter::Impl::print_order() const {
    std::vector<const Part*> order;
    for (const Part& part : parts)
        if (part.front) order.push_back(&part);
    for (const Part& part : parts)
        if (!part.front) order.push_back(&part);
    return order;
}

template <typename Visit>
void PdfStreamWriter::Impl::each_mark(const std::vector<const Part*>& order, bool titles, Visit visit) const {
    std::size_t offset = 0;
    for (const Part* part : order) {
        const std::string texts = spilled.read(titles ? part->titles : part->prefixes);
        const std::vector<std::uint32_t>& pages = titles ? part->title_pages : part->prefix_pages;
        std::size_t at = 0;
        for (const std::uint32_t page : pages) {
            const std::size_t end = texts.find('\0', at);
            visit(part->pages[page], offset + page, std::string_view(texts).substr(at, end - at));
            at = end + 1;
        }
        offset += part->pages.size();
    }
}

template <typename Write>
void PdfStreamWriter::Impl::write_object_in_pieces(int number, Write write) {
    offsets[static_cast<std::size_t>(number)] = written;
    emit(std::to_string(number) + " 0 obj\n");
    std::string buffer;
    write([&](std::string_view piece) {
        buffer += piece;
        if (buffer.size() > 1 << 16) {
            emit(buffer);
            buffer.clear();
        }
    });
    buffer += "\nendobj\n";
    emit(buffer);
}

int PdfStreamWriter::Impl::write_outline(const std::vector<const Part*>& order, std::size_t count) {
    const int root = reserve();
    const int first = static_cast<int>(offsets.size());
    for (std::size_t i = 0; i < count; ++i) reserve();
    const int last = first + static_cast<int>(count) - 1;
    write_object(root, "<</Type /Outlines /First " + std::to_string(first) + " 0 R /Last " +
                           std::to_string(last) + " 0 R /Count " + std::to_string(count) + ">>");
    int number = first;
    each_mark(order, /*titles=*/true, [&](int page, std::size_t, std::string_view title) {
        std::string item = "<</Title " + text_string(title) + " /Parent " + std::to_string(root) + " 0 R";
        if (number > first) item += " /Prev " + std::to_string(number - 1) + " 0 R";
        if (number < last) item += " /Next " + std::to_string(number + 1) + " 0 R";
        item += " /Dest [" + std::to_string(page) + " 0 R /Fit]>>";
        write_object(number, item);
        ++number;
    });
    return root;
}

void PdfStreamWriter::Impl::write_xref() {
    const std::uint64_t xref = written;
    std::string table = "xref\n0 " + std::to_string(offsets.size()) + "\n0000000000 65535 f \n";
    char entry[32];
    for (std::size_t n = 1; n < offsets.size(); ++n) {
        if (offsets[n] == 0)
            throw PdfError("object " + std::to_string(n) + " was reserved but never written");
        std::snprintf(entry, sizeof entry, "%010llu 00000 n \n", static_cast<unsigned long long>(offsets[n]));
        table += entry;
        if (table.size() > 1 << 16) {
            emit(table);
            table.clear();
        }
    }
    table += "trailer\n<</Size " + std::to_string(offsets.size()) + " /Root " +
             std::to_string(catalog_object) + " 0 R /Info " + std::to_string(info_object) +
             " 0 R>>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    emit(table);
}

std::size_t PdfStreamWriter::Impl::finish(const std::string& title) {
    write_fonts();
    const std::vector<const Part*> order = print_order();
    std::size_t pages = 0, bookmarks = 0, labels = 0;
    for (const Part* part : order) {
        pages += part->pages.size();
        bookmarks += part->title_pages.size();
        labels += part->prefix_pages.size();
    }
    write_object_in_pieces(pages_object, [&](const auto& put) {
        put("<</Type /Pages /Count " + std::to_string(pages) + " /Kids [");
        std::size_t i = 0;
        for (const Part* part : order)
            for (const int page : part->pages) {
                if (i++ % 8 == 0) put("\n");
                put(std::to_string(page) + " 0 R ");
            }
        put("]>>");
    });
    const int outline = bookmarks == 0 ? 0 : write_outline(order, bookmarks);
    write_object_in_pieces(catalog_object, [&](const auto& put) {
        put("<</Type /Catalog /Pages " + std::to_string(pages_object) + " 0 R");
        if (outline != 0) put(" /Outlines " + std::to_string(outline) + " 0 R");
        if (labels != 0) {
            put(" /PageLabels <</Nums [");
            each_mark(order, /*titles=*/false, [&](int, std::size_t page, std::string_view prefix) {
                put(std::to_string(page) + " <</S /D /St 1 /P (" + std::string(prefix) + ")>> ");
            });
            put("]>>");
        }
        put(">>");
    });
    std::string info = "<</Producer (handout " HANDOUT_VERSION ")";
    if (!title.empty()) info += " /Title " + text_string(title);
    write_object(info_object, info + ">>");
    write_xref();
    return pages;
}
}  // namespace handout
