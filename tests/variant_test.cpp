// Tests of the variant stage: the PRNG, bounded integers, shuffles pinned
// by literal test vectors, sheet codes and fingerprints.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "handout/load.hpp"
#include "handout/variant.hpp"

using namespace handout;

namespace {

Question choice(std::string prompt, std::vector<std::string> options, std::size_t answer) {
    Question q;
    q.prompt.text = std::move(prompt);
    Choice& body = q.body.emplace<Choice>();
    for (auto& o : options) body.options.push_back({std::move(o), false, {}});
    body.answer = answer;
    return q;
}

// Eight four-option questions in one implicit section.
Worksheet eight_questions() {
    Worksheet ws;
    ws.id.text = "sample";
    ws.title.text = "Sample";
    Section s;
    for (int i = 1; i <= 8; ++i) {
        std::string n = std::to_string(i);
        s.questions.push_back(choice("Question " + n, {"a" + n, "b" + n, "c" + n, "d" + n}, 1));
    }
    ws.sections.push_back(s);
    return ws;
}

}  // namespace

// Proves the generator is SplitMix64 exactly as published (reference
// outputs for seed 0), so every platform draws the same numbers.
TEST(SplitMix64, MatchesThePublishedReferenceSequence) {
    SplitMix64 rng(0);
    EXPECT_EQ(rng.next(), 0xE220A8397B1DCDAFULL);
    EXPECT_EQ(rng.next(), 0x6E789E6AA1B965F4ULL);
    EXPECT_EQ(rng.next(), 0x06C45D188009454FULL);
}

// Proves below() stays in range and is not visibly biased: 60,000 draws
// over 6 values land within 5 % of 10,000 each.
TEST(SplitMix64, BelowIsInRangeAndEvenlySpread) {
    SplitMix64 rng(42);
    int counts[6] = {};
    for (int i = 0; i < 60000; ++i) {
        auto x = rng.below(6);
        ASSERT_LT(x, 6u);
        ++counts[x];
    }
    for (int c : counts) EXPECT_NEAR(c, 10000, 500);
    EXPECT_EQ(rng.below(1), 0u);
}

// Pins the bounded-integer method: these literal values catch any drift in
// the PRNG, the multiply-shift or the rejection step.
TEST(SplitMix64, BelowGivesPinnedValues) {
    SplitMix64 rng(1);
    std::vector<std::uint32_t> got;
    for (int i = 0; i < 8; ++i) got.push_back(rng.below(10));
    EXPECT_EQ(got, (std::vector<std::uint32_t>{5, 7, 9, 4, 4, 7, 8, 5}));
}

// Proves pinned positions keep their item while the others move.
TEST(Shuffle, PinnedPositionsKeepTheirItems) {
    std::vector<bool> pinned{false, true, false, false, true, false};
    for (std::uint64_t seed = 1; seed < 200; ++seed) {
        SplitMix64 rng(seed);
        auto order = shuffled_order(pinned, rng);
        EXPECT_EQ(order[1], 1u);
        EXPECT_EQ(order[4], 4u);
        std::set<std::size_t> seen(order.begin(), order.end());
        EXPECT_EQ(seen.size(), 6u);
    }
}

// Pins seed → permutation for a plain shuffle of eight items.
TEST(Shuffle, SeedGivesPinnedPermutation) {
    SplitMix64 rng(7);
    auto order = shuffled_order(std::vector<bool>(8, false), rng);
    EXPECT_EQ(order, (std::vector<std::size_t>{7, 4, 6, 1, 2, 5, 0, 3}));
}

// Proves seed 0 is the master copy: source order, options unshuffled.
TEST(Variant, SeedZeroIsTheMasterCopy) {
    Worksheet ws = eight_questions();
    Variant v = make_variant(ws, 0);
    for (std::size_t i = 0; i < 8; ++i) {
        const auto& q = v.sections[0].questions[i];
        EXPECT_EQ(q.number, static_cast<int>(i + 1));
        EXPECT_EQ(q.source, &ws.sections[0].questions[i]);
        EXPECT_EQ(q.option_order(), (std::vector<std::size_t>{0, 1, 2, 3}));
        EXPECT_EQ(q.correct_letter(), 'B');
    }
    EXPECT_EQ(v.code, sheet_code(ws, 0));
}

// Pins a whole variant: question order and each question's correct letter
// for seed 1 (literal, so a change in the draw order shows up here).
TEST(Variant, SeedOneGivesPinnedOrderAndLetters) {
    Worksheet ws = eight_questions();
    Variant v = make_variant(ws, 1);
    std::string order, letters;
    for (const auto& q : v.sections[0].questions) {
        order += q.source->prompt.text.back();
        letters += q.correct_letter();
    }
    EXPECT_EQ(order, "14823765");
    EXPECT_EQ(letters, "BBBDCCDA");
}

// Proves seeds give distinct variants: 30 seeds, 30 different sheets.
TEST(Variant, ThirtySeedsGiveThirtyDistinctVariants) {
    Worksheet ws = eight_questions();
    std::set<std::string> seen;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        Variant v = make_variant(ws, seed);
        std::string sig;
        for (const auto& q : v.sections[0].questions) {
            sig += q.source->prompt.text.back();
            sig += q.correct_letter();
        }
        seen.insert(sig);
    }
    EXPECT_EQ(seen.size(), 30u);
}

// Proves the shuffle switches: worksheet-wide and per question, pinned
// questions and pinned options, and that true/false never shuffles.
TEST(Variant, ShuffleSettingsAndPinsAreObeyed) {
    Worksheet ws = eight_questions();
    ws.sections[0].questions[0].pin = true;
    ws.sections[0].questions[2].shuffle_options = false;
    ws.sections[0].questions[3].as<Choice>().options[3].pin = true;
    for (std::uint32_t seed = 1; seed < 50; ++seed) {
        Variant v = make_variant(ws, seed);
        EXPECT_EQ(v.sections[0].questions[0].source, &ws.sections[0].questions[0]);
        for (const auto& q : v.sections[0].questions) {
            if (q.source == &ws.sections[0].questions[2]) {
                EXPECT_EQ(q.option_order(), (std::vector<std::size_t>{0, 1, 2, 3}));
            }
            if (q.source == &ws.sections[0].questions[3]) {
                EXPECT_EQ(q.option_order()[3], 3u);
            }
        }
    }
    ws.shuffle_questions = false;
    ws.shuffle_options = false;
    Variant fixed = make_variant(ws, 5);
    for (std::size_t i = 0; i < 8; ++i) {
        EXPECT_EQ(fixed.sections[0].questions[i].source, &ws.sections[0].questions[i]);
        EXPECT_EQ(fixed.sections[0].questions[i].correct_letter(), 'B');
    }
}

// Proves sections keep their order, questions shuffle only inside their
// own section, and numbering runs on across sections.
TEST(Variant, SectionsKeepOrderAndNumberingRunsOn) {
    Worksheet ws = eight_questions();
    Section second;
    second.title.text = "Part two";
    second.questions.push_back(choice("Second 1", {"x", "y"}, 0));
    second.questions.push_back(choice("Second 2", {"x", "y"}, 0));
    ws.sections.push_back(second);
    ws.uses_sections = true;
    for (std::uint32_t seed = 1; seed < 20; ++seed) {
        Variant v = make_variant(ws, seed);
        ASSERT_EQ(v.sections.size(), 2u);
        EXPECT_EQ(v.sections[1].questions[0].number, 9);
        EXPECT_EQ(v.sections[1].questions[1].number, 10);
        for (const auto& q : v.sections[1].questions)
            EXPECT_EQ(q.source->prompt.text.substr(0, 6), "Second");
    }
}

// Proves the key answer names the printed letter and the option's text.
TEST(Variant, KeyAnswerShowsLetterAndText) {
    Worksheet ws = eight_questions();
    Question tf;
    tf.prompt.text = "Sky is green.";
    tf.body = TrueFalse{false};
    ws.sections[0].questions.push_back(tf);
    Variant v = make_variant(ws, 0);
    EXPECT_EQ(v.sections[0].questions[0].key_answer(), "B \u00b7 b1");
    EXPECT_EQ(v.sections[0].questions[8].key_answer(), "False");
}

// Proves the fingerprint's shape and that it is pinned (a literal value:
// changing the hash or the canonical form changes every printed code).
TEST(SheetCode, FingerprintIsPinnedAndCrockfordBase32) {
    Worksheet ws = eight_questions();
    const std::string fp = fingerprint(ws);
    ASSERT_EQ(fp.size(), 13u);
    EXPECT_EQ(fp, "VGWKQ70RTWXC3");
    EXPECT_EQ(fp.find_first_not_of("0123456789ABCDEFGHJKMNPQRSTVWXYZ"), std::string::npos);
    EXPECT_EQ(sheet_code(ws, 17), "W3-" + fp.substr(0, 4) + "-" + fp.substr(4) + "-17-U");
}

// Proves the check character is Crockford's check symbol (value mod 37, the
// values 32-36 written * ~ $ = U) of fingerprint × 2^32 + seed; the literals
// come from Python: int(fp, base 32 in Crockford digits) * 2**32 + seed, mod 37.
TEST(SheetCode, CheckCharacterIsCrockfordsMod37OfFingerprintAndSeed) {
    EXPECT_EQ(check_symbol("0000000000000", 0), '0');
    EXPECT_EQ(check_symbol("0000000000000", 36), 'U');
    EXPECT_EQ(check_symbol("0000000000000", 32), '*');
    EXPECT_EQ(check_symbol("0000000000001", 0), '7');
    EXPECT_EQ(check_symbol("VGWKQ70RTWXC3", 17), 'U');
    EXPECT_EQ(check_symbol("V29VYB59M47DG", 3), 'W');
    EXPECT_EQ(check_symbol("V29VYB59M47DG", 17), '5');
}

// Codes printed before check characters (W2) still name their sheet.
TEST(SheetCode, OldW2CodesWithoutCheckStillMatch) {
    Worksheet ws = eight_questions();
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code("W2-VGWK-Q70RTWXC3-17", p));
    EXPECT_EQ(p.version, 2);
    EXPECT_EQ(p.seed, 17u);
    EXPECT_TRUE(p.check_ok());
    EXPECT_TRUE(p.matches(ws));
    EXPECT_EQ(typo_in(p, ws), std::nullopt);
    // Lower case and look-alikes, as before.
    ASSERT_TRUE(parse_sheet_code("w2 vgwk q7ortwxc3 l7", p));
    EXPECT_TRUE(p.matches(ws));
}

// Codes printed by handout 0.1 (W1, base64url) still name their worksheet:
// the old fingerprint is pinned too.
TEST(SheetCode, OldW1CodesStillMatchTheirWorksheet) {
    Worksheet ws = eight_questions();
    EXPECT_EQ(fingerprint_v1(ws), "3Dk1ucGNc6wah");
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code("W1-3Dk1ucGNc6wah-s17", p));
    EXPECT_EQ(p.version, 1);
    EXPECT_TRUE(p.matches(ws));
    ASSERT_TRUE(parse_sheet_code("W1-3Dk1XXXXXXXXX-s17", p));
    EXPECT_FALSE(p.matches(ws));
    EXPECT_TRUE(p.same_id(ws));
}

// A code typed from paper: any case, spaces, and the look-alikes I, L (1)
// and O (0) read as Crockford reads them.
TEST(SheetCode, TypedCodesAreReadCaseInsensitivelyWithLookAlikesMapped) {
    Worksheet ws = eight_questions();
    const std::string code = sheet_code(ws, 17);
    std::string typed;
    for (char c : code) {
        char t = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        if (c == '1') t = 'l';
        if (c == '0') t = 'O';
        typed += t;
    }
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code(typed, p)) << typed;
    EXPECT_EQ(p.version, 3);
    EXPECT_EQ(p.seed, 17u);
    EXPECT_TRUE(p.matches(ws));
    ASSERT_TRUE(parse_sheet_code(" " + code.substr(0, 7) + " " + code.substr(7) + " ", p));
    EXPECT_TRUE(p.matches(ws));
    // Spaces for dashes, or no separators at all.
    std::string spaced = code, bare;
    for (char& c : spaced)
        if (c == '-') c = ' ';
    for (char c : code)
        if (c != '-') bare += c;
    for (const std::string& typed_again : {spaced, bare}) {
        ASSERT_TRUE(parse_sheet_code(typed_again, p)) << typed_again;
        EXPECT_TRUE(p.matches(ws));
        EXPECT_EQ(p.seed, 17u);
    }
    for (const std::string bad : {"W2-", "W2-ABCD-EFGHJKMN-1", "W2-ABCD-EFGHJKMNPQ-1", "W2-ABCD-EFGHJKMNU-1",
                                  "W2-ABCD-EFGHJKMNP-", "W2-ABCD-EFGHJKMNP-01", "W3-ABCD-EFGHJKMNP-1"})
        EXPECT_FALSE(parse_sheet_code(bad, p)) << bad;
}

// Proves the fingerprint changes with anything that decides a variant or
// its answers, and stays with everything that does not.
TEST(SheetCode, FingerprintFollowsContentNotPresentation) {
    const Worksheet base = eight_questions();
    const std::string fp = fingerprint(base);
    auto changed = [&](auto edit) {
        Worksheet ws = base;
        edit(ws);
        return fingerprint(ws);
    };
    auto q0 = [](Worksheet& ws) -> Question& { return ws.sections[0].questions[0]; };
    // Same id, other content: first four characters stay, the rest changes.
    for (const std::string& other : {
             changed([&](Worksheet& ws) { q0(ws).prompt.text += "?"; }),
             changed([&](Worksheet& ws) { q0(ws).as<Choice>().options[2].text = "c1!"; }),
             changed([&](Worksheet& ws) { q0(ws).as<Choice>().answer = 2; }),
             changed([&](Worksheet& ws) { q0(ws).as<Choice>().options[0].pin = true; }),
             changed([&](Worksheet& ws) { q0(ws).pin = true; }),
             changed([&](Worksheet& ws) { q0(ws).shuffle_options = false; }),
             changed([&](Worksheet& ws) { ws.shuffle_questions = false; }),
             changed([&](Worksheet& ws) { std::swap(ws.sections[0].questions[0], ws.sections[0].questions[1]); }),
         }) {
        EXPECT_EQ(other.substr(0, 4), fp.substr(0, 4));
        EXPECT_NE(other.substr(4), fp.substr(4));
    }
    // Presentation only: the code stays.
    EXPECT_EQ(changed([](Worksheet& ws) { ws.title.text = "Other"; }), fp);
    EXPECT_EQ(changed([](Worksheet& ws) { ws.template_name.text = "large-print"; }), fp);
    EXPECT_EQ(changed([](Worksheet& ws) { ws.brand.text = "School"; }), fp);
    EXPECT_EQ(changed([&](Worksheet& ws) { q0(ws).explain.text = "Because."; }), fp);
    // Another id: the first four characters change.
    EXPECT_NE(changed([](Worksheet& ws) { ws.id.text = "sample-2"; }).substr(0, 4), fp.substr(0, 4));
}

// Proves YAML comments, key order and quoting style do not change the code,
// by loading two differently written files of the same worksheet.
TEST(SheetCode, FingerprintIgnoresCommentsKeyOrderAndQuoting) {
    const char* a = R"(id: demo
title: Demo
questions:
  - prompt: What is 2 + 2?
    options: [three, four, five]
    answer: four
  - type: truefalse
    prompt: The sky is green.
    answer: false
)";
    const char* b = R"(# a comment
title: 'Demo'
id: "demo"
questions:
  - answer: "four"   # the right one
    options:
      - three
      - 'four'
      - "five"
    prompt: "What is 2 + 2?"
  - answer: false
    prompt: 'The sky is green.'
    type: truefalse
)";
    Diagnostics da, db;
    auto wa = parse_worksheet(a, "a.yaml", da);
    auto wb = parse_worksheet(b, "b.yaml", db);
    ASSERT_TRUE(wa) << da.format();
    ASSERT_TRUE(wb) << db.format();
    EXPECT_EQ(fingerprint(*wa), fingerprint(*wb));
}

// ---------------------------------------------------------------------------
// Question types beyond choice and truefalse
// ---------------------------------------------------------------------------

namespace {

Question typed(QuestionBody body, std::string prompt) {
    Question q;
    q.body = std::move(body);
    q.prompt.text = std::move(prompt);
    return q;
}

// One question of every type in one section, in this source order:
// 0 choice (4 options), 1 multi (5 options), 2 short, 3 fill with a bank of
// 3 gaps + 2 distractors, 4 match (5 pairs), 5 order (6 items), 6 numeric,
// 7 truefalse, 8 fill without a bank.
Worksheet mixed_types() {
    Worksheet ws;
    ws.id.text = "mixed";
    Section s;
    s.questions.push_back(choice("Choice", {"a", "b", "c", "d"}, 1));

    Question multi = choice("Multi", {"m1", "m2", "m3", "m4", "m5"}, 0);
    multi.body = Multi{multi.as<Choice>().options, {0, 3}};
    s.questions.push_back(multi);

    Question short_q = typed(ShortAnswer{}, "Short");
    short_q.as<ShortAnswer>().model_answer.text = "Because it is.";
    s.questions.push_back(short_q);

    Question fill = typed(Fill{}, "");
    fill.as<Fill>().parts = {{true, "one", {}}, {false, " and ", {}}, {true, "two", {}},
                                {false, " and ", {}}, {true, "three", {}}};
    fill.as<Fill>().bank = true;
    fill.as<Fill>().distractors = {{"four", {}}, {"five", {}}};
    s.questions.push_back(fill);

    Question match = typed(Match{}, "Match");
    for (int i = 1; i <= 5; ++i)
        match.as<Match>().pairs.push_back({{"L" + std::to_string(i), {}}, {"R" + std::to_string(i), {}}});
    s.questions.push_back(match);

    Question order = typed(Order{}, "Order");
    for (int i = 1; i <= 6; ++i) order.as<Order>().items.push_back({"I" + std::to_string(i), {}});
    s.questions.push_back(order);

    Question numeric = typed(Numeric{9.81, "9.81", 0.05, "0.05", {"m/s\u00b2", {}}}, "Numeric");
    s.questions.push_back(numeric);

    Question tf = typed(TrueFalse{true}, "TrueFalse");
    s.questions.push_back(tf);

    Question plain_fill = typed(Fill{}, "Plain fill");
    plain_fill.as<Fill>().parts = {{true, "x", {}}, {false, " y", {}}};
    s.questions.push_back(plain_fill);

    ws.sections.push_back(s);
    return ws;
}

using Perm = std::vector<std::size_t>;

// The variant question placed from source question `index` of section 0.
const VariantQuestion& placed(const Variant& v, const Worksheet& ws, std::size_t index) {
    for (const auto& q : v.sections[0].questions)
        if (q.source == &ws.sections[0].questions[index]) return q;
    throw std::logic_error("question not placed");
}

}  // namespace

// Pins a whole variant of every type for seed 1 (literal vectors, computed
// also by an independent implementation of docs/shuffle.md): the question
// order, then in source order the options of choice and multi, the word
// bank, the right column of match and the order items; short, numeric,
// truefalse and a fill without a bank draw nothing.
TEST(Variant, EveryTypeIsShuffledByPinnedVectors) {
    const Worksheet ws = mixed_types();
    const Variant v = make_variant(ws, 1);
    Perm order;
    for (const auto& q : v.sections[0].questions)
        order.push_back(static_cast<std::size_t>(q.source - ws.sections[0].questions.data()));
    EXPECT_EQ(order, (Perm{0, 1, 4, 3, 7, 2, 6, 8, 5}));
    EXPECT_EQ(placed(v, ws, 0).option_order(), (Perm{3, 0, 2, 1}));
    EXPECT_EQ(placed(v, ws, 1).option_order(), (Perm{2, 0, 4, 1, 3}));
    EXPECT_EQ(placed(v, ws, 3).drawn<FillDraw>().bank_order, (Perm{4, 1, 3, 2, 0}));
    EXPECT_EQ(placed(v, ws, 4).drawn<MatchDraw>().right_order, (Perm{1, 2, 3, 0, 4}));
    EXPECT_EQ(placed(v, ws, 5).drawn<OrderDraw>().item_order, (Perm{3, 2, 4, 5, 1, 0}));
    for (std::size_t i : {2u, 6u, 7u, 8u}) {
        const VariantQuestion& q = placed(v, ws, i);
        EXPECT_TRUE(std::holds_alternative<ShortAnswerDraw>(q.draw) || std::holds_alternative<NumericDraw>(q.draw) ||
                    std::holds_alternative<TrueFalseDraw>(q.draw) ||
                    (std::holds_alternative<FillDraw>(q.draw) && q.drawn<FillDraw>().bank_order.empty()))
            << i;
    }

    const Variant seven = make_variant(ws, 7);
    EXPECT_EQ(placed(seven, ws, 3).drawn<FillDraw>().bank_order, (Perm{4, 1, 0, 3, 2}));
    EXPECT_EQ(placed(seven, ws, 4).drawn<MatchDraw>().right_order, (Perm{1, 4, 0, 2, 3}));
    EXPECT_EQ(placed(seven, ws, 5).drawn<OrderDraw>().item_order, (Perm{1, 5, 0, 3, 4, 2}));
}

// Proves seed 0 is the master copy for every type: options, bank, right
// column and items in source order (so an order question shows its answer:
// the spec's master copy), and the keys read accordingly.
TEST(Variant, SeedZeroKeepsEveryTypeInSourceOrder) {
    const Worksheet ws = mixed_types();
    const Variant v = make_variant(ws, 0);
    EXPECT_EQ(placed(v, ws, 1).option_order(), (Perm{0, 1, 2, 3, 4}));
    EXPECT_EQ(placed(v, ws, 3).drawn<FillDraw>().bank_order, (Perm{0, 1, 2, 3, 4}));
    EXPECT_EQ(placed(v, ws, 4).drawn<MatchDraw>().right_order, (Perm{0, 1, 2, 3, 4}));
    EXPECT_EQ(placed(v, ws, 5).drawn<OrderDraw>().item_order, (Perm{0, 1, 2, 3, 4, 5}));
    EXPECT_TRUE(placed(v, ws, 8).drawn<FillDraw>().bank_order.empty());
    EXPECT_EQ(placed(v, ws, 1).correct_letters(), "AD");
    EXPECT_EQ(placed(v, ws, 4).match_letters(), "ABCDE");
    EXPECT_EQ(placed(v, ws, 5).order_positions(), (std::vector<int>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(placed(v, ws, 5).key_answer(), "1, 2, 3, 4, 5, 6");
}

// Proves per-question `shuffle: false`, worksheet `shuffle: {options:
// false}` and pinned options hold for multi, the bank, match and order.
TEST(Variant, ShuffleSwitchesAndPinsHoldForEveryType) {
    Worksheet ws = mixed_types();
    for (std::size_t i : {1u, 3u, 4u, 5u}) ws.sections[0].questions[i].shuffle_options = false;
    Worksheet off = mixed_types();
    off.shuffle_options = false;
    Worksheet pinned = mixed_types();
    pinned.sections[0].questions[1].as<Multi>().options[4].pin = true;
    for (std::uint32_t seed = 1; seed < 50; ++seed) {
        for (const Worksheet* w : {&ws, &off}) {
            const Variant v = make_variant(*w, seed);
            EXPECT_EQ(placed(v, *w, 1).option_order(), (Perm{0, 1, 2, 3, 4}));
            EXPECT_EQ(placed(v, *w, 3).drawn<FillDraw>().bank_order, (Perm{0, 1, 2, 3, 4}));
            EXPECT_EQ(placed(v, *w, 4).drawn<MatchDraw>().right_order, (Perm{0, 1, 2, 3, 4}));
            EXPECT_EQ(placed(v, *w, 5).drawn<OrderDraw>().item_order, (Perm{0, 1, 2, 3, 4, 5}));
        }
        const Variant v = make_variant(pinned, seed);
        EXPECT_EQ(placed(v, pinned, 1).option_order()[4], 4u);
    }
}

// Proves the helpers and the key line of every type on the pinned seed-1
// variant: letters in printed order, the bank's words, the letter of each
// left item, the position of each printed item, and the numeric value.
TEST(Variant, KeyAnswerOfEveryType) {
    const Worksheet ws = mixed_types();
    const Variant v = make_variant(ws, 1);
    const VariantQuestion& multi = placed(v, ws, 1);  // printed m3 m1 m5 m2 m4
    EXPECT_EQ(multi.correct_letters(), "BE");
    EXPECT_EQ(multi.key_answer(), "B, E \u00b7 m1; m4");
    EXPECT_EQ(placed(v, ws, 0).key_answer(), "D \u00b7 b");
    EXPECT_EQ(placed(v, ws, 2).key_answer(), "Because it is.");

    const VariantQuestion& fill = placed(v, ws, 3);
    EXPECT_EQ(fill.bank_words(), (std::vector<std::string>{"one", "two", "three", "four", "five"}));
    EXPECT_EQ(fill.key_answer(), "(1) one  (2) two  (3) three");
    EXPECT_EQ(placed(v, ws, 8).key_answer(), "(1) x");

    const VariantQuestion& match = placed(v, ws, 4);  // printed A..E: R2 R3 R4 R1 R5
    EXPECT_EQ(match.match_letters(), "DABCE");
    EXPECT_EQ(match.key_answer(),
              "1 \u2192 D, 2 \u2192 A, 3 \u2192 B, 4 \u2192 C, 5 \u2192 E");

    const VariantQuestion& order = placed(v, ws, 5);  // printed I4 I3 I5 I6 I2 I1
    EXPECT_EQ(order.order_positions(), (std::vector<int>{4, 3, 5, 6, 2, 1}));
    EXPECT_EQ(order.key_answer(), "4, 3, 5, 6, 2, 1");

    EXPECT_EQ(placed(v, ws, 6).key_answer(), "9.81 \u00b1 0.05 m/s\u00b2");
    EXPECT_EQ(placed(v, ws, 7).key_answer(), "True");

    // A zero tolerance and a missing unit are left out; the value as written.
    Worksheet plain = mixed_types();
    Question& n = plain.sections[0].questions[6];
    Numeric& nb = n.as<Numeric>();
    nb.value_text = "5.0";
    nb.value = 5;
    nb.tolerance = 0;
    nb.tolerance_text = "0";
    nb.unit.text = "cm";
    EXPECT_EQ(placed(make_variant(plain, 0), plain, 6).key_answer(), "5.0 cm");
    nb.unit.text.clear();
    EXPECT_EQ(placed(make_variant(plain, 0), plain, 6).key_answer(), "5.0");
}

// Proves the fingerprint changes with every field that decides a variant or
// the answers of each new type, and not with images, explanations, points
// or writing lines.
TEST(SheetCode, FingerprintFollowsTheAnswersOfEveryType) {
    const Worksheet base = mixed_types();
    const std::string fp = fingerprint(base);
    auto changed = [&](auto edit) {
        Worksheet ws = base;
        edit(ws);
        return fingerprint(ws);
    };
    auto q = [](Worksheet& ws, std::size_t i) -> Question& { return ws.sections[0].questions[i]; };
    const std::vector<std::pair<const char*, std::string>> edits = {
        {"multi answers", changed([&](Worksheet& ws) { q(ws, 1).as<Multi>().answers = {0, 2}; })},
        {"multi option", changed([&](Worksheet& ws) { q(ws, 1).as<Multi>().options[4].text = "m6"; })},
        {"multi pin", changed([&](Worksheet& ws) { q(ws, 1).as<Multi>().options[4].pin = true; })},
        {"multi shuffle", changed([&](Worksheet& ws) { q(ws, 1).shuffle_options = false; })},
        {"short answer", changed([&](Worksheet& ws) { q(ws, 2).as<ShortAnswer>().model_answer.text += "!"; })},
        {"fill gap", changed([&](Worksheet& ws) { q(ws, 3).as<Fill>().parts[2].text = "2"; })},
        {"fill text", changed([&](Worksheet& ws) { q(ws, 3).as<Fill>().parts[1].text = " or "; })},
        {"fill gap flag", changed([&](Worksheet& ws) { q(ws, 3).as<Fill>().parts[1].gap = true; })},
        {"fill bank", changed([&](Worksheet& ws) { q(ws, 3).as<Fill>().bank = false; })},
        {"fill distractor", changed([&](Worksheet& ws) { q(ws, 3).as<Fill>().distractors.pop_back(); })},
        {"fill shuffle", changed([&](Worksheet& ws) { q(ws, 3).shuffle_options = false; })},
        {"match left", changed([&](Worksheet& ws) { q(ws, 4).as<Match>().pairs[0].left.text = "L0"; })},
        {"match right", changed([&](Worksheet& ws) { q(ws, 4).as<Match>().pairs[0].right.text = "R0"; })},
        {"match order", changed([&](Worksheet& ws) { std::swap(q(ws, 4).as<Match>().pairs[0], q(ws, 4).as<Match>().pairs[1]); })},
        {"order items", changed([&](Worksheet& ws) { std::swap(q(ws, 5).as<Order>().items[0], q(ws, 5).as<Order>().items[1]); })},
        {"order shuffle", changed([&](Worksheet& ws) { q(ws, 5).shuffle_options = false; })},
        {"numeric value", changed([&](Worksheet& ws) { q(ws, 6).as<Numeric>().value_text = "9.80"; })},
        {"numeric tolerance", changed([&](Worksheet& ws) { q(ws, 6).as<Numeric>().tolerance_text = "0.1"; })},
        {"numeric no tolerance", changed([&](Worksheet& ws) { q(ws, 6).as<Numeric>().tolerance = 0; })},
        {"numeric unit", changed([&](Worksheet& ws) { q(ws, 6).as<Numeric>().unit.text = "m"; })},
        {"fill prompt", changed([&](Worksheet& ws) { q(ws, 3).prompt.text = "Complete."; })},
    };
    for (const auto& [what, other] : edits) {
        EXPECT_EQ(other.substr(0, 4), fp.substr(0, 4)) << what;
        EXPECT_NE(other.substr(4), fp.substr(4)) << what;
    }
    EXPECT_EQ(changed([&](Worksheet& ws) { q(ws, 6).image.text = "pictures/g.png"; }), fp);
    EXPECT_EQ(changed([&](Worksheet& ws) { q(ws, 4).image_width_mm = 80; }), fp);
    EXPECT_EQ(changed([&](Worksheet& ws) { q(ws, 5).explain.text = "Dates."; }), fp);
    EXPECT_EQ(changed([&](Worksheet& ws) { q(ws, 2).as<ShortAnswer>().lines = 6; }), fp);
    EXPECT_EQ(changed([&](Worksheet& ws) { q(ws, 1).points = Points::whole(4); }), fp);
    // A zero tolerance is not printed, however it is written.
    EXPECT_EQ(changed([&](Worksheet& ws) {
                  q(ws, 6).as<Numeric>().tolerance = 0;
                  q(ws, 6).as<Numeric>().tolerance_text = "0.0";
              }),
              changed([&](Worksheet& ws) {
                  q(ws, 6).as<Numeric>().tolerance = 0;
                  q(ws, 6).as<Numeric>().tolerance_text.clear();
              }));
}

// Proves YAML comments, key order and quoting style do not change the code
// of worksheets with every type either.
TEST(SheetCode, FingerprintOfEveryTypeIgnoresCommentsKeyOrderAndQuoting) {
    const char* a = R"(id: demo
title: Demo
questions:
  - {type: multi, prompt: "Mammals?", options: [Whale, Shark, Bat], answers: [Whale, Bat]}
  - {type: short, prompt: "Why?", answer: Because., lines: 3}
  - {type: fill, text: "Boils at [[100]] °C.", bank: true, distractors: [50]}
  - {type: match, prompt: Capitals, pairs: [[Paris, France], [Rome, Italy]]}
  - {type: order, prompt: Oldest first, items: [Press, Engine, Phone]}
  - {type: numeric, prompt: "g?", answer: 9.81, tolerance: 0.05, unit: m/s²}
)";
    const char* b = R"(# the same worksheet, written another way
id: 'demo'
title: "Demo"
questions:
  - answers:   # the mammals
      - Bat
      - "Whale"
    options: ['Whale', Shark, Bat]
    prompt: "Mammals?"
    type: multi
  - answer: 'Because.'
    lines: 5
    prompt: Why?
    type: short
  - distractors: ["50"]
    bank: true
    text: 'Boils at [[100]] °C.'
    type: fill
  - pairs:
      - ["Paris", 'France']
      - [Rome, Italy]
    prompt: Capitals
    type: match
  - {items: ["Press", Engine, 'Phone'], prompt: Oldest first, type: order}
  - unit: "m/s²"
    tolerance: "0.05"
    answer: 9.81
    prompt: g?
    type: numeric
)";
    Diagnostics da, db;
    auto wa = parse_worksheet(a, "a.yaml", da);
    auto wb = parse_worksheet(b, "b.yaml", db);
    ASSERT_TRUE(wa) << da.format();
    ASSERT_TRUE(wb) << db.format();
    EXPECT_EQ(fingerprint(*wa), fingerprint(*wb));
}

// Proves sheet codes parse back, and malformed ones are refused.
TEST(SheetCode, ParsesWellFormedCodesAndRefusesOthers) {
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code("W1-mt__e-JwIxHek-s1", p));
    EXPECT_EQ(p.fingerprint, "mt__e-JwIxHek");
    EXPECT_EQ(p.id_part, "mt__");
    EXPECT_EQ(p.seed, 1u);
    ASSERT_TRUE(parse_sheet_code("W1-mt__e-JwIxHek-s4294967295", p));
    EXPECT_EQ(p.seed, 4294967295u);
    for (const char* bad : {"", "W1-", "W1-mt__e-JwIxHe-s1", "W1-mt__e-JwIxHek-s",
                            "W1-mt__e-JwIxHek-s01", "W1-mt__e-JwIxHek-s4294967296", "W1-mt__e-JwIx.ek-s1",
                            "W1-mt__e-JwIxHek-x1", "W1-mt__e-JwIxHek-s1 "})
        EXPECT_FALSE(parse_sheet_code(bad, p)) << bad;
}
