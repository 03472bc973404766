// The PDF painter: the only part of handout that knows libharu. Paints a laid-out Document; decides nothing about placement.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <string>

#include "handout/document.hpp"

namespace handout {

/// Error inside libharu, with its error and detail numbers.
class PdfError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Paints `doc` with the face files it names (`doc.fonts`: embedded, subset,
/// with a correct /ToUnicode map), compressed, Producer and Title set, no
/// clock dates, so the same document always gives the same bytes. Returns the
/// PDF file's bytes.
std::string paint_pdf(const Document& doc);

/// One PDF written part by part to a sink, so that memory does not grow with
/// its length (a class set of thousands of sheets): each part's pages are
/// painted and handed to the sink as soon as the part is added; fonts (the
/// subsets of every character printed), the page tree, outline, page labels
/// and cross-reference table come at `finish`. The same parts always give
/// the same bytes. Pages look exactly as paint_pdf paints them.
class PdfStreamWriter {
public:
    using Sink = std::function<void(std::string_view)>;
    /// How parts are painted: `direct` paints what it can without libharu
    /// (every part that holds no picture, in practice) and gives the rest to
    /// libharu; `libharu` gives it every part. Both write the same bytes.
    enum class Painting { direct, libharu };
    explicit PdfStreamWriter(Sink sink, Painting painting = Painting::direct);
    ~PdfStreamWriter();
    PdfStreamWriter(const PdfStreamWriter&) = delete;
    PdfStreamWriter& operator=(const PdfStreamWriter&) = delete;

    /// Paints `part` and writes its pages; its bookmarks and labels count
    /// from its first page. `front`: its pages go before those of every part
    /// added without it (a marking grid made once every key is known).
    /// Every part must name the same font files. Throws PdfError.
    void add(Document&& part, bool front = false);

    /// Writes the rest with `title` as /Title; returns the page count.
    std::size_t finish(const std::string& title);

    /// How many parts were painted without libharu so far.
    std::size_t direct_parts() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace handout
