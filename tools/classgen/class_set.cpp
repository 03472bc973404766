// classgen: the class set laid out again (class_set.hpp), as
// write_class_set lays out each sheet (src/render/render.cpp).
#include "class_set.hpp"

#include <map>
#include <stdexcept>

#include "handout/diagnostic.hpp"
#include "handout/io.hpp"
#include "handout/layout.hpp"

namespace classgen {

namespace {

[[noreturn]] void fail(const std::string& what, const handout::Diagnostics& diags) {
    throw std::runtime_error(what + "\n" + diags.format());
}

}  // namespace

const handout::VariantQuestion* ClassSet::question(std::size_t sheet, int source_index) const {
    for (const auto& section : sheets[sheet].variant.sections)
        for (const auto& vq : section.questions)
            if (vq.source_index == source_index) return &vq;
    return nullptr;
}

ClassSet lay_out_class(const ClassSpec& spec) {
    using namespace handout;
    Diagnostics diags;
    auto prepared = prepare(spec.worksheet, spec.template_name, data_dir(), diags);
    if (!prepared) fail("cannot prepare " + spec.worksheet, diags);
    auto roster = load_roster(spec.roster, diags);
    if (!roster) fail("cannot read the roster " + spec.roster, diags);
    const std::map<std::string, Prepared> styles =
        prepare_roster_styles(spec.worksheet, *prepared, *roster, data_dir(), diags);
    if (diags.has_errors()) fail("the roster's page styles have errors", diags);

    ClassSet set;
    set.prepared = std::make_shared<const Prepared>(std::move(*prepared));
    const Prepared& p = *set.prepared;
    for (const Student& s : *roster) {
        const auto own_style = styles.find(s.style);
        const Prepared& own = own_style != styles.end() ? own_style->second : p;
        Sheet sheet{s, own_style != styles.end() ? s.style : "", make_variant(p.worksheet, s.seed)};
        LayoutOptions o;
        o.images = &p.images;
        o.key = KeyMode::off;
        o.duplex = spec.duplex;
        o.answer_sheet = spec.answer_sheet;
        fit_to(own, o);
        o.student_name = s.name;
        o.student_class = s.class_name;
        Document doc;
        layout_variant(sheet.variant, own.style, own.fonts, o, doc);
        for (std::size_t i = 0; i < doc.pages.size(); ++i) {
            PrintedPage page{set.sheets.size(), {}, std::nullopt};
            if (const auto code = page_code_of(doc.pages[i])) {
                page.page_id = code->code.page;
                page.geometry = page_geometry(doc, i);
            }
            set.pages.push_back(std::move(page));
        }
        set.sheets.push_back(std::move(sheet));
    }
    return set;
}

}  // namespace classgen
