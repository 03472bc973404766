// The class-set writer: one PDF written part by part, so that a class set of
// any size is painted and written with bounded memory (libharu keeps every
// page of a document until it saves).
//
// How: each part (a few dozen sheets) is painted on its own, without
// embedding fonts, and its pages and what they use are written to the sink
// at once, renumbered into one file. A part is painted directly
// (pdf/direct.hpp: the painter's operators, and page objects written here)
// unless it holds what only libharu paints (a picture, say); then libharu
// paints it and qpdf reads it back. Both give the same bytes. Objects
// that parts share (bubble forms, pictures) are written once: an object
// whose bytes, references included, equal an earlier one's is that one. The
// fonts are embedded once, at the end, as subsets of every character of
// every part (painted by libharu from one page that prints them all); parts
// refer to them by object numbers reserved when a face is first seen. The
// page tree, outline, page labels, document information and cross-reference
// table follow. Object 1 is the catalog, 2 the page tree, 3 the document
// information.

#define POINTERHOLDER_TRANSITION 4  // qpdf: use std::shared_ptr, no PointerHolder
#include <qpdf/Buffer.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFExc.hh>
#include <qpdf/QPDFObjectHandle.hh>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

#include "handout/fonts.hpp"
#include "handout/io.hpp"
#include "handout/pdf.hpp"
#include "pdf/content.hpp"
#include "pdf/direct.hpp"
#include "pdf/libharu.hpp"
#include "pdf/paint.hpp"

#include <hpdf.h>
#include <hpdf_doc.h>

#ifndef HANDOUT_VERSION
#error "HANDOUT_VERSION must be defined by the build"
#endif

namespace handout {
namespace {

constexpr int catalog_object = 1, pages_object = 2, info_object = 3;

/// A PDF string of UTF-8 text: UTF-16BE with a byte-order mark, in hex.
std::string text_string(const std::string& utf8) {
    std::u32string decoded;
    decode_utf8(utf8, decoded);
    std::string out = "<FEFF";
    char hex[8];
    auto unit = [&](unsigned u) {
        std::snprintf(hex, sizeof hex, "%04X", u & 0xFFFFu);
        out += hex;
    };
    for (const char32_t cp : decoded) {
        if (cp < 0x10000) {
            unit(static_cast<unsigned>(cp));
        } else {
            const unsigned v = static_cast<unsigned>(cp) - 0x10000u;
            unit(0xD800u + (v >> 10));
            unit(0xDC00u + (v & 0x3FFu));
        }
    }
    return out + ">";
}

/// A font's name without the subset tag ("HPDFAA+Lato-Light" → "Lato-Light").
std::string untagged(const std::string& name) {
    const auto plus = name.find('+');
    return plus == std::string::npos ? name : name.substr(plus + 1);
}

/// The face a font dictionary of a part stands for: its /BaseFont without
/// the slash and the subset tag.
std::string face_of(QPDFObjectHandle font) {
    const std::string name = font.getKey("/BaseFont").isName() ? font.getKey("/BaseFont").getName() : "/";
    return untagged(name.substr(1));
}

/// A font a page names in its resources (a Type0 font; its descendant
/// CIDFont is copied as any other object).
bool is_font(QPDFObjectHandle h) {
    return h.isDictionary() && h.getKey("/Type").isNameAndEquals("/Font") &&
           h.getKey("/Subtype").isNameAndEquals("/Type0") && h.getKey("/BaseFont").isName();
}

}  // namespace

struct PdfStreamWriter::Impl {
    Sink sink;
    bool direct = true;  // false: every part through libharu (a test's comparison)
    std::size_t direct_parts = 0;
    std::uint64_t written = 0;
    std::vector<std::uint64_t> offsets{0, 0, 0, 0};  // by object number; 0 = not written yet
    std::unordered_map<std::string, int> shared;     // object bytes → number
    std::map<std::string, int> fonts;                // face → reserved number
    std::map<std::string, pdf::PrintedChars> chars;  // face file → characters printed
    /// Each face file the direct path has met, as libharu loads it into a
    /// document of its own, `namer` (nullopt: libharu cannot load it).
    struct Face {
        std::string name;  // without a subset tag
        HPDF_FontDef def;
    };
    std::map<std::string, std::optional<Face>> face_names;
    /// Documents holding the faces' definitions: a new one after libharu
    /// fails to load a file (its errors are sticky); the others are kept
    /// for the definitions they hold.
    std::vector<std::unique_ptr<pdf::PdfDocument>> namers;
    std::map<std::pair<double, double>, std::string> form_texts;  // form_object of each form met
    double width = 0, height = 0;
    /// Parts in order of addition; `front` ones go first in the page tree.
    /// Kept until the end, for the page tree, outline and page labels: so
    /// that a class set of any size holds little, the bookmark titles and
    /// label prefixes of a part wait in `spilled` (a temporary file), one
    /// after the other, each ended by a NUL (neither may hold one).
    struct Part {
        std::vector<int> pages;
        SpillStore::Span titles, prefixes;
        std::vector<std::uint32_t> title_pages, prefix_pages;  // within the part
        bool front = false;
    };
    std::vector<Part> parts;
    SpillStore spilled;

    void emit(std::string_view bytes) {
        sink(bytes);
        written += bytes.size();
    }

    int reserve() {
        offsets.push_back(0);
        return static_cast<int>(offsets.size() - 1);
    }

    /// Writes object `number` with the body `body` (dictionary or stream).
    void write_object(int number, const std::string& body) {
        offsets[static_cast<std::size_t>(number)] = written;
        emit(std::to_string(number) + " 0 obj\n");
        emit(body);
        emit("\nendobj\n");
    }

    /// Copies the objects of one painted part.
    class Copier {
    public:
        explicit Copier(Impl& w) : w_(w) {}

        /// The number of the page object `page` becomes.
        int page(QPDFObjectHandle page) {
            std::string body = "<<";
            for (const std::string& key : page.getKeys()) {
                body += QPDFObjectHandle::newName(key).unparse() + " ";
                if (key == "/Parent") body += std::to_string(pages_object) + " 0 R";
                else if (key == "/Contents") body += std::to_string(unique(page.getKey(key))) + " 0 R";
                else body += value(page.getKey(key));
            }
            body += ">>";
            const int number = w_.reserve();
            w_.write_object(number, body);
            return number;
        }

        /// Writes the indirect object `h` as object `number` (a font at its
        /// reserved number); what it refers to is copied as usual.
        void write_at(const QPDFObjectHandle& h, int number) {
            numbers_.emplace(h.getObjGen(), number);
            w_.write_object(number, body(h));
        }

    private:
        /// A value in this file's numbering; `top`: the object itself, not a reference to it.
        std::string value(QPDFObjectHandle h, bool top = false) {
            if (h.isIndirect() && !top) return std::to_string(ref(h)) + " 0 R";
            if (h.isArray()) {
                std::string out = "[";
                for (int i = 0; i < h.getArrayNItems(); ++i) {
                    if (i > 0) out += ' ';
                    out += value(h.getArrayItem(i));
                }
                return out + "]";
            }
            if (h.isDictionary()) return dictionary(h, nullptr);
            return h.unparse();
        }

        /// A dictionary's text; a stream's dictionary gets its /Length.
        std::string dictionary(QPDFObjectHandle dict, const std::size_t* length) {
            std::string out = "<<";
            for (const std::string& key : dict.getKeys()) {
                if (length != nullptr && key == "/Length") continue;
                out += QPDFObjectHandle::newName(key).unparse() + " " + value(dict.getKey(key));
            }
            if (length != nullptr) out += "/Length " + std::to_string(*length);
            return out + ">>";
        }

        /// The whole text of an indirect object (a stream's data as stored).
        std::string body(QPDFObjectHandle h) {
            if (!h.isStream()) return value(h, /*top=*/true);
            const auto data = h.getRawStreamData();
            const std::size_t length = data->getSize();
            std::string out = dictionary(h.getDict(), &length);
            out += "\nstream\n";
            out.append(reinterpret_cast<const char*>(data->getBuffer()), length);
            out += "\nendstream";
            return out;
        }

        /// The number of the indirect object `h`: a face's reserved font
        /// object, an equal object written before, or a new one.
        int ref(const QPDFObjectHandle& h) {
            const QPDFObjGen id = h.getObjGen();
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
        int unique(const QPDFObjectHandle& h) {
            const int number = w_.reserve();
            w_.write_object(number, body(h));
            return number;
        }

        Impl& w_;
        std::map<QPDFObjGen, int> numbers_;
        std::set<QPDFObjGen> visiting_;
    };

    /// Paints `doc` (no bookmarks or labels), reads it back and returns qpdf's view.
    static std::unique_ptr<QPDF> painted(const std::string& bytes) {
        auto q = std::make_unique<QPDF>();
        q->setSuppressWarnings(true);
        q->processMemoryFile("part", bytes.data(), bytes.size());
        return q;
    }

    void add(Document&& part, bool front) {
        if (part.pages.empty()) return;
        Part record;
        record.front = front;
        keep_bookmarks_and_labels(part, record);
        width = part.width;
        height = part.height;
        const std::array<bool, font_slot_count> printing = note_characters(part);
        std::optional<std::vector<pdf::DirectPage>> pages;
        if (direct) {
            if (const std::optional<pdf::Faces> faces = faces_of(part, printing))
                pages = pdf::paint_direct(part, *faces);
        }
        if (pages) {
            write_direct(*pages, record);
            ++direct_parts;
        } else {
            copy_painted(part, record);
        }
        parts.push_back(std::move(record));
    }

    /// Moves `part`'s bookmarks and labels into `record`, checked against its
    /// pages (so that a part's fault is reported as it is added).
    void keep_bookmarks_and_labels(Document& part, Part& record) {
        std::string titles, prefixes;
        for (const Bookmark& b : part.bookmarks) {
            if (b.page >= part.pages.size())
                throw PdfError("bookmark '" + b.title + "' points past the pages of its part");
            if (b.title.find('\0') != std::string::npos)
                throw PdfError("cannot use a bookmark title that contains a NUL byte");
            titles += b.title;
            titles += '\0';
            record.title_pages.push_back(static_cast<std::uint32_t>(b.page));
        }
        for (const PageLabel& l : part.labels) {
            pdf::check_page_label(l, part.pages.size());
            prefixes += l.prefix;
            prefixes += '\0';
            record.prefix_pages.push_back(static_cast<std::uint32_t>(l.page));
        }
        record.titles = spilled.append(titles);
        record.prefixes = spilled.append(prefixes);
        part.bookmarks.clear();
        part.labels.clear();
    }

    /// Adds the characters each face of `part` prints to `chars` (for the
    /// fonts embedded at the end); returns which font slots print text.
    std::array<bool, font_slot_count> note_characters(const Document& part) {
        std::array<bool, font_slot_count> printing{};
        std::u32string decoded;
        for (const Page& page : part.pages)
            for (const Item& item : page.items) {
                const auto* run = std::get_if<TextRun>(&item);
                if (run == nullptr || run->text.empty()) continue;
                const auto slot = static_cast<std::size_t>(run->font);
                if (slot >= font_slot_count) continue;  // the painter's error
                printing[slot] = true;
                const std::string& file = part.fonts[slot];
                pdf::PrintedChars& printed = chars[file];
                decoded.clear();
                decode_utf8(run->text, decoded);
                for (const char32_t cp : decoded) printed.add(cp);
            }
        return printing;
    }

    /// The face of each slot that prints text; nullopt when a slot names no
    /// file or a file libharu cannot load (the painter then reports it).
    std::optional<pdf::Faces> faces_of(const Document& part, const std::array<bool, font_slot_count>& printing) {
        pdf::Faces faces;
        for (std::size_t slot = 0; slot < font_slot_count; ++slot) {
            if (!printing[slot]) continue;
            const std::string& file = part.fonts[slot];
            if (file.empty()) return std::nullopt;
            auto [found, added] = face_names.try_emplace(file);
            if (added) found->second = load_face(file);
            if (!found->second) return std::nullopt;
            faces.names[slot] = found->second->name;
            faces.defs[slot] = found->second->def;
        }
        return faces;
    }

    /// The face in `file` as libharu loads it: the name it gives it (its font
    /// objects' /BaseFont without the subset tag) and its definition;
    /// nullopt when it cannot load the file.
    std::optional<Face> load_face(const std::string& file) {
        if (namers.empty()) namers.push_back(std::make_unique<pdf::PdfDocument>());
        const pdf::PdfDocument& namer = *namers.back();
        try {
            const std::string name =
                namer.check_handle(HPDF_LoadTTFontFromFile(namer.get(), file.c_str(), HPDF_FALSE), "loading font");
            HPDF_FontDef def = namer.check_handle(HPDF_Doc_FindFontDef(namer.get(), name.c_str()), "finding a font");
            return Face{untagged(name), def};
        } catch (const PdfError&) {
            namers.push_back(std::make_unique<pdf::PdfDocument>());
            return std::nullopt;
        }
    }

    /// Writes pages painted by paint_direct as copy_painted would write the
    /// same pages painted by libharu: per page its content, the fonts and
    /// forms its resources name (in the order of their names), then the page.
    void write_direct(const std::vector<pdf::DirectPage>& pages, Part& record) {
        const std::string box = pdf::media_box(width, height);
        for (const pdf::DirectPage& page : pages) {
            const int content = reserve();
            std::string stream = "<</Filter /FlateDecode/Length ";
            stream += std::to_string(page.packed.size());
            stream += ">>\nstream\n";
            stream += page.packed;
            stream += "\nendstream";
            write_object(content, stream);
            std::string body = "<</Contents ";
            body += std::to_string(content);
            body += " 0 R/MediaBox ";
            body += box;
            body += "/Parent ";
            body += std::to_string(pages_object);
            body += " 0 R/Resources ";
            append_resources(body, page);
            body += "/Type /Page>>";
            const int number = reserve();
            write_object(number, body);
            record.pages.push_back(number);
        }
    }

    /// Appends the resources of `page` (reserving its fonts and writing its
    /// forms when new): "<</Font <</F1 5 0 R>>/ProcSet […]/XObject <</X1 9 0 R>>>>".
    void append_resources(std::string& out, const pdf::DirectPage& page) {
        const auto entry = [&out](const std::string& name, int number) {
            out += name;
            out += ' ';
            out += std::to_string(number);
            out += " 0 R";
        };
        out += "<<";
        if (!page.fonts.empty()) {
            out += "/Font <<";
            for (const auto& [name, i] : sorted_names('F', page.fonts.size())) {
                auto [slot, added] = fonts.try_emplace(page.fonts[i], 0);
                if (added) slot->second = reserve();
                entry(name, slot->second);
            }
            out += ">>";
        }
        out += "/ProcSet [/PDF /Text /ImageB /ImageC /ImageI]";
        if (!page.forms.empty()) {
            out += "/XObject <<";
            for (const auto& [name, i] : sorted_names('X', page.forms.size()))
                entry(name, shared_object(form_text(page.forms[i])));
            out += ">>";
        }
        out += ">>";
    }

    /// The names "/F1" … "/Fn" with their indices, in the order qpdf lists
    /// a dictionary's keys (as strings: "/F10" before "/F2").
    static std::vector<std::pair<std::string, std::size_t>> sorted_names(char prefix, std::size_t n) {
        std::vector<std::pair<std::string, std::size_t>> names;
        names.reserve(n);
        for (std::size_t i = 0; i < n; ++i) names.emplace_back("/" + std::string(1, prefix) + std::to_string(i + 1), i);
        std::sort(names.begin(), names.end());
        return names;
    }

    const std::string& form_text(const pdf::FormKey& key) {
        auto [found, added] = form_texts.try_emplace({key.r, key.width});
        if (added) found->second = pdf::form_object(key);
        return found->second;
    }

    /// The number of an object with the text `text`: an equal one written
    /// before, or a new one.
    int shared_object(const std::string& text) {
        auto [slot, added] = shared.try_emplace(text, 0);
        if (added) {
            slot->second = reserve();
            write_object(slot->second, slot->first);
        }
        return slot->second;
    }

    /// Paints `part` with libharu and copies its pages.
    void copy_painted(const Document& part, Part& record) {
        const std::string bytes = pdf::paint(part, /*embed_fonts=*/false);
        try {
            const auto q = painted(bytes);
            Copier copier(*this);
            for (const QPDFObjectHandle& page : q->getAllPages()) record.pages.push_back(copier.page(page));
        } catch (const QPDFExc& e) {
            throw PdfError(std::string("cannot read back a painted part: ") + e.what());
        }
    }

    /// Paints one page that prints every character of every face, embedding
    /// the fonts, and writes its fonts at their reserved numbers.
    void write_fonts() {
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
        const std::string bytes = pdf::paint(doc, /*embed_fonts=*/true);
        try {
            const auto q = painted(bytes);
            Copier copier(*this);
            QPDFObjectHandle first = q->getAllPages().at(0);
            QPDFObjectHandle resources = first.getKey("/Resources").getKey("/Font");
            for (const std::string& key : resources.getKeys()) {
                QPDFObjectHandle font = resources.getKey(key);
                const auto reserved = fonts.find(face_of(font));
                if (reserved == fonts.end()) continue;
                copier.write_at(font, reserved->second);
            }
        } catch (const QPDFExc& e) {
            throw PdfError(std::string("cannot read back the fonts: ") + e.what());
        }
        for (const auto& [face, number] : fonts)
            if (offsets[static_cast<std::size_t>(number)] == 0) throw PdfError("no font was embedded for " + face);
    }

    /// The parts in print order: those added at the front, then the others.
    std::vector<const Part*> print_order() const {
        std::vector<const Part*> order;
        for (const Part& part : parts)
            if (part.front) order.push_back(&part);
        for (const Part& part : parts)
            if (!part.front) order.push_back(&part);
        return order;
    }

    /// Calls `visit(page object, text)` for each bookmark or label (`titles`:
    /// bookmarks) of the parts in `order`, with the page's index in print
    /// order for a label.
    template <typename Visit>
    void each_mark(const std::vector<const Part*>& order, bool titles, Visit visit) const {
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

    /// Writes object `number` from pieces: `write(piece)` is called with a
    /// function that emits a piece of its body.
    template <typename Write>
    void write_object_in_pieces(int number, Write write) {
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

    /// Writes the outline (one flat level, a bookmark an item) and returns
    /// its root's object number; the items written as they are read.
    int write_outline(const std::vector<const Part*>& order, std::size_t count) {
        const int root = reserve();
        const int first = static_cast<int>(offsets.size());
        for (std::size_t i = 0; i < count; ++i) reserve();
        const int last = first + static_cast<int>(count) - 1;
        write_object(root, "<</Type /Outlines /First " + std::to_string(first) + " 0 R /Last " +
                               std::to_string(last) + " 0 R /Count " + std::to_string(count) + ">>");
        int number = first;
        each_mark(order, /*titles=*/true, [&](int page, std::size_t, std::string_view title) {
            std::string item = "<</Title " + text_string(std::string(title)) + " /Parent " +
                               std::to_string(root) + " 0 R";
            if (number > first) item += " /Prev " + std::to_string(number - 1) + " 0 R";
            if (number < last) item += " /Next " + std::to_string(number + 1) + " 0 R";
            item += " /Dest [" + std::to_string(page) + " 0 R /Fit]>>";
            write_object(number, item);
            ++number;
        });
        return root;
    }

    /// Writes the cross-reference table and the trailer, in pieces of about 64 KB.
    void write_xref() {
        const std::uint64_t xref = written;
        std::string table = "xref\n0 " + std::to_string(offsets.size()) + "\n0000000000 65535 f \n";
        char entry[32];
        for (std::size_t n = 1; n < offsets.size(); ++n) {
            if (offsets[n] == 0) throw PdfError("object " + std::to_string(n) + " was reserved but never written");
            std::snprintf(entry, sizeof entry, "%010llu 00000 n \n", static_cast<unsigned long long>(offsets[n]));
            table += entry;
            if (table.size() > 1 << 16) {
                emit(table);
                table.clear();
            }
        }
        table += "trailer\n<</Size " + std::to_string(offsets.size()) + " /Root " + std::to_string(catalog_object) +
                 " 0 R /Info " + std::to_string(info_object) + " 0 R>>\nstartxref\n" + std::to_string(xref) +
                 "\n%%EOF\n";
        emit(table);
    }

    /// Writes fonts, page tree, outline, labels, information, catalog and
    /// the cross-reference table; returns the page count. The long ones (the
    /// page tree, the labels) are written in pieces, never held whole.
    std::size_t finish(const std::string& title) {
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
};

PdfStreamWriter::PdfStreamWriter(Sink sink, Painting painting) : impl_(std::make_unique<Impl>()) {
    impl_->sink = std::move(sink);
    impl_->direct = painting == Painting::direct;
    impl_->emit("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n");
}

PdfStreamWriter::~PdfStreamWriter() = default;

void PdfStreamWriter::add(Document&& part, bool front) { impl_->add(std::move(part), front); }

std::size_t PdfStreamWriter::finish(const std::string& title) { return impl_->finish(title); }

std::size_t PdfStreamWriter::direct_parts() const { return impl_->direct_parts; }

}  // namespace handout
