// A deterministic generator of worksheets like the ones teachers write:
// every question type, prompts and options of random lengths, sometimes
// sections, pictures left out. The same number always gives the same YAML
// text (its own SplitMix64, never the standard library's distributions,
// whose output differs between implementations).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace handout::test {

/// SplitMix64: a small, fixed pseudo-random sequence.
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    /// A whole number from `low` to `high`, both included.
    int between(int low, int high) {
        return low + static_cast<int>(next() % static_cast<std::uint64_t>(high - low + 1));
    }
    bool chance(int percent) { return between(1, 100) <= percent; }

private:
    std::uint64_t state_;
};

/// `n` words of plain teacher's prose, each text made unique by `tag`.
inline std::string words(Random& r, int n, const std::string& tag) {
    static const std::vector<std::string> vocabulary = {
        "force",  "energy",    "the",   "a",        "moves",   "faster", "when", "water", "boils", "at",
        "plants", "need",      "light", "which",    "of",      "these",  "is",   "not",   "true",  "measured",
        "in",     "metres",    "each",  "second",   "gravity", "pulls",  "down", "on",    "every", "object",
        "heat",   "flows",     "from",  "hot",      "to",      "cold",   "why",  "does",  "ice",   "float",
        "sound",  "travels",   "through", "air",    "and",     "solids", "how",  "many",  "cells", "divide"};
    std::string s = tag;
    for (int i = 0; i < n; ++i)
        s += " " + vocabulary[static_cast<std::size_t>(r.between(0, static_cast<int>(vocabulary.size()) - 1))];
    return s;
}

/// One question of a random type (all eight), as a YAML list item.
inline std::string generated_question(Random& r, int index) {
    const std::string q = "Q" + std::to_string(index);
    const std::string prompt = "    prompt: \"" + words(r, r.between(3, r.chance(15) ? 60 : 20), q) + "?\"\n";
    std::string y;
    switch (r.between(0, 7)) {
        case 0: {  // choice
            y = "  - type: choice\n" + prompt + "    options:\n";
            const int n = r.between(2, 6);
            const int len = r.chance(50) ? 2 : 14;
            std::string option;
            for (int i = 0; i < n; ++i) {
                option = words(r, r.between(1, len), q + "o" + std::to_string(i));
                y += "      - \"" + option + "\"\n";
            }
            return y + "    answer: \"" + option + "\"\n";
        }
        case 1: return "  - type: truefalse\n" + prompt + "    answer: true\n";
        case 2: {  // multi
            y = "  - type: multi\n" + prompt + "    options:\n";
            const int n = r.between(2, 6);
            for (int i = 0; i < n; ++i) y += "      - \"" + words(r, r.between(1, 8), q + "m" + std::to_string(i)) + "\"\n";
            const std::size_t first = y.find("      - \"") + 9;
            return y + "    answers: [\"" + y.substr(first, y.find('"', first) - first) + "\"]\n";
        }
        case 3:
            return "  - type: short\n" + prompt + "    answer: a model answer\n    lines: " +
                   std::to_string(r.between(1, 6)) + "\n";
        case 4: {  // fill
            y = "  - type: fill\n    text: \"" + words(r, r.between(2, 10), q);
            const int gaps = r.between(1, 4);
            for (int g = 0; g < gaps; ++g) y += " [[" + q + "g" + std::to_string(g) + "]] " + words(r, r.between(2, 12), "");
            y += ".\"\n";
            if (r.chance(50)) y += "    bank: true\n";
            return y;
        }
        case 5: {  // match
            y = "  - type: match\n" + prompt + "    pairs:\n";
            const int n = r.between(2, 7);
            for (int i = 0; i < n; ++i)
                y += "      - [\"" + words(r, r.between(1, 6), q + "l" + std::to_string(i)) + "\", \"" +
                     words(r, r.between(1, 9), q + "r" + std::to_string(i)) + "\"]\n";
            return y;
        }
        case 6: {  // order
            y = "  - type: order\n" + prompt + "    items:\n";
            const int n = r.between(2, 6);
            for (int i = 0; i < n; ++i) y += "      - \"" + words(r, r.between(1, 10), q + "i" + std::to_string(i)) + "\"\n";
            return y;
        }
        default:  // numeric
            return "  - type: numeric\n" + prompt + "    answer: 9.81\n    unit: m/s²\n" +
                   (r.chance(40) ? "    grid: true\n" : "");
    }
}

/// Worksheet number `n`: 5 to 60 questions of every type, a third of them
/// in sections (each section's questions indented under it).
inline std::string generated_worksheet(std::uint64_t n) {
    Random r(n * 7919 + 17);
    const int count = r.between(5, 60);
    std::string y = "id: generated-" + std::to_string(n) + "\ntitle: Generated worksheet " + std::to_string(n) +
                    "\nsubject: Physics\ninstructions: Answer every question.\n";
    if (!r.chance(33)) {
        y += "questions:\n";
        for (int i = 0; i < count; ++i) y += generated_question(r, i);
        return y;
    }
    y += "sections:\n";
    int i = 0;
    for (int s = 0; i < count; ++s) {
        y += "  - title: Part " + std::to_string(s + 1) + "\n    questions:\n";
        const int in_section = r.between(2, 15);
        for (int k = 0; k < in_section && i < count; ++k, ++i) {
            // The question's lines, indented four more spaces.
            const std::string q = generated_question(r, i);
            std::size_t from = 0;
            while (from < q.size()) {
                const std::size_t end = q.find('\n', from);
                y += "    " + q.substr(from, end - from + 1);
                from = end + 1;
            }
        }
    }
    return y;
}

}  // namespace handout::test
