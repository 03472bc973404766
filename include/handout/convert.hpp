// Question banks in and out: import Moodle GIFT, Aiken and Moodle XML into
// worksheet YAML the teacher then edits, and export a worksheet to Moodle XML,
// GIFT or QTI 2.1. Whatever one side cannot hold is never dropped silently:
// imports write a YAML comment at its place, exports report a warning.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handout/diagnostic.hpp"
#include "handout/model.hpp"

namespace handout {

/// One imported question, or an item that could not become one.
struct ConvertedItem {
    /// The question; nullopt when the item could not be carried over (an
    /// essay, a description, an unknown type): then `commented` holds it.
    std::optional<Question> question;
    std::string name;                   ///< the source's name or title, "" when none
    std::vector<std::string> notes;     ///< YAML comments written before the item
    std::size_t source_comments = 0;    ///< how many of `notes` are the source's own comments (first)
    std::vector<std::string> commented; ///< a commented-out YAML block, for items not carried over
    /// The question is written commented out: the worksheet would refuse it
    /// (the reason is in `notes`).
    bool comment_out = false;
    Loc loc;                            ///< where the item starts in the source
};

/// A section: a GIFT `$CATEGORY`, a Moodle XML category.
struct ConvertedSection {
    std::string title;  ///< "" for questions before any category
    std::string instructions;
    std::vector<std::string> notes;
    std::vector<ConvertedItem> items;
    Loc loc;
};

/// A file written beside the YAML (an image decoded from Moodle XML).
struct ConvertedFile {
    std::string path;   ///< relative to the YAML file's folder
    std::string bytes;
};

/// A whole imported bank, ready to be written as worksheet YAML.
struct Converted {
    std::string id, title;
    std::string source_format;        ///< "Moodle GIFT", "Aiken", "Moodle XML"
    std::string source_file;          ///< the file name as given
    std::vector<std::string> notes;   ///< comments at the top of the file
    std::vector<ConvertedSection> sections;
    std::vector<ConvertedFile> files;

    /// Questions carried over, and items commented out.
    std::size_t question_count() const;
    std::size_t commented_count() const;
};

/// Reads Moodle GIFT `text` (all of it: categories, names, formats, escapes,
/// feedback, weights, every question kind), reported as `file`. Appends
/// located errors to `diags`.
Converted import_gift(std::string_view text, const std::string& file, Diagnostics& diags);

/// Reads Aiken `text` (multiple choice, `A.`/`A)` options, `ANSWER: X`).
Converted import_aiken(std::string_view text, const std::string& file, Diagnostics& diags);

/// Reads Moodle XML `text`. Images embedded as base64 become files under
/// `image_dir` (relative to the YAML's folder), listed in `files`.
Converted import_moodle_xml(std::string_view text, const std::string& file,
                            const std::string& image_dir, Diagnostics& diags);

/// The worksheet YAML of an import: readable, commented where something was
/// not carried over. Without `with_images` the `image` keys are left out
/// (to check the YAML before the images exist).
std::string write_worksheet_yaml(const Converted& bank, bool with_images = true);

/// The largest question banks `handout import` reads: a GIFT or Aiken text
/// (4 MiB is several times the 500 questions a worksheet holds; reading it
/// takes some 200 MB) and a Moodle XML file with its pictures (48 MiB: some
/// 150 MB).
inline constexpr std::size_t max_text_bank_bytes = std::size_t{4} << 20;
inline constexpr std::size_t max_xml_bank_bytes = std::size_t{48} << 20;

/// What `handout import` does: reads `input` (GIFT for .gift, Moodle XML for
/// .xml, Aiken or GIFT for .txt by its content), converts it, and checks the
/// YAML as `handout check` would. Returns nullopt on errors (all in `diags`).
/// `output` is where the YAML will go (image paths are relative to it).
struct ImportResult {
    Converted bank;
    std::string yaml;
};
std::optional<ImportResult> import_file(const std::string& input, const std::string& output,
                                        Diagnostics& diags);

/// After `handout check`'s own check of the YAML `import_file` gave (with
/// its pictures and fonts; `checked` located in that YAML): each question it
/// refuses is marked to be written commented out, with the reason and a
/// warning at its place in the source, and the YAML is written again. False
/// when an error is in no question (then reported at the source's start).
bool comment_out_checked(ImportResult& result, const Diagnostics& checked, Diagnostics& diags);

/// Export formats of `handout export`.
enum class ExportFormat { moodle_xml, gift, qti };

/// Parses `moodle-xml`, `gift` or `qti`.
std::optional<ExportFormat> parse_export_format(std::string_view name);

/// `sheet` with the numbers of its `vars:` drawn, for an export: each
/// question with vars becomes `copies` questions, the numbers of sheets
/// `seed`, `seed + 1`, … (as `handout render --seed` prints them), in a row;
/// the other questions stay as they are. The exports refuse a worksheet
/// whose vars are not drawn.
Worksheet draw_vars_for_export(const Worksheet& sheet, std::uint32_t seed, std::uint32_t copies);

/// Moodle XML of a worksheet: categories for sections, `explain` as general
/// feedback, images embedded as base64. Warnings for what it cannot hold.
std::string export_moodle_xml(const Worksheet& sheet, Diagnostics& warnings);

/// GIFT of a worksheet. Questions GIFT cannot hold (order, fill with more than
/// one gap) are written as `//` comments and reported.
std::string export_gift(const Worksheet& sheet, Diagnostics& warnings);

/// A QTI 2.1 content package (a zip: imsmanifest.xml, one item per question,
/// the images).
std::string export_qti(const Worksheet& sheet, Diagnostics& warnings);

}  // namespace handout
