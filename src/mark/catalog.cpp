// The worksheets a run may meet, and each printed sheet's layout recomputed
// from its page code.
#include "mark/catalog.hpp"

#include "handout/io.hpp"
#include "handout/layout.hpp"

namespace handout::mark {

namespace {

/// What kind of page a page id names: "3" a question page, "A1" an answer
/// sheet, "A1-07" the answer sheet of booklet copy 07.
struct PageKind {
    bool valid = false;
    bool answer_sheet = false;
    std::string copy;
};

bool all_digits(const std::string& s) {
    return !s.empty() && s.size() <= 4 && s.find_first_not_of("0123456789") == std::string::npos;
}

PageKind page_kind(const std::string& id) {
    if (all_digits(id)) return {true, false, {}};
    if (id.size() < 2 || id[0] != 'A') return {};
    const auto dash = id.find('-');
    if (!all_digits(id.substr(1, dash == std::string::npos ? std::string::npos : dash - 1))) return {};
    if (dash == std::string::npos) return {true, true, {}};
    const std::string copy = id.substr(dash + 1);
    if (!all_digits(copy)) return {};
    return {true, true, copy};
}

}  // namespace

const scan::PageGeometry* SheetLayout::page(const std::string& id) const {
    for (const auto& [page_id, geometry] : pages)
        if (page_id == id) return &geometry;
    return nullptr;
}

const VariantQuestion* SheetLayout::question(int source_index) const {
    for (const auto& section : variant.sections)
        for (const auto& vq : section.questions)
            if (vq.source_index == source_index) return &vq;
    return nullptr;
}

Catalog::Catalog(const std::vector<std::string>& roots, const std::string& template_name,
                 const PaperSize* paper)
    : index_(roots, template_name, paper) {}

Found Catalog::find(const scan::PageCode& code) {
    ParsedCode parsed;
    if (!parse_sheet_code(code.sheet, parsed))
        return {nullptr, "the page code names '" + code.sheet + "', which is not a sheet code"};
    const PageKind kind = page_kind(code.page);
    if (!kind.valid) return {nullptr, "the page code names page '" + code.page + "', which handout never prints"};
    const std::string key = code.sheet + (kind.copy.empty() ? "" : "/" + kind.copy);
    const std::string cache_key = key + (kind.answer_sheet ? "|A" : "|Q");

    std::lock_guard lock(mutex_);
    if (auto it = sheets_.find(cache_key); it != sheets_.end()) return {it->second.get(), {}};
    const auto [match, edited] = index_.find(parsed);
    if (!match && edited)
        return {nullptr, "worksheet '" + edited->worksheet.id.text + "' (" + edited->worksheet.file +
                             ") was edited since sheet " + code.sheet + " was printed (its code is now " +
                             sheet_code(edited->worksheet, parsed.seed) +
                             "): marking it against the edited file could give wrong scores; pass the printed "
                             "version with --from"};
    if (!match) return {nullptr, "no worksheet in " + index_.searched() + " printed sheet " + code.sheet + " (pass its file with --from)"};

    auto sheet = std::make_unique<SheetLayout>();
    sheet->prepared = match;
    sheet->variant = make_variant(match->worksheet, parsed.seed);
    sheet->key = key;
    sheet->copy = kind.copy;
    LayoutOptions o;
    o.images = &match->images;
    o.key = KeyMode::off;
    o.answer_sheet = kind.answer_sheet;
    fit_to(*match, o);
    if (!kind.copy.empty()) {
        o.question_pages = false;
        o.copy = kind.copy;
    }
    Document doc;
    layout_variant(sheet->variant, match->style, match->fonts, o, doc);
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        const auto code_of = page_code_of(doc.pages[i]);
        auto geometry = page_geometry(doc, i);
        if (code_of && geometry) sheet->pages.emplace_back(code_of->code.page, std::move(*geometry));
    }
    if (!sheet->page(code.page))
        return {nullptr, "sheet " + code.sheet + " has no page " + code.page + " when laid out again (printed with "
                         "another page style or paper? pass them with --template and --paper)"};
    const SheetLayout* found = sheet.get();
    sheets_.emplace(cache_key, std::move(sheet));
    return {found, {}};
}

}  // namespace handout::mark
