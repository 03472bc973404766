// The worksheets a run may meet, and each printed sheet's layout recomputed
// from its page code.
#include "mark/catalog.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "handout/io.hpp"
#include "handout/layout.hpp"
#include "handout/load.hpp"

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
                 const PaperSize* paper, std::vector<Student> roster)
    : index_(roots, template_name, paper),
      paper_(paper),
      roster_(std::move(roster)),
      all_styles_(template_names(data_dir())) {}

std::vector<std::string> Catalog::styles(const scan::PageCode& code) const {
    std::vector<std::string> out;
    ParsedCode parsed;
    const PageKind kind = page_kind(code.page);
    if (parse_sheet_code(code.sheet, parsed) && kind.valid) {
        // The student's row: by booklet copy number, else by seed.
        const Student* student = nullptr;
        if (!kind.copy.empty()) {
            const std::size_t n = static_cast<std::size_t>(std::stoul(kind.copy));
            if (n >= 1 && n <= roster_.size()) student = &roster_[n - 1];
        } else {
            for (const Student& s : roster_)
                if (s.seed == parsed.seed) student = &s;
        }
        if (student && !student->style.empty()) out.push_back(student->style);
    }
    out.emplace_back();
    for (const auto& name : all_styles_)
        if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    return out;
}

std::shared_ptr<const Prepared> Catalog::in_style(const std::shared_ptr<const Prepared>& match,
                                                  const std::string& style) {
    if (style.empty() || style == match->style.name) return match;
    const std::string key = match->worksheet.file + "|" + style;
    if (const auto it = styled_.find(key); it != styled_.end()) return it->second;
    std::shared_ptr<const Prepared> prepared;
    Diagnostics ignored;
    try {
        if (auto p = prepare(match->worksheet.file, style, data_dir(), ignored, paper_))
            prepared = std::make_shared<const Prepared>(std::move(*p));
    } catch (const IoError&) {
        // a style that cannot be read cannot have printed the sheet
    }
    styled_.emplace(key, prepared);
    return prepared;
}

Found Catalog::find(const scan::PageCode& code, const std::string& style) {
    ParsedCode parsed;
    if (!parse_sheet_code(code.sheet, parsed))
        return {nullptr, "the page code names '" + code.sheet + "', which is not a sheet code"};
    const PageKind kind = page_kind(code.page);
    if (!kind.valid)
        return {nullptr, "the page code names page '" + code.page + "', which handout never prints"};
    const std::string key = code.sheet + (kind.copy.empty() ? "" : "/" + kind.copy);
    const std::string cache_key = key + (kind.answer_sheet ? "|A|" : "|Q|") + style;
    const auto no_page = [&](const std::string& in) {
        return Found{nullptr,
                     "sheet " + code.sheet + " has no page " + code.page + " when laid out again" + in +
                         " (printed with another page style or paper? pass them with --template and --paper)",
                     true};
    };
    const std::string in = style.empty() ? "" : " in page style " + style;

    std::lock_guard lock(mutex_);
    if (auto it = sheets_.find(cache_key); it != sheets_.end()) {
        if (!it->second) return no_page(in);
        if (!it->second->page(code.page)) return no_page(in);
        return {it->second.get(), {}};
    }
    const auto [match, edited, mistyped, typo] = index_.find(parsed);
    if (!match && mistyped)
        return {nullptr, "sheet code " + code.sheet + " has a typo: " + typo};
    if (!match && edited)
        return {nullptr,
                "worksheet '" + edited->worksheet.id.text + "' (" + edited->worksheet.file +
                    ") was edited since sheet " + code.sheet + " was printed (its code is now " +
                    sheet_code(edited->worksheet, parsed.seed) +
                    "): marking it against the edited file could give wrong scores; pass the printed "
                    "version with --from"};
    if (!match)
        return {nullptr, "no worksheet in " + index_.searched() + " printed sheet " + code.sheet +
                             " (pass its file with --from)"};

    const auto own = in_style(match, style);
    if (!own) {
        sheets_.emplace(cache_key, nullptr);
        return no_page(in);
    }
    auto sheet = std::make_unique<SheetLayout>();
    sheet->prepared = match;
    sheet->variant = make_variant(match->worksheet, parsed.seed);
    sheet->key = key;
    sheet->copy = kind.copy;
    sheet->style = own == match ? "" : own->style.name;
    sheet->styled = own;
    // As batch lays out a student's sheet (render.cpp): the class set's
    // pictures, the student's own style and fonts, fitted to that style.
    LayoutOptions o;
    o.images = &match->images;
    o.key = KeyMode::off;
    o.answer_sheet = kind.answer_sheet;
    fit_to(*own, o);
    if (!kind.copy.empty()) {
        o.question_pages = false;
        o.copy = kind.copy;
    }
    Document doc;
    layout_variant(sheet->variant, own->style, own->fonts, o, doc);
    for (std::size_t i = 0; i < doc.pages.size(); ++i) {
        const auto code_of = page_code_of(doc.pages[i]);
        auto geometry = page_geometry(doc, i);
        if (!code_of || !geometry) continue;
        sheet->pages.emplace_back(code_of->code.page, std::move(*geometry));
        sheet->layout_tags.emplace(code_of->code.page, code_of->code.layout);
    }
    const SheetLayout* found = sheet.get();
    sheets_.emplace(cache_key, std::move(sheet));
    if (!found->page(code.page)) return no_page(in);
    return {found, {}};
}

}  // namespace handout::mark
