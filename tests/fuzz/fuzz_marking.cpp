// libFuzzer target: what `handout mark` reads besides the pictures (issue 33):
// the corrections file (`--fix`), a page code as a QR symbol hands it over
// (with its layout and student tags), the headers of a PNG or TIFF scan
// whose declared sizes are checked before decoding (one pass over a TIFF's
// directories, however they loop), and the escaping of anything shown on a
// terminal. Nothing may crash, hang or read out of bounds.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "handout/sheet_geometry.hpp"
#include "handout/text.hpp"
#include "mark/fixes.hpp"
#include "scan/input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    handout::Diagnostics diags;
    for (const auto& fix : handout::mark::parse_fixes(text, "fixes.csv", diags))
        if (fix.question <= 0) __builtin_trap();  // a question number is 1 or more
    if (const auto code = handout::scan::parse_page_code(text)) {
        // What parses, written again, parses to the same fields.
        const auto again = handout::scan::parse_page_code(
            handout::scan::page_code_text(code->sheet, code->page, code->layout, code->student));
        if (!again || again->sheet != code->sheet || again->page != code->page ||
            again->layout != code->layout || again->student != code->student)
            __builtin_trap();
    }
    (void)handout::scan::student_tag(text, text);
    const std::string shown = handout::shown_escaped(text);
    for (char c : shown)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) __builtin_trap();  // no control character left
    std::istringstream png(text), tiff(text);
    (void)handout::scan::detail::png_size(png);
    if (const auto sizes = handout::scan::detail::tiff_sizes(tiff, 3000))
        if (sizes->size() > 3001) __builtin_trap();
    return 0;
}
