// Variants and sheet codes: what a seed does to a worksheet, and the code
// printed on every page that ties a sheet to its worksheet and seed.
#include <charconv>
#include <string>

#include "handout/variant.hpp"

namespace handout {

namespace {

constexpr char base64url[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// The top `chars` × 6 bits of `h`, as base64url characters.
std::string encode_bits(std::uint64_t h, int chars) {
    std::string out;
    for (int i = 0; i < chars; ++i) out += base64url[(h >> (58 - 6 * i)) & 63];
    return out;
}

// Canonical bytes of everything that decides a variant or its answers.
// Every field is tagged and length-prefixed, so no two different worksheets
// serialise alike; titles, explanations, template and styling stay out.
class Canon {
public:
    void tag(char t) { out_ += t; }
    void str(std::string_view s) {
        num(s.size());
        out_ += s;
    }
    void num(std::uint64_t n) {
        for (int i = 0; i < 8; ++i) out_ += static_cast<char>((n >> (8 * i)) & 0xFF);
    }
    void flag(bool b) { out_ += b ? '1' : '0'; }
    const std::string& bytes() const { return out_; }

private:
    std::string out_;
};

std::string canonical_content(const Worksheet& ws) {
    Canon c;
    c.tag('W');
    c.flag(ws.shuffle_questions);
    c.flag(ws.shuffle_options);
    c.num(ws.sections.size());
    for (const auto& section : ws.sections) {
        c.tag('S');
        c.num(section.questions.size());
        for (const auto& q : section.questions) {
            c.tag('Q');
            c.str(type_name(q.type));
            c.str(q.prompt.text);
            c.flag(q.pin);
            switch (q.type) {
                case QuestionType::choice:
                    c.flag(q.shuffle_options);
                    c.num(q.options.size());
                    for (const auto& o : q.options) {
                        c.str(o.text);
                        c.flag(o.pin);
                    }
                    c.num(q.answer);
                    break;
                case QuestionType::truefalse:
                    c.flag(q.truth);
                    break;
                default:
                    break;
            }
        }
    }
    return c.bytes();
}

}  // namespace

std::string fingerprint(const Worksheet& ws) {
    return encode_bits(hash64("id\x1f" + ws.id.text), 4) +
           encode_bits(hash64(canonical_content(ws)), 9);
}

std::string sheet_code(const Worksheet& ws, std::uint32_t seed) {
    return "W1-" + fingerprint(ws) + "-s" + std::to_string(seed);
}

bool parse_sheet_code(std::string_view code, ParsedCode& out) {
    // W1- + 13 base64url + -s + decimal seed without leading zeros.
    if (code.size() < 3 + 13 + 3 || code.substr(0, 3) != "W1-") return false;
    const std::string_view fp = code.substr(3, 13);
    for (char ch : fp)
        if (std::string_view(base64url).find(ch) == std::string_view::npos) return false;
    if (code.substr(16, 2) != "-s") return false;
    const std::string_view digits = code.substr(18);
    if (digits.empty() || digits.size() > 10 || (digits.size() > 1 && digits[0] == '0')) return false;
    std::uint64_t seed = 0;
    for (char ch : digits) {
        if (ch < '0' || ch > '9') return false;
        seed = seed * 10 + static_cast<std::uint64_t>(ch - '0');
    }
    if (seed > 0xFFFFFFFFULL) return false;
    out.fingerprint = std::string(fp);
    out.id_part = std::string(fp.substr(0, 4));
    out.seed = static_cast<std::uint32_t>(seed);
    return true;
}

char VariantQuestion::correct_letter() const {
    for (std::size_t pos = 0; pos < option_order.size(); ++pos)
        if (option_order[pos] == source->answer) return static_cast<char>('A' + pos);
    return '?';
}

std::string VariantQuestion::key_answer() const {
    switch (source->type) {
        case QuestionType::choice:
            return std::string(1, correct_letter()) + " \u00b7 " + source->options[source->answer].text;
        case QuestionType::truefalse:
            return source->truth ? "True" : "False";
        default:
            return {};
    }
}

Variant make_variant(const Worksheet& ws, std::uint32_t seed) {
    Variant v;
    v.worksheet = &ws;
    v.seed = seed;
    v.code = sheet_code(ws, seed);
    SplitMix64 rng(seed);
    const bool shuffling = seed != 0;
    int number = 0;
    for (const auto& section : ws.sections) {
        VariantSection vs;
        vs.source = &section;
        // Question order within the section; pinned questions stay put.
        std::vector<bool> pinned;
        for (const auto& q : section.questions)
            pinned.push_back(!shuffling || !ws.shuffle_questions || q.pin);
        const auto order = shuffled_order(pinned, rng);
        for (std::size_t k : order) {
            VariantQuestion vq;
            vq.source = &section.questions[k];
            vq.number = ++number;
            vs.questions.push_back(std::move(vq));
        }
        // Options of each question, drawn in source order of the questions
        // (so that reordering questions cannot change an option shuffle).
        std::vector<std::vector<std::size_t>> option_orders(section.questions.size());
        for (std::size_t i = 0; i < section.questions.size(); ++i) {
            const Question& q = section.questions[i];
            std::vector<bool> opt_pinned;
            const bool fixed = !shuffling || !ws.shuffle_options || !q.shuffle_options ||
                               q.type != QuestionType::choice;
            for (const auto& o : q.options) opt_pinned.push_back(fixed || o.pin);
            option_orders[i] = shuffled_order(opt_pinned, rng);
        }
        for (std::size_t k = 0; k < order.size(); ++k)
            vs.questions[k].option_order = std::move(option_orders[order[k]]);
        v.sections.push_back(std::move(vs));
    }
    return v;
}

}  // namespace handout
