// Variants and sheet codes: what a seed does to a worksheet, and the code
// printed on every page that ties a sheet to its worksheet and seed.
#include <algorithm>
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

// A number of a numeric question as written, or the shortest text that
// reads back as `value` when the model was built without the text.
std::string number_text(const std::string& written, double value) {
    if (!written.empty()) return written;
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
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
                case QuestionType::multi:
                    c.flag(q.shuffle_options);
                    c.num(q.options.size());
                    for (const auto& o : q.options) {
                        c.str(o.text);
                        c.flag(o.pin);
                    }
                    c.num(q.answers.size());
                    for (std::size_t a : q.answers) c.num(a);
                    break;
                case QuestionType::short_answer:
                    c.str(q.model_answer.text);
                    break;
                case QuestionType::fill:
                    c.flag(q.shuffle_options);
                    c.num(q.fill.size());
                    for (const auto& part : q.fill) {
                        c.flag(part.gap);
                        c.str(part.text);
                    }
                    c.flag(q.bank);
                    c.num(q.distractors.size());
                    for (const auto& d : q.distractors) c.str(d.text);
                    break;
                case QuestionType::match:
                    c.flag(q.shuffle_options);
                    c.num(q.pairs.size());
                    for (const auto& pair : q.pairs) {
                        c.str(pair.left.text);
                        c.str(pair.right.text);
                    }
                    break;
                case QuestionType::order:
                    c.flag(q.shuffle_options);
                    c.num(q.items.size());
                    for (const auto& item : q.items) c.str(item.text);
                    break;
                case QuestionType::numeric:
                    // As the key prints them: a zero tolerance is not shown.
                    c.str(number_text(q.value_text, q.value));
                    c.str(q.tolerance == 0 ? std::string() : number_text(q.tolerance_text, q.tolerance));
                    c.str(q.unit.text);
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

std::string VariantQuestion::correct_letters() const {
    std::string letters;
    for (std::size_t pos = 0; pos < option_order.size(); ++pos)
        if (std::find(source->answers.begin(), source->answers.end(), option_order[pos]) !=
            source->answers.end())
            letters += static_cast<char>('A' + pos);
    return letters;
}

std::vector<std::string> VariantQuestion::bank_words() const {
    std::vector<std::string> words;
    for (const auto& part : source->fill)
        if (part.gap) words.push_back(part.text);
    for (const auto& d : source->distractors) words.push_back(d.text);
    return words;
}

std::string VariantQuestion::match_letters() const {
    std::string letters(source->pairs.size(), '?');
    for (std::size_t pos = 0; pos < right_order.size(); ++pos)
        if (right_order[pos] < letters.size())
            letters[right_order[pos]] = static_cast<char>('A' + pos);
    return letters;
}

std::vector<int> VariantQuestion::order_positions() const {
    std::vector<int> positions;
    for (std::size_t index : item_order) positions.push_back(static_cast<int>(index) + 1);
    return positions;
}

std::string VariantQuestion::key_answer() const {
    const Question& q = *source;
    std::string out;
    // Appends `sep` before every piece but the first.
    const auto add = [&out](std::string_view sep, std::string_view piece) {
        if (!out.empty()) out += sep;
        out += piece;
    };
    switch (q.type) {
        case QuestionType::choice:
            return std::string(1, correct_letter()) + " \u00b7 " + q.options[q.answer].text;
        case QuestionType::truefalse:
            return q.truth ? "True" : "False";
        case QuestionType::multi: {
            // `A, C · text; text`: letters and texts in printed order.
            std::string texts;
            for (char letter : correct_letters()) {
                add(", ", std::string(1, letter));
                if (!texts.empty()) texts += "; ";
                texts += q.options[option_order[static_cast<std::size_t>(letter - 'A')]].text;
            }
            return out + " \u00b7 " + texts;
        }
        case QuestionType::short_answer:
            return q.model_answer.text;
        case QuestionType::fill: {
            int gap = 0;
            for (const auto& part : q.fill)
                if (part.gap) add("  ", "(" + std::to_string(++gap) + ") " + part.text);
            return out;
        }
        case QuestionType::match: {
            const std::string letters = match_letters();
            for (std::size_t i = 0; i < letters.size(); ++i)
                add(", ", std::to_string(i + 1) + " \u2192 " + letters[i]);
            return out;
        }
        case QuestionType::order:
            for (int position : order_positions()) add(", ", std::to_string(position));
            return out;
        case QuestionType::numeric:
            out = number_text(q.value_text, q.value);
            if (q.tolerance != 0) out += " \u00b1 " + number_text(q.tolerance_text, q.tolerance);
            if (!q.unit.empty()) out += " " + q.unit.text;
            return out;
    }
    return {};
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
        // The draws of each question, in source order of the questions (so
        // that reordering questions cannot change them): options of choice
        // and multi, the word bank of fill with `bank: true`, the right
        // column of match, the items of order. Other types draw nothing.
        std::vector<VariantQuestion> drawn(section.questions.size());
        for (std::size_t i = 0; i < section.questions.size(); ++i) {
            const Question& q = section.questions[i];
            VariantQuestion& d = drawn[i];
            d.source = &q;
            const bool fixed = !shuffling || !ws.shuffle_options || !q.shuffle_options;
            switch (q.type) {
                case QuestionType::choice:
                case QuestionType::multi: {
                    std::vector<bool> opt_pinned;
                    for (const auto& o : q.options) opt_pinned.push_back(fixed || o.pin);
                    d.option_order = shuffled_order(opt_pinned, rng);
                    break;
                }
                case QuestionType::fill:
                    if (q.bank)
                        d.bank_order =
                            shuffled_order(std::vector<bool>(d.bank_words().size(), fixed), rng);
                    break;
                case QuestionType::match:
                    d.right_order = shuffled_order(std::vector<bool>(q.pairs.size(), fixed), rng);
                    break;
                case QuestionType::order:
                    d.item_order = shuffled_order(std::vector<bool>(q.items.size(), fixed), rng);
                    break;
                case QuestionType::truefalse:
                case QuestionType::short_answer:
                case QuestionType::numeric:
                    break;
            }
        }
        for (std::size_t k = 0; k < order.size(); ++k) {
            VariantQuestion& d = drawn[order[k]];
            VariantQuestion& vq = vs.questions[k];
            vq.option_order = std::move(d.option_order);
            vq.bank_order = std::move(d.bank_order);
            vq.right_order = std::move(d.right_order);
            vq.item_order = std::move(d.item_order);
        }
        v.sections.push_back(std::move(vs));
    }
    return v;
}

}  // namespace handout
