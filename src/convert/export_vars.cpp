// A worksheet's `vars:` drawn for an export: the numbers of printed sheets,
// so that an exported question never shows `{{name}}` (R/exams writes its
// exercises to Moodle the same way: one question per drawn version).
#include "handout/convert.hpp"
#include "handout/variant.hpp"
#include "handout/vars.hpp"

namespace handout {

Worksheet draw_vars_for_export(const Worksheet& sheet, std::uint32_t seed, std::uint32_t copies) {
    Worksheet out = sheet;
    for (auto& s : out.sections) s.questions.clear();
    // Each sheet's draw, found by the question it was drawn for.
    std::vector<Variant> variants;
    for (std::uint32_t c = 0; c < std::max<std::uint32_t>(1, copies); ++c)
        variants.push_back(make_variant(sheet, seed + c));
    for (std::size_t si = 0; si < sheet.sections.size(); ++si) {
        for (const Question& q : sheet.sections[si].questions) {
            if (q.vars.empty()) {
                out.sections[si].questions.push_back(q);
                continue;
            }
            for (const Variant& v : variants)
                for (const auto& vs : v.sections)
                    for (const auto& vq : vs.questions)
                        if (vq.written == &q && vq.source) out.sections[si].questions.push_back(*vq.source);
        }
    }
    return out;
}

}  // namespace handout
