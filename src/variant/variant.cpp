// Variants and fingerprints: what a seed does to a worksheet, and the hash
// of the worksheet that sheet codes carry (the codes: sheet_code.cpp).
#include "handout/variant.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>

#include "handout/number.hpp"
#include "handout/pool.hpp"
#include "handout/vars.hpp"
#include "variant/code_alphabet.hpp"

namespace handout {

namespace {

using code_alphabet::base64url;
using code_alphabet::crockford;

// The top `chars` × 6 bits of `h`, as base64url characters (codes W1).
std::string encode_bits(std::uint64_t h, int chars) {
    std::string out;
    for (int i = 0; i < chars; ++i) out += base64url[(h >> (58 - 6 * i)) & 63];
    return out;
}

// The top `chars` × 5 bits of `h`, as Crockford base32 characters (codes W2).
std::string encode_base32(std::uint64_t h, int chars) {
    std::string out;
    for (int i = 0; i < chars; ++i) out += crockford[(h >> (59 - 5 * i)) & 31];
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

// The canonical bytes of one question's body.
void add_body(Canon& c, const Question& q) {
    const auto add_options = [&](const std::vector<Option>& options) {
        c.flag(q.shuffle_options);
        c.num(options.size());
        for (const auto& o : options) {
            c.str(o.text);
            c.flag(o.pin);
        }
    };
    std::visit(Overloaded{
                   [&](const Choice& b) {
                       add_options(b.options);
                       c.num(b.answer);
                   },
                   [&](const TrueFalse& b) { c.flag(b.truth); },
                   [&](const Multi& b) {
                       add_options(b.options);
                       c.num(b.answers.size());
                       for (std::size_t a : b.answers) c.num(a);
                   },
                   [&](const ShortAnswer& b) { c.str(b.model_answer.text); },
                   [&](const Fill& b) {
                       c.flag(q.shuffle_options);
                       c.num(b.parts.size());
                       for (const auto& part : b.parts) {
                           c.flag(part.gap);
                           c.str(part.text);
                       }
                       c.flag(b.bank);
                       c.num(b.distractors.size());
                       for (const auto& d : b.distractors) c.str(d.text);
                   },
                   [&](const Match& b) {
                       c.flag(q.shuffle_options);
                       c.num(b.pairs.size());
                       for (const auto& pair : b.pairs) {
                           c.str(pair.left.text);
                           c.str(pair.right.text);
                       }
                   },
                   [&](const Order& b) {
                       c.flag(q.shuffle_options);
                       c.num(b.items.size());
                       for (const auto& item : b.items) c.str(item.text);
                   },
                   [&](const Numeric& b) {
                       // As the key prints them: a zero tolerance is not shown.
                       c.str(number_text(b.value_text, b.value));
                       c.str(b.tolerance == 0 && b.tolerance_text.find("{{") == std::string::npos
                                 ? std::string()
                                 : number_text(b.tolerance_text, b.tolerance));
                       c.str(b.unit.text);
                       // A digit grid changes what a scanner reads: written
                       // only when asked, so other worksheets keep their codes.
                       if (b.grid > 0) c.str("grid " + std::to_string(b.grid));
                   },
               },
               q.body);
}

// The canonical bytes of a question's vars: `V`, their number, then each
// one's name, kind and definition as its numbers print in plain form.
void add_vars(Canon& c, const Question& q) {
    c.tag('V');
    c.num(q.vars.size());
    for (const VarDef& v : q.vars) {
        c.str(v.name);
        switch (v.kind) {
            case VarDef::Kind::range:
                c.tag('r');
                for (double n : {v.from, v.to, v.step}) c.str(plain_number(n));
                break;
            case VarDef::Kind::list:
                c.tag('l');
                c.num(v.items.size());
                for (const Text& item : v.items) c.str(item.text);
                break;
            case VarDef::Kind::formula:
                c.tag('f');
                c.str(v.formula.text);
                break;
        }
        c.str(v.written_decimals ? std::to_string(v.decimals) : std::string());
    }
}

std::string canonical_content(const Worksheet& ws) {
    Canon c;
    c.tag('W');
    c.flag(ws.shuffle_questions);
    c.flag(ws.shuffle_options);
    if (ws.id_digits > 0) c.str("id_digits " + std::to_string(ws.id_digits));
    c.num(ws.sections.size());
    for (const auto& section : ws.sections) {
        c.tag('S');
        // Written only when set, so worksheets without it keep the
        // fingerprint (and the W1 codes) they had.
        if (!section.shuffle_questions) c.tag('F');
        // A pool's pick and constraints (written only for a pool, as above).
        if (section.is_pool()) {
            c.tag('P');
            c.num(section.pick);
            c.flag(section.one_per_tag);
            c.str(section.pool_points ? format_points(*section.pool_points) : std::string());
        }
        c.num(section.questions.size());
        for (const auto& q : section.questions) {
            c.tag('Q');
            c.str(type_name(q.type()));
            c.str(q.prompt.text);
            c.flag(q.pin);
            add_body(c, q);
            // Written only for a question with vars, so others keep their codes.
            if (!q.vars.empty()) add_vars(c, q);
            // A pool drawing one question per tag draws by the tags.
            if (section.one_per_tag) {
                c.tag('T');
                c.num(q.tags.size());
                for (const Text& t : q.tags) c.str(t.text);
            }
        }
    }
    return c.bytes();
}

// What `seed` draws for one question: its options (choice, multi), its word
// bank (fill with `bank: true`), its right column (match), its items (order);
// other types draw nothing. `fixed` keeps everything in source order.
QuestionDraw draw_question(const Question& q, bool fixed, SplitMix64& rng) {
    const auto option_order = [&](const std::vector<Option>& options) {
        std::vector<bool> pinned;
        pinned.reserve(options.size());
        for (const auto& o : options) pinned.push_back(fixed || o.pin);
        return shuffled_order(pinned, rng);
    };
    const auto unpinned = [&](std::size_t n) { return shuffled_order(std::vector<bool>(n, fixed), rng); };
    return std::visit(
        Overloaded{
            [&](const Choice& b) -> QuestionDraw { return ChoiceDraw{option_order(b.options)}; },
            [&](const TrueFalse&) -> QuestionDraw { return TrueFalseDraw{}; },
            [&](const Multi& b) -> QuestionDraw { return MultiDraw{option_order(b.options)}; },
            [&](const ShortAnswer&) -> QuestionDraw { return ShortAnswerDraw{}; },
            [&](const Fill& b) -> QuestionDraw {
                if (!b.bank) return FillDraw{};
                std::size_t gaps = 0;
                for (const auto& part : b.parts) gaps += part.gap;
                return FillDraw{unpinned(gaps + b.distractors.size())};
            },
            [&](const Match& b) -> QuestionDraw { return MatchDraw{unpinned(b.right_items().size())}; },
            [&](const Order& b) -> QuestionDraw { return OrderDraw{unpinned(b.items.size())}; },
            [&](const Numeric&) -> QuestionDraw { return NumericDraw{}; },
        },
        q.body);
}

// Draws the vars of `vq`'s question from their own stream and puts the
// student's numbers into its texts. The loader has checked every draw.
void put_vars(VariantQuestion& vq, std::uint32_t seed, bool comma) {
    const Question& q = *vq.written;
    const VarEvaluator evaluator(q, comma);
    VarProblem failure;
    const auto values = evaluator.evaluate(draw_var_picks(q, seed, vq.source_index), &failure);
    if (!values) throw std::invalid_argument(failure.message);
    vq.instance = std::make_shared<const Question>(instantiate(q, *values));
    vq.source = vq.instance.get();
    vq.numbers = values->line();
}

}  // namespace

std::string fingerprint(const Worksheet& ws) {
    return encode_base32(hash64("id\x1f" + ws.id.text), 4) + encode_base32(hash64(canonical_content(ws)), 9);
}

std::string fingerprint_v1(const Worksheet& ws) {
    return encode_bits(hash64("id\x1f" + ws.id.text), 4) +
           encode_bits(hash64(canonical_content(ws)), 9);
}

const std::vector<std::size_t>& VariantQuestion::option_order() const {
    static const std::vector<std::size_t> none;
    if (const auto* d = std::get_if<ChoiceDraw>(&draw)) return d->option_order;
    if (const auto* d = std::get_if<MultiDraw>(&draw)) return d->option_order;
    return none;
}

char VariantQuestion::correct_letter() const {
    const auto& order = option_order();
    const std::size_t answer = source->as<Choice>().answer;
    for (std::size_t pos = 0; pos < order.size(); ++pos)
        if (order[pos] == answer) return static_cast<char>('A' + pos);
    return '?';
}

std::string VariantQuestion::correct_letters() const {
    const auto& order = option_order();
    const auto& answers = source->as<Multi>().answers;
    std::string letters;
    for (std::size_t pos = 0; pos < order.size(); ++pos)
        if (std::find(answers.begin(), answers.end(), order[pos]) != answers.end())
            letters += static_cast<char>('A' + pos);
    return letters;
}

std::vector<std::string> VariantQuestion::bank_words() const {
    const Fill& fill = source->as<Fill>();
    std::vector<std::string> words;
    for (const auto& part : fill.parts)
        if (part.gap) words.push_back(part.text);
    for (const auto& d : fill.distractors) words.push_back(d.text);
    return words;
}

std::string VariantQuestion::match_letters() const {
    const auto& right_order = drawn<MatchDraw>().right_order;
    const std::vector<std::size_t> right_of = source->as<Match>().right_of();
    std::string letters(right_of.size(), '?');
    for (std::size_t i = 0; i < right_of.size(); ++i)
        for (std::size_t pos = 0; pos < right_order.size(); ++pos)
            if (right_order[pos] == right_of[i]) letters[i] = static_cast<char>('A' + pos);
    return letters;
}

std::vector<int> VariantQuestion::order_positions() const {
    std::vector<int> positions;
    for (std::size_t index : drawn<OrderDraw>().item_order) positions.push_back(static_cast<int>(index) + 1);
    return positions;
}

std::string AnswerDisplay::line() const { return letters.empty() ? text : letters + " \u00b7 " + text; }

AnswerDisplay VariantQuestion::answer() const {
    AnswerDisplay shown;
    // Joins `piece` to `out` with `sep` before every piece but the first.
    const auto add = [](std::string& out, std::string_view sep, std::string_view piece) {
        if (!out.empty()) out += sep;
        out += piece;
    };
    std::visit(
        Overloaded{
            [&](const Choice& b) {
                shown.letters = shown.cell = std::string(1, correct_letter());
                shown.text = b.options[b.answer].text;
            },
            [&](const TrueFalse& b) {
                shown.text = b.truth ? "True" : "False";
                shown.cell = b.truth ? "T" : "F";
            },
            [&](const Multi& b) {
                // Letters and texts in printed order.
                for (char letter : correct_letters()) {
                    add(shown.letters, ", ", std::string(1, letter));
                    add(shown.cell, ",", std::string(1, letter));
                    add(shown.text, "; ", b.options[option_order()[static_cast<std::size_t>(letter - 'A')]].text);
                    shown.choices.push_back(
                        {std::string(1, letter), b.options[option_order()[static_cast<std::size_t>(letter - 'A')]].text});
                }
            },
            [&](const ShortAnswer& b) {
                shown.text = b.model_answer.text;
                shown.cell = "key";  // a sentence: see the key page
            },
            [&](const Fill& b) {
                int gap = 0;
                for (const auto& part : b.parts) {
                    if (!part.gap) continue;
                    add(shown.text, "  ", "(" + std::to_string(++gap) + ") " + part.text);
                    add(shown.cell, " / ", part.text);
                }
            },
            [&](const Match&) {
                shown.cell = match_letters();
                for (std::size_t i = 0; i < shown.cell.size(); ++i)
                    add(shown.text, ", ", std::to_string(i + 1) + " \u2192 " + shown.cell[i]);
            },
            [&](const Order&) {
                for (int position : order_positions()) {
                    add(shown.text, ", ", std::to_string(position));
                    shown.cell += std::to_string(position);
                }
            },
            [&](const Numeric& b) {
                shown.value = shown.cell = number_text(b.value_text, b.value);
                if (b.tolerance != 0) shown.tolerance = number_text(b.tolerance_text, b.tolerance);
                shown.text = shown.value;
                if (!shown.tolerance.empty()) shown.text += " \u00b1 " + shown.tolerance;
                if (!b.unit.empty()) shown.text += " " + b.unit.text;
            },
        },
        source->body);
    shown.numbers = numbers;
    return shown;
}

std::string VariantQuestion::key_answer() const { return answer().line(); }

Variant make_variant(const Worksheet& ws, std::uint32_t seed) {
    Variant v;
    v.worksheet = &ws;
    v.seed = seed;
    v.code = sheet_code(ws, seed);
    SplitMix64 rng(seed);
    const bool shuffling = seed != 0;
    const bool comma = decimal_comma(ws);
    int number = 0;
    int first_index = 1;  // source index of the section's first question
    for (std::size_t si = 0; si < ws.sections.size(); ++si) {
        const Section& section = ws.sections[si];
        VariantSection vs;
        vs.source = &section;
        // A pool's draw (every question of another section), then their
        // order within the section; pinned questions stay put.
        const auto printed = draw_pool(section, seed, si);
        std::vector<bool> pinned;
        pinned.reserve(printed.size());
        for (std::size_t k : printed)
            pinned.push_back(!shuffling || !ws.shuffle_questions || !section.shuffle_questions ||
                             section.questions[k].pin);
        std::vector<std::size_t> order = shuffled_order(pinned, rng);
        for (std::size_t& k : order) k = printed[k];
        // The draws of each question, in source order of the questions (so
        // that reordering questions cannot change them).
        std::vector<QuestionDraw> drawn;
        for (const Question& q : section.questions)
            drawn.push_back(draw_question(q, !shuffling || !ws.shuffle_options || !q.shuffle_options, rng));
        for (std::size_t k : order) {
            VariantQuestion vq;
            vq.source = vq.written = &section.questions[k];
            vq.number = ++number;
            vq.source_index = first_index + static_cast<int>(k);
            vq.draw = std::move(drawn[k]);
            if (!vq.written->vars.empty()) put_vars(vq, seed, comma);
            vs.questions.push_back(std::move(vq));
        }
        first_index += static_cast<int>(section.questions.size());
        v.sections.push_back(std::move(vs));
    }
    return v;
}

}  // namespace handout
