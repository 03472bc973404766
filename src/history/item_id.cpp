// An item's identity from its content (handout/history.hpp), and the
// sentence that sums up its history.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <string_view>

#include "handout/history.hpp"
#include "handout/markup.hpp"

namespace handout {

namespace {

std::uint64_t fnv1a(std::string_view s, std::uint64_t h = 14695981039346656037ULL) {
    for (const char c : s) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

std::string percent(double share) {
    return std::to_string(static_cast<int>(std::lround(share * 100))) + " %";
}

}  // namespace

std::string item_id(const Question& q) {
    std::uint64_t h = fnv1a(type_name(q.type()));
    const auto add = [&h](std::string_view s) {
        h = fnv1a("\x1f", h);
        h = fnv1a(s, h);
    };
    add(plain_text(q.prompt.text));
    if (q.type() == QuestionType::fill)
        for (const auto& part : q.as<Fill>().parts)
            add(part.gap ? "[[" + part.text + "]]" : plain_text(part.text));
    if (q.type() == QuestionType::choice || q.type() == QuestionType::multi)
        for (const auto& o : options_of(q)) add(plain_text(o.text));
    if (q.type() == QuestionType::match)
        for (const auto& pair : q.as<Match>().pairs)
            add(plain_text(pair.left.text) + "\x1e" + plain_text(pair.right.text));
    if (q.type() == QuestionType::order)
        for (const auto& item : q.as<Order>().items) add(plain_text(item.text));
    static const char* hex = "0123456789abcdef";
    std::string out = "q-";
    for (int shift = 60; shift >= 16; shift -= 4) out += hex[(h >> shift) & 0xF];
    return out;
}

std::string history_sentence(const ItemRecord& item, const ItemHistory& h) {
    std::string out = "answered by " + std::to_string(h.answers) +
                      (h.answers == 1 ? " student in " : " students in ") + std::to_string(h.classes) +
                      (h.classes == 1 ? " class, " : " classes, ");
    out += h.answers ? percent(static_cast<double>(h.right) / static_cast<double>(h.answers)) + " right"
                     : "none right";
    if (h.discrimination) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%+.2f", *h.discrimination);
        out += ", discrimination " + std::string(buf);
    }
    // The wrong option the strongest chose most (an ambiguous key, a trap).
    if (h.strongest > 0 && item.type != "multi") {
        std::size_t best = h.chosen_by_strongest.size(), count = 0;
        for (std::size_t k = 0; k < h.chosen_by_strongest.size(); ++k)
            if (h.chosen_by_strongest[k] > count && k < item.options.size() &&
                std::find(item.key.begin(), item.key.end(), k) == item.key.end())
                best = k, count = h.chosen_by_strongest[k];
        if (best < h.chosen_by_strongest.size())
            out += ", " +
                   (item.type == "truefalse"
                        ? item.options[best]
                        : "option " + std::to_string(best + 1) + " (" + item.options[best] + ")") +
                   " chosen by " + percent(static_cast<double>(count) / static_cast<double>(h.strongest)) +
                   " of the strongest";
    }
    return out;
}

}  // namespace handout
