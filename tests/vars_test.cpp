// Numbers that vary per student (`vars:`): the loader's model, the draw
// stream pinned and recomputed from docs/shuffle.md, the numbers on the
// sheet and in the key, marking with the student's numbers, and end to end:
// two seeds rendered, read back with pdftotext, and `key CODE` rebuilding them.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <regex>
#include <set>

#include "handout/load.hpp"
#include "handout/score.hpp"
#include "handout/variant.hpp"
#include "handout/vars.hpp"
#include "support.hpp"

using namespace handout;
namespace fs = std::filesystem;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const std::string example = source_dir + "/worksheets/newtons-second-law.yaml";

Worksheet parse_ok(const std::string& yaml) {
    Diagnostics diags;
    auto ws = parse_worksheet(yaml, "test.yaml", diags);
    EXPECT_TRUE(ws.has_value()) << diags.format();
    return ws ? std::move(*ws) : Worksheet{};
}

const std::string trolley = R"(id: trolley
title: Trolleys
questions:
  - prompt: Pick one.
    options: [a, b, c, d, e]
    answer: a
  - type: numeric
    prompt: A trolley of mass {{m}} kg accelerates at {{a}} m/s². What is the force?
    vars:
      m: {from: 2, to: 12}
      a: {from: 0.5, to: 4, step: 0.5}
      F: {formula: "m * a", decimals: 1}
    answer: "{{F}}"
    unit: N
  - prompt: Pick another.
    options: [v, w, x, y, z]
    answer: v
)";

// The second question of `trolley` without its vars (the same types and texts otherwise).
const std::string trolley_fixed = R"(id: trolley
title: Trolleys
questions:
  - prompt: Pick one.
    options: [a, b, c, d, e]
    answer: a
  - type: numeric
    prompt: A trolley of mass 2 kg accelerates at 0.5 m/s². What is the force?
    answer: 1
    unit: N
  - prompt: Pick another.
    options: [v, w, x, y, z]
    answer: v
)";

const VariantQuestion& by_source(const Variant& v, int source_index) {
    for (const auto& s : v.sections)
        for (const auto& q : s.questions)
            if (q.source_index == source_index) return q;
    throw std::out_of_range("no such question");
}

// The picks of docs/shuffle.md computed here from its words: SplitMix64
// seeded with hash64("vars" 0x1F, seed and source index as 8 bytes
// little-endian), then below(count) for each var with more than one value.
std::vector<std::size_t> documented_picks(std::uint32_t seed, int index, const std::vector<std::size_t>& counts) {
    std::string bytes = "vars";
    bytes += '\x1f';
    for (std::uint64_t n : {std::uint64_t{seed}, std::uint64_t(index)})
        for (int i = 0; i < 8; ++i) bytes += char((n >> (8 * i)) & 0xFF);
    SplitMix64 rng(hash64(bytes));
    std::vector<std::size_t> picks;
    for (std::size_t n : counts) picks.push_back(n > 1 ? rng.below(std::uint32_t(n)) : 0);
    return picks;
}

}  // namespace

// Proves the loader's model of each kind of var: a range's count and the
// decimals its numbers are written with, a list of numbers or words, a
// formula, and `decimals:`.
TEST(Vars, TheLoaderReadsRangesListsAndFormulas) {
    const Worksheet ws = parse_ok(R"(id: v
title: V
questions:
  - type: numeric
    prompt: "{{m}} {{a}} {{n}} {{who}} {{F}} {{g}}"
    vars:
      m: {from: 2, to: 12}
      a: {from: 0.5, to: 4, step: 0.5}
      n: [3, 5, 7]
      who: [Ann, Ben]
      F: {formula: "m * a + n", decimals: 2}
      g: 9.81
    answer: "{{F}}"
)");
    const auto& vars = ws.sections.at(0).questions.at(0).vars;
    ASSERT_EQ(vars.size(), 6u);
    EXPECT_EQ(vars[0].kind, VarDef::Kind::range);
    EXPECT_EQ(vars[0].count, 11u);
    EXPECT_EQ(vars[0].decimals, 0);
    EXPECT_EQ(vars[1].count, 8u);
    EXPECT_EQ(vars[1].decimals, 1);
    EXPECT_EQ(vars[2].kind, VarDef::Kind::list);
    EXPECT_FALSE(vars[2].words());
    EXPECT_TRUE(vars[3].words());
    EXPECT_EQ(vars[4].kind, VarDef::Kind::formula);
    EXPECT_EQ(vars[4].decimals, 2);
    EXPECT_EQ(vars[5].count, 1u);
    EXPECT_EQ(var_draw_count(ws.sections[0].questions[0]), 11u * 8 * 3 * 2);
}

// Proves the draw stream against docs/shuffle.md, recomputed here, and pins
// one draw so that a change to the stream cannot pass unnoticed.
TEST(Vars, TheDrawStreamIsTheDocumentedOne) {
    const Worksheet ws = parse_ok(trolley);
    const Question& q = ws.sections[0].questions[1];
    for (std::uint32_t seed : {1u, 2u, 17u, 4000000000u})
        EXPECT_EQ(draw_var_picks(q, seed, 2), documented_picks(seed, 2, {11, 8, 1})) << seed;
    EXPECT_EQ(draw_var_picks(q, 1, 2), (std::vector<std::size_t>{6, 0, 0}));
    EXPECT_EQ(draw_var_picks(q, 0, 2), (std::vector<std::size_t>{0, 0, 0})) << "seed 0 takes the first values";
}

// Proves that a seed always gives the same numbers, that different seeds
// give different numbers, and that the key's answer is the formula applied
// to the numbers the sheet prints.
TEST(Vars, SameSeedSameNumbersOtherSeedsOtherNumbers) {
    const Worksheet ws = parse_ok(trolley);
    std::set<std::string> prompts;
    for (std::uint32_t seed = 1; seed <= 30; ++seed) {
        const Variant v = make_variant(ws, seed);
        const VariantQuestion& q = by_source(v, 2);
        EXPECT_EQ(q.source->prompt.text, by_source(make_variant(ws, seed), 2).source->prompt.text);
        prompts.insert(q.source->prompt.text);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(q.source->prompt.text, m, std::regex(R"(mass (\d+) kg accelerates at ([\d.]+) m)")));
        const double expected = std::stod(m[1]) * std::stod(m[2]);
        EXPECT_NEAR(q.source->as<Numeric>().value, expected, 1e-9);
        EXPECT_EQ(q.answer().numbers, "m = " + m[1].str() + " \u00b7 a = " + m[2].str() + " \u00b7 F = " +
                                          q.source->as<Numeric>().value_text);
        EXPECT_EQ(q.written, &ws.sections[0].questions[1]);
    }
    EXPECT_GE(prompts.size(), 20u) << "30 seeds should give (nearly) 30 different pairs of numbers";
    EXPECT_EQ(by_source(make_variant(ws, 0), 2).source->prompt.text,
              "A trolley of mass 2 kg accelerates at 0.5 m/s². What is the force?");
}

// Proves that vars draw from a stream of their own: adding them to one
// question changes neither the question order nor any other question's
// options, on every seed.
TEST(Vars, AddingVarsChangesNoOtherShuffle) {
    const Worksheet with = parse_ok(trolley), without = parse_ok(trolley_fixed);
    for (std::uint32_t seed = 0; seed <= 40; ++seed) {
        const Variant a = make_variant(with, seed), b = make_variant(without, seed);
        for (std::size_t k = 0; k < 3; ++k) {
            const VariantQuestion &qa = a.sections[0].questions[k], &qb = b.sections[0].questions[k];
            EXPECT_EQ(qa.source_index, qb.source_index) << seed;
            EXPECT_EQ(qa.option_order(), qb.option_order()) << seed;
        }
    }
}

// Proves that the sheet code covers the vars (a changed range is "edited
// since printing") and that `key CODE`'s matching rebuilds the same numbers.
TEST(Vars, TheSheetCodeCoversTheVars) {
    const Worksheet ws = parse_ok(trolley);
    std::string edited = trolley;
    edited.replace(edited.find("to: 12"), 6, "to: 13");
    EXPECT_NE(fingerprint(ws), fingerprint(parse_ok(edited)));
    ParsedCode code;
    ASSERT_TRUE(parse_sheet_code(make_variant(ws, 9).code, code));
    EXPECT_TRUE(code.matches(ws));
    EXPECT_EQ(by_source(make_variant(ws, code.seed), 2).source->prompt.text,
              by_source(make_variant(parse_ok(trolley), 9), 2).source->prompt.text);
}

// Proves the formatting: decimals as asked, at most 4 for a formula without
// them, no "-0", and a decimal comma for a worksheet in another language.
TEST(Vars, NumbersPrintWithTheirDecimalsAndTheSheetsDecimalSign) {
    EXPECT_EQ(format_var_number(2.5, 2, false), "2.50");
    EXPECT_EQ(format_var_number(10.0 / 3, -1, false), "3.3333");
    EXPECT_EQ(format_var_number(7.5, -1, false), "7.5");
    EXPECT_EQ(format_var_number(12, -1, false), "12");
    EXPECT_EQ(format_var_number(-0.0001, 2, false), "0.00");
    EXPECT_EQ(format_var_number(2.5, 1, true), "2,5");
    std::string german = trolley;
    german.replace(german.find("title:"), 0, "lang: de\n");
    const Worksheet ws = parse_ok(german);
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        const Variant v = make_variant(ws, seed);
        const VariantQuestion& q = by_source(v, 2);
        EXPECT_FALSE(std::regex_search(q.source->prompt.text, std::regex(R"(\d\.\d)"))) << q.source->prompt.text;
        EXPECT_TRUE(std::regex_search(q.source->prompt.text, std::regex(R"(\d,\d)"))) << q.source->prompt.text;
        EXPECT_NE(q.source->as<Numeric>().value_text.find(','), std::string::npos);
    }
}

// Proves that marking goes by the student's numbers: the score path (as
// `handout mark` and the quiz use it) takes the variant's question.
TEST(Vars, MarkingUsesTheStudentsNumbers) {
    const Worksheet ws = parse_ok(trolley);
    const double master = by_source(make_variant(ws, 0), 2).source->as<Numeric>().value;
    int differing = 0;
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        const Variant v = make_variant(ws, seed);
        const VariantQuestion& q = by_source(v, 2);
        Response right, master_answer;
        right.number = q.source->as<Numeric>().value;
        master_answer.number = master;
        EXPECT_EQ(score(*q.source, right), 1.0);
        if (right.number != master) {
            ++differing;
            EXPECT_EQ(score(*q.source, master_answer), 0.0);
        }
    }
    EXPECT_GT(differing, 5);
}

// Proves, end to end, that two seeds print different numbers, that each
// key's answer is the formula applied to the numbers its sheet prints, and
// that `handout key CODE` rebuilds the same key.
TEST(Vars, TwoSeedsPrintTheirOwnNumbersWithKeysThatAgree) {
    const fs::path dir = fs::temp_directory_path() / ("handout-vars-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::vector<std::string> trolleys;
    for (std::uint32_t seed : {4u, 11u}) {
        const std::string pdf = (dir / ("s" + std::to_string(seed) + ".pdf")).string();
        const auto r = test::run(test::quote(HANDOUT_BINARY) + " render " + test::quote(example) + " --seed " +
                                 std::to_string(seed) + " -o " + test::quote(pdf));
        ASSERT_EQ(r.status, 0) << r.out;
        const std::string text = test::run("pdftotext -layout " + test::quote(pdf) + " -").out;
        const std::size_t key_at = text.find("Answer key");
        ASSERT_NE(key_at, std::string::npos);
        const std::string sheet = text.substr(0, key_at), key = text.substr(key_at);
        std::smatch m;
        ASSERT_TRUE(std::regex_search(sheet, m, std::regex(R"(mass (\d+) kg accelerates at ([\d.]+) m)"))) << sheet;
        trolleys.push_back(m.str());
        const double force = std::stod(m[1]) * std::stod(m[2]);
        char expected[64];
        std::snprintf(expected, sizeof expected, "%.1f \u00b1 0.1 N", force);
        EXPECT_NE(key.find(expected), std::string::npos) << expected << "\n" << key;
        ASSERT_TRUE(std::regex_search(sheet, m, std::regex(R"(Solve for x: (\d+)x \+ (\d+) = (-?\d+))")));
        const int x = (std::stoi(m[3]) - std::stoi(m[2])) / std::stoi(m[1]);
        EXPECT_NE(key.find("x = " + std::to_string(x) + " \u00b7"), std::string::npos) << key;
        // The code on the page rebuilds the same key.
        ASSERT_TRUE(std::regex_search(key, m, std::regex(R"(W3-[0-9A-Z]{4}-[0-9A-Z]{9}-\d+-[0-9A-Z*~$=])")));
        const std::string rebuilt = (dir / "rebuilt.pdf").string();
        ASSERT_EQ(test::run(test::quote(HANDOUT_BINARY) + " key " + m.str() + " --from " +
                            test::quote(source_dir + "/worksheets") + " -o " + test::quote(rebuilt))
                      .status,
                  0);
        const std::string again = test::run("pdftotext -layout " + test::quote(rebuilt) + " -").out;
        EXPECT_NE(again.find(expected), std::string::npos) << again;
    }
    EXPECT_NE(trolleys[0], trolleys[1]) << "two seeds printed the same numbers";
    fs::remove_all(dir);
}
