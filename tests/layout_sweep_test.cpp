// The printable-area sweep (issue 33, item 4): every shipped and generated
// worksheet, and match and order questions as long as real ones (Greek
// vocabulary with 10–12 pairs), in every page style, on every paper, as
// question pages and as an answer sheet: every box `layout --json` gives
// (bubbles, tick boxes, teacher boxes, digit and write-in boxes) lies inside
// the printable area, the rectangle the corner marks stand in.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "handout/layout.hpp"
#include "handout/render.hpp"
#include "worksheet_generator.hpp"

using namespace handout;

namespace {

const std::string source_dir = HANDOUT_SOURCE_DIR;
const char* const styles[] = {"classic", "large-print",          "compact",
                              "letter",  "modified-large-print", "dyslexia"};

/// Match questions of 10, 11 and 12 pairs and an order question of 12
/// items, their texts long words (as a Greek vocabulary sheet has them).
std::string long_questions() {
    std::string y = "id: long-pairs\ntitle: Λεξιλόγιο\nquestions:\n";
    const char* words[] = {"καλημέρα",  "ευχαριστώ", "παρακαλώ",      "σπίτι",      "θάλασσα",   "βιβλιοθήκη",
                           "ελευθερία", "φιλοσοφία", "αρχιτεκτονική", "μαθηματικά", "γεωγραφία", "ιστορία"};
    for (int n = 10; n <= 12; ++n) {
        y += "  - type: match\n    prompt: Match the words (" + std::to_string(n) + ")\n    pairs:\n";
        for (int i = 0; i < n; ++i)
            y += "      - [\"" + std::string(words[i]) + "\", \"the word number " + std::to_string(i + 1) +
                 " of this long list\"]\n";
    }
    y += "  - type: order\n    prompt: Put them in order\n    items:\n";
    for (const char* w : words) y += "      - \"" + std::string(w) + "\"\n";
    return y;
}

/// Every box of `doc`'s machine-readable pages outside the printable area.
std::vector<std::string> outside(const Document& doc, const std::string& name) {
    std::vector<std::string> out;
    const double edge = scan::corner_mark_inset;
    const auto check = [&](const scan::Rect& r, std::size_t page, const std::string& what) {
        if (r.x >= edge - 0.01 && r.y >= edge - 0.01 && r.x + r.w <= doc.width - edge + 0.01 &&
            r.y + r.h <= doc.height - edge + 0.01)
            return;
        out.push_back(name + " page " + std::to_string(page + 1) + ": " + what + " at x " +
                      std::to_string(r.x) + ", y " + std::to_string(r.y) + " (" + std::to_string(r.w) +
                      " × " + std::to_string(r.h) + ") on a page of " + std::to_string(doc.width) + " × " +
                      std::to_string(doc.height));
    };
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        const auto g = page_geometry(doc, i);
        if (!g) continue;
        check(g->qr, i, "the QR code");
        for (const auto& t : g->targets)
            check(t.box, i,
                  std::string(scan::to_string(t.kind)) + " " + t.value + " of question " +
                      std::to_string(t.question));
        for (const auto& w : g->write_ins) check(w.box, i, "a write-in box of column " + w.group);
    }
    return out;
}

}  // namespace

// Proves item 4 of issue 33: no printed box of any worksheet × style ×
// paper × (question pages, answer sheet) × seed 1–2 lies outside the
// printable area (or the worksheet is refused with a located error), and
// that the sweep looked at all of them.
TEST(LayoutSweep, EveryBoxOfEveryWorksheetIsInsideThePrintableArea) {
    const auto dir = std::filesystem::temp_directory_path() / ("handout-sweep-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(source_dir + "/worksheets"))
        if (entry.path().extension() == ".yaml") files.push_back(entry.path().string());
    for (std::uint64_t n = 0; n < 8; ++n) {
        files.push_back((dir / ("generated-" + std::to_string(n) + ".yaml")).string());
        std::ofstream(files.back()) << test::generated_worksheet(n);
    }
    files.push_back((dir / "long-pairs.yaml").string());
    std::ofstream(files.back()) << long_questions();
    std::size_t laid_out = 0;
    for (const auto& file : files) {
        for (const char* style : styles) {
            for (const PaperSize& paper : paper_sizes) {
                Diagnostics diags;
                const auto p = prepare(file, style, source_dir, diags, &paper);
                ASSERT_TRUE(p) << file << " in " << style << ": " << diags.format();
                for (const bool answer_sheet : {false, true}) {
                    for (std::uint32_t seed = 1; seed <= 2; ++seed) {
                        LayoutOptions o;
                        o.key = KeyMode::off;
                        o.answer_sheet = answer_sheet;
                        Document doc;
                        layout_seed(*p, seed, o, doc);
                        const std::string name = std::filesystem::path(file).filename().string() + " in " +
                                                 style + " on " + paper.name +
                                                 (answer_sheet ? " (answer sheet)" : "") + " seed " +
                                                 std::to_string(seed);
                        for (const auto& problem : outside(doc, name)) ADD_FAILURE() << problem;
                        ++laid_out;
                    }
                }
            }
        }
    }
    std::filesystem::remove_all(dir);
    EXPECT_EQ(laid_out, files.size() * 6 * 3 * 2 * 2);
    EXPECT_GE(files.size(), 13u) << "the shipped worksheets were not found";
}
