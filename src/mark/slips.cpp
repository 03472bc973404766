// `handout mark --slips`: a feedback slip per sheet read, laid out by
// layout_slips in the page style each sheet was printed with (a roster's
// large-print student gets a large-print slip).
#include "handout/mark.hpp"

#include <deque>

#include "handout/layout.hpp"
#include "handout/pdf.hpp"
#include "handout/variant.hpp"

namespace handout::mark {

std::string slips_pdf(const Results& results) {
    Document doc;
    // Sheets in results order; consecutive sheets of one worksheet share a
    // layout call (and its pages), another worksheet starts on a new page.
    std::deque<Variant> variants;  // stable addresses for the slips
    std::vector<Slip> run;
    const Prepared* run_of = nullptr;
    const auto flush = [&] {
        if (run_of) layout_slips(run, run_of->style, run_of->fonts, doc);
        run.clear();
    };
    for (const SheetResult& sheet : results.sheets) {
        if (!sheet.scanned) continue;
        const WorksheetInfo* info = nullptr;
        for (const auto& w : results.worksheets)
            if (w.id == sheet.worksheet && w.prepared) info = &w;
        if (!info) continue;
        // A student's slip in the page style their sheet was printed in.
        const Prepared* own = sheet.styled ? sheet.styled.get() : info->prepared.get();
        if (own != run_of) {
            flush();
            run_of = own;
        }
        variants.push_back(make_variant(run_of->worksheet, sheet.seed));
        Slip slip{&variants.back(), sheet.name, sheet.sheet, {}, {}, sheet.bonus};
        for (const QuestionResult& q : sheet.questions) {
            if (!q.drawn) continue;
            SlipAnswer& a = slip.answers[q.question];
            a = {q.marked, q.points, {}, {}};
            if (q.adjusted.empty()) continue;
            // Adjusted after marking: the slip says how (the adjust file's words).
            a.max = q.max;
            for (const auto& line : q.adjusted) a.note += (a.note.empty() ? "Adjusted: " : "; ") + line;
            slip.max = sheet.max;
        }
        if (sheet.bonus != 0) slip.max = sheet.max;
        run.push_back(std::move(slip));
    }
    flush();
    if (doc.pages.empty()) return {};
    return paint_pdf(doc);
}

}  // namespace handout::mark
