#include "handout/render.hpp"

#include "handout/load.hpp"
#include "handout/pdf.hpp"
#include "handout/variant.hpp"

namespace handout {

std::optional<Prepared> prepare(const std::string& path, const std::string& template_override,
                                const std::string& data_dir, Diagnostics& diags) {
    auto ws = load_worksheet(path, diags);
    if (!ws) return std::nullopt;
    const std::string name = template_override.empty() ? ws->template_name.text : template_override;
    auto style = load_style(data_dir + "/templates", name, diags);
    if (!style) return std::nullopt;
    FontSet fonts = FontSet::load(data_dir + "/fonts", *style);
    Prepared p{std::move(*ws), std::move(*style), std::move(fonts)};
    check_coverage(p.worksheet, p.fonts, diags);
    if (diags.has_errors()) return std::nullopt;
    return p;
}

void layout_seed(const Prepared& p, std::uint32_t seed, const LayoutOptions& options, Document& doc) {
    const Variant v = make_variant(p.worksheet, seed);
    layout_variant(v, p.style, p.fonts, options, doc);
}

std::string render_pdf(const Prepared& p, std::uint32_t seed, const LayoutOptions& options) {
    Document doc;
    layout_seed(p, seed, options, doc);
    return paint_pdf(doc, p.fonts);
}

}  // namespace handout
