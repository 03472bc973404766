// The commands of the LaTeX subset: symbols with their class, functions,
// big operators, accents, spaces and the commands that take arguments.
// Private to src/math.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "handout/math.hpp"

namespace handout::math {

/// A command that stands for one character.
struct Symbol {
    std::string_view name;  ///< without the backslash
    char32_t cp;
    MathClass cls;
    bool italic;  ///< set in Mathematical Italic (lowercase Greek)
};

/// The symbol named `name`, or nullptr.
const Symbol* find_symbol(std::string_view name);

/// A big operator (`\sum`): its character, or 0.
char32_t big_operator(std::string_view name);

/// Whether `name` is a function printed upright (`\sin`, `\lim`), and
/// whether its scripts go above and below in displayed maths (`\lim`).
bool is_function(std::string_view name, bool& limits);

/// An accent command's character (`\vec` → U+2192), or 0; `wide` for
/// the accents grown across the whole base (`\overline`, `\underline`,
/// `\widehat`, `\widetilde`, `\overrightarrow`, `\overleftarrow`,
/// `\overbrace`, `\underbrace`).
char32_t accent(std::string_view name, bool& wide);

/// Whether accent character `accent` goes below its base (`\underline`, `\underbrace`).
bool below(char32_t accent);

/// Whether `n` is a brace over or under its base, whose scripts go above
/// and below it as limits (`\underbrace{a+b}_{n}`).
bool is_brace(const MathNode& n);

/// The em width of a spacing command (`\,` → 3/18, `\!` → -3/18), or nothing.
std::optional<double> spacing(std::string_view name);

/// The character a delimiter name stands for after `\left`/`\right` and in
/// matrices (`(`, `\{`, `|`, `.` → 0); false when it is none.
bool delimiter(std::string_view name, char32_t& cp);

/// Every command name the parser knows, for did-you-mean.
const std::vector<std::string_view>& command_names();

}  // namespace handout::math
