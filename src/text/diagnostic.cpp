#include "handout/diagnostic.hpp"

namespace handout {

std::string Diagnostic::format() const {
    std::string out = loc.file.empty() ? std::string("handout") : loc.file;
    if (loc.line > 0) {
        out += ':' + std::to_string(loc.line);
        if (loc.column > 0) out += ':' + std::to_string(loc.column);
    }
    out += severity == Severity::error ? ": error: " : ": warning: ";
    out += message;
    if (!hint.empty()) out += "\n  hint: " + hint;
    return out;
}

void Diagnostics::error(const Loc& loc, std::string message, std::string hint) {
    items_.push_back({Severity::error, loc, std::move(message), std::move(hint)});
}

void Diagnostics::warning(const Loc& loc, std::string message, std::string hint) {
    items_.push_back({Severity::warning, loc, std::move(message), std::move(hint)});
}

bool Diagnostics::has_errors() const {
    for (const auto& d : items_)
        if (d.severity == Severity::error) return true;
    return false;
}

void Diagnostics::append(const Diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

void Diagnostics::append_file(const Diagnostics& other) {
    const std::size_t n = other.items_.size();
    if (n <= max_per_file) return append(other);
    items_.insert(items_.end(), other.items_.begin(), other.items_.begin() + max_per_file);
    error(other.items_[max_per_file].loc,
          "too many errors: the first " + std::to_string(max_per_file) + " are shown, " +
              with_commas(n - max_per_file) + " more are not",
          "fix the errors shown (one mistake often causes many) and run again");
}

std::string Diagnostics::format() const {
    std::string out;
    for (const auto& d : items_) out += d.format() + '\n';
    return out;
}

std::string with_commas(std::size_t n) {
    std::string digits = std::to_string(n);
    for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, 1, ',');
    return digits;
}

}  // namespace handout
