// Numbers as teachers and students write them: the one grammar of numeric
// answers, shared by the worksheet loader and (ported) by the quiz page.
#pragma once

#include <string>
#include <string_view>

namespace handout {

/// A number read from text.
struct ReadNumber {
    enum class Status {
        ok,         ///< `value` holds it
        ambiguous,  ///< `3,141`: a thousands comma or a decimal comma; `value` and `other` are the two readings
        too_large,  ///< a number, but beyond what a double holds (`1e309`)
        invalid,    ///< not a number in any form below
    };
    Status status = Status::invalid;
    double value = 0;
    double other = 0;
};

/// Reads `text` (surrounding spaces ignored) as one number in any of these
/// forms: `70000`, `-3.5`, `.5`, `3e8`, `3E-5`; thousands grouped with
/// commas, spaces (also no-break and thin spaces) or dots (`70,000`,
/// `70 000`, `1.234.567`), with a decimal point or comma after them
/// (`1,234.5`, `1 234,5`, `1.234,5`); a decimal comma (`3,5`, `3,14`,
/// `1234,567`); powers of ten (`3 × 10^8`, `3x10^8`, `3*10^-8`, `3·10⁸`,
/// `10^8`); a minus sign written `−` (U+2212). A single comma followed by
/// exactly three digits after one to three digits (`3,141`) is ambiguous
/// unless those digits are `000` (`70,000` is seventy thousand).
ReadNumber read_number(std::string_view text);

/// The shortest plain spelling of `value` that reads back exactly
/// (`70000`, `3.5`, `3e+08` for large ones), for hints.
std::string plain_number(double value);

}  // namespace handout
