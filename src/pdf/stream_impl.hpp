// The class-set writer's state and steps (PdfStreamWriter::Impl), defined
// in two files: stream.cpp takes the parts in (the direct path's pages and
// their resources), stream_end.cpp copies what libharu paints (the fonts
// embedded once, a part the direct path declines) and writes the end of
// the file (page tree, outline, page labels, information, cross-reference
// table). Private to src/pdf.
#pragma once

#include <hpdf.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "handout/document.hpp"
#include "handout/io.hpp"
#include "handout/pdf.hpp"
#include "pdf/direct.hpp"
#include "pdf/libharu.hpp"
#include "pdf/paint.hpp"

namespace handout {

namespace pdf {

/// The objects every class-set file numbers alike.
inline constexpr int catalog_object = 1, pages_object = 2, info_object = 3;

/// A font's name without the subset tag ("HPDFAA+Lato-Light" → "Lato-Light").
inline std::string untagged(const std::string& name) {
    const auto plus = name.find('+');
    return plus == std::string::npos ? name : name.substr(plus + 1);
}

}  // namespace pdf

struct PdfStreamWriter::Impl {
    Sink sink;
    bool direct = true;  // false: every part through libharu (a test's comparison)
    std::size_t direct_parts = 0;
    std::uint64_t written = 0;
    std::vector<std::uint64_t> offsets{0, 0, 0, 0};  // by object number; 0 = not written yet
    std::unordered_map<std::string, int> shared;     // object bytes → number
    std::map<std::string, int> fonts;                // face → reserved number
    std::map<std::string, pdf::PrintedChars> chars;  // face file → characters printed
    GlyphTexts glyph_texts;                          // of every part
    /// Each face file the direct path has met, as libharu loads it into a
    /// document of its own (one of `namers`; nullopt: libharu cannot load it).
    struct Face {
        std::string name;  // without a subset tag
        HPDF_FontDef def;
    };
    std::map<std::string, std::optional<Face>> face_names;
    /// Documents holding the faces' definitions: a new one after libharu
    /// fails to load a file (its errors are sticky); the others are kept
    /// for the definitions they hold.
    std::vector<std::unique_ptr<pdf::PdfDocument>> namers;
    std::map<std::pair<double, double>, std::string> form_texts;  // form_object of each FormKey met
    /// The object of each picture's image met (kept alive: found by address).
    std::map<const GrayImage*, std::pair<std::shared_ptr<const GrayImage>, int>> images;
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

    void emit(std::string_view bytes);

    int reserve();

    /// Writes object `number` with the body `body` (dictionary or stream).
    void write_object(int number, const std::string& body);

    /// Copies the objects of one painted part.
    class Copier;

    void add(Document&& part, bool front);

    /// Moves `part`'s bookmarks and labels into `record`, checked against its
    /// pages (so that a part's fault is reported as it is added).
    void keep_bookmarks_and_labels(Document& part, Part& record);

    /// Adds the characters each face of `part` prints to `chars` (for the
    /// fonts embedded at the end); returns which font slots print text.
    std::array<bool, font_slot_count> note_characters(const Document& part);

    /// The face of each slot that prints text; nullopt when a slot names no
    /// file or a file libharu cannot load (the painter then reports it).
    std::optional<pdf::Faces> faces_of(const Document& part,
                                       const std::array<bool, font_slot_count>& printing);

    /// The face in `file` as libharu loads it: the name it gives it (its font
    /// objects' /BaseFont without the subset tag) and its definition;
    /// nullopt when it cannot load the file.
    std::optional<Face> load_face(const std::string& file);

    /// Writes pages painted by paint_direct as copy_painted would write the
    /// same pages painted by libharu: per page its content, the fonts and
    /// forms its resources name (in the order of their names), then the page.
    void write_direct(const std::vector<pdf::DirectPage>& pages, Part& record);

    /// Appends the resources of `page` (reserving its fonts and writing its
    /// forms and images when new): "<</Font <</F1 5 0 R>>/ProcSet […]/XObject <</X1 9 0 R>>>>".
    void append_resources(std::string& out, const pdf::DirectPage& page);

    /// The names "/F1" … "/Fn" with their indices, in the order the copier
    /// writes a dictionary's keys (as strings: "/F10" before "/F2").
    static std::vector<std::pair<std::string, std::size_t>> sorted_names(char prefix, std::size_t n);

    const std::string& form_text(const pdf::FormKey& key);

    /// The number of the object of `image`, written on first use.
    int image_number(const std::shared_ptr<const GrayImage>& image);

    /// The number of an object with the text `text`: an equal one written
    /// before, or a new one.
    int shared_object(const std::string& text);

    /// Paints `part` with libharu and copies its pages.
    void copy_painted(const Document& part, Part& record);

    /// Paints one page that prints every character of every face, embedding
    /// the fonts, and writes its fonts at their reserved numbers.
    void write_fonts();

    /// The parts in print order: those added at the front, then the others.
    std::vector<const Part*> print_order() const;

    /// Calls `visit(page object, page index in print order, text)` for each
    /// bookmark (`titles`) or page label of the parts in `order`.
    template <typename Visit>
    void each_mark(const std::vector<const Part*>& order, bool titles, Visit visit) const;

    /// Writes object `number` from pieces: `write(piece)` is called with a
    /// function that emits a piece of its body.
    template <typename Write>
    void write_object_in_pieces(int number, Write write);

    /// Writes the outline (one flat level, a bookmark an item) and returns
    /// its root's object number; the items written as they are read.
    int write_outline(const std::vector<const Part*>& order, std::size_t count);

    /// Writes the cross-reference table and the trailer, in pieces of about 64 KB.
    void write_xref();

    /// Writes fonts, page tree, outline, labels, information, catalog and
    /// the cross-reference table; returns the page count. The long ones (the
    /// page tree, the labels) are written in pieces, never held whole.
    std::size_t finish(const std::string& title);
};

}  // namespace handout
