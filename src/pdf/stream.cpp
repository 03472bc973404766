// The class-set writer: one PDF written part by part, so that a class set of
// any size is painted and written with bounded memory (libharu keeps every
// page of a document until it saves).
//
// How: each part (a few dozen sheets) is painted on its own, without
// embedding fonts, and its pages and what they use are written to the sink
// at once, renumbered into one file. A part is painted directly
// (pdf/direct.hpp: the painter's operators, and page objects written here)
// unless it holds what only libharu paints (text libharu would not show as
// it is, a value it refuses with its own error: never what layout makes);
// then libharu paints it and the writer copies its objects. Both give the
// same bytes. Objects
// that parts share (bubble forms, pictures) are written once: an object
// whose bytes, references included, equal an earlier one's is that one. The
// fonts are embedded once, at the end, as subsets of every character of
// every part (painted by libharu from one page that prints them all); parts
// refer to them by object numbers reserved when a face is first seen. The
// page tree, outline, page labels, document information and cross-reference
// table follow. Object 1 is the catalog, 2 the page tree, 3 the document
// information.

#include "pdf/stream_impl.hpp"

#include <algorithm>
#include <string>

#include "handout/fonts.hpp"
#include "pdf/content.hpp"

namespace handout {

using pdf::pages_object;
using pdf::untagged;

void PdfStreamWriter::Impl::emit(std::string_view bytes) {
    sink(bytes);
    written += bytes.size();
}

int PdfStreamWriter::Impl::reserve() {
    offsets.push_back(0);
    return static_cast<int>(offsets.size() - 1);
}

void PdfStreamWriter::Impl::write_object(int number, const std::string& body) {
    offsets[static_cast<std::size_t>(number)] = written;
    emit(std::to_string(number) + " 0 obj\n");
    emit(body);
    emit("\nendobj\n");
}

void PdfStreamWriter::Impl::add(Document&& part, bool front) {
    if (part.pages.empty()) return;
    Part record;
    record.front = front;
    keep_bookmarks_and_labels(part, record);
    width = part.width;
    height = part.height;
    const std::array<bool, font_slot_count> printing = note_characters(part);
    merge_glyph_texts(glyph_texts, part.glyph_texts);
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

void PdfStreamWriter::Impl::keep_bookmarks_and_labels(Document& part, Part& record) {
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

std::array<bool, font_slot_count> PdfStreamWriter::Impl::note_characters(const Document& part) {
    std::array<bool, font_slot_count> printing{};
    std::u32string decoded;
    for (const Page& page : part.pages)
        for (const Item& item : page.items) {
            const auto* run = std::get_if<TextRun>(&item);
            if (run == nullptr || run->text.empty()) continue;
            pdf::each_shown_code(*run, decoded, [&](FontStyle font, char32_t cp) {
                const auto slot = static_cast<std::size_t>(font);
                if (slot >= font_slot_count) return;  // the painter's error
                printing[slot] = true;
                chars[part.fonts[slot]].add(cp);
            });
        }
    return printing;
}

std::optional<pdf::Faces> PdfStreamWriter::Impl::faces_of(const Document& part,
                                                          const std::array<bool, font_slot_count>& printing) {
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

std::optional<PdfStreamWriter::Impl::Face> PdfStreamWriter::Impl::load_face(const std::string& file) {
    if (namers.empty()) namers.push_back(std::make_unique<pdf::PdfDocument>());
    const pdf::PdfDocument& namer = *namers.back();
    try {
        const std::string name = namer.check_handle(
            HPDF_LoadTTFontFromFile(namer.get(), file.c_str(), HPDF_FALSE), "loading font");
        HPDF_FontDef def = pdf::find_font_def(namer, name);
        return Face{untagged(name), def};
    } catch (const PdfError&) {
        namers.push_back(std::make_unique<pdf::PdfDocument>());
        return std::nullopt;
    }
}

void PdfStreamWriter::Impl::write_direct(const std::vector<pdf::DirectPage>& pages, Part& record) {
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

void PdfStreamWriter::Impl::append_resources(std::string& out, const pdf::DirectPage& page) {
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
    if (!page.xobjects.empty()) {
        out += "/XObject <<";
        for (const auto& [name, i] : sorted_names('X', page.xobjects.size())) {
            const pdf::XObject& x = page.xobjects[i];
            const auto* form = std::get_if<pdf::FormKey>(&x);
            entry(name, form != nullptr ? shared_object(form_text(*form))
                                        : image_number(std::get<std::shared_ptr<const GrayImage>>(x)));
        }
        out += ">>";
    }
    out += ">>";
}

std::vector<std::pair<std::string, std::size_t>> PdfStreamWriter::Impl::sorted_names(char prefix,
                                                                                     std::size_t n) {
    std::vector<std::pair<std::string, std::size_t>> names;
    names.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        names.emplace_back("/" + std::string(1, prefix) + std::to_string(i + 1), i);
    std::sort(names.begin(), names.end());
    return names;
}

const std::string& PdfStreamWriter::Impl::form_text(const pdf::FormKey& key) {
    auto [found, added] = form_texts.try_emplace({key.r, key.width});
    if (added) found->second = pdf::form_object(key);
    return found->second;
}

int PdfStreamWriter::Impl::image_number(const std::shared_ptr<const GrayImage>& image) {
    auto [found, added] = images.try_emplace(image.get(), image, 0);
    if (added) found->second.second = shared_object(pdf::image_object(*image));
    return found->second.second;
}

int PdfStreamWriter::Impl::shared_object(const std::string& text) {
    auto [slot, added] = shared.try_emplace(text, 0);
    if (added) {
        slot->second = reserve();
        write_object(slot->second, slot->first);
    }
    return slot->second;
}
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
