// Tests of the variant stage: the PRNG, bounded integers, shuffles pinned
// by literal test vectors, sheet codes and fingerprints.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "handout/load.hpp"
#include "handout/variant.hpp"

using namespace handout;

namespace {

Question choice(std::string prompt, std::vector<std::string> options, std::size_t answer) {
    Question q;
    q.type = QuestionType::choice;
    q.prompt.text = std::move(prompt);
    for (auto& o : options) q.options.push_back({std::move(o), false, {}});
    q.answer = answer;
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
        EXPECT_EQ(q.option_order, (std::vector<std::size_t>{0, 1, 2, 3}));
        EXPECT_EQ(q.correct_letter(), 'B');
    }
    EXPECT_EQ(v.code, "W1-" + fingerprint(ws) + "-s0");
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
    ws.sections[0].questions[3].options[3].pin = true;
    for (std::uint32_t seed = 1; seed < 50; ++seed) {
        Variant v = make_variant(ws, seed);
        EXPECT_EQ(v.sections[0].questions[0].source, &ws.sections[0].questions[0]);
        for (const auto& q : v.sections[0].questions) {
            if (q.source == &ws.sections[0].questions[2]) {
                EXPECT_EQ(q.option_order, (std::vector<std::size_t>{0, 1, 2, 3}));
            }
            if (q.source == &ws.sections[0].questions[3]) {
                EXPECT_EQ(q.option_order[3], 3u);
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
    tf.type = QuestionType::truefalse;
    tf.prompt.text = "Sky is green.";
    tf.truth = false;
    ws.sections[0].questions.push_back(tf);
    Variant v = make_variant(ws, 0);
    EXPECT_EQ(v.sections[0].questions[0].key_answer(), "B \u00b7 b1");
    EXPECT_EQ(v.sections[0].questions[8].key_answer(), "False");
}

// Proves the fingerprint's shape and that it is pinned (a literal value:
// changing the hash or the canonical form changes every printed code).
TEST(SheetCode, FingerprintIsPinnedAndBase64url) {
    Worksheet ws = eight_questions();
    const std::string fp = fingerprint(ws);
    ASSERT_EQ(fp.size(), 13u);
    EXPECT_EQ(fp, "3Dk1ucGNc6wah");
    EXPECT_EQ(sheet_code(ws, 17), "W1-" + fp + "-s17");
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
             changed([&](Worksheet& ws) { q0(ws).options[2].text = "c1!"; }),
             changed([&](Worksheet& ws) { q0(ws).answer = 2; }),
             changed([&](Worksheet& ws) { q0(ws).options[0].pin = true; }),
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

// Proves sheet codes parse back, and malformed ones are refused.
TEST(SheetCode, ParsesWellFormedCodesAndRefusesOthers) {
    ParsedCode p;
    ASSERT_TRUE(parse_sheet_code("W1-mt__e-JwIxHek-s1", p));
    EXPECT_EQ(p.fingerprint, "mt__e-JwIxHek");
    EXPECT_EQ(p.id_part, "mt__");
    EXPECT_EQ(p.seed, 1u);
    ASSERT_TRUE(parse_sheet_code("W1-mt__e-JwIxHek-s4294967295", p));
    EXPECT_EQ(p.seed, 4294967295u);
    for (const char* bad : {"", "W1-", "W2-mt__e-JwIxHek-s1", "W1-mt__e-JwIxHe-s1", "W1-mt__e-JwIxHek-s",
                            "W1-mt__e-JwIxHek-s01", "W1-mt__e-JwIxHek-s4294967296", "W1-mt__e-JwIx.ek-s1",
                            "W1-mt__e-JwIxHek-x1", "W1-mt__e-JwIxHek-s1 "})
        EXPECT_FALSE(parse_sheet_code(bad, p)) << bad;
}
