// libFuzzer target: the whole pipeline up to a laid-out Document, as
// prepare() runs it but without files or images: parse the worksheet, take
// its bundled page style and fonts (loaded once), check font coverage, then
// make a variant and lay it out (once to fit, once with its key). Images are
// skipped (a question's image is left out of the layout).
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "handout/fonts.hpp"
#include "handout/layout.hpp"
#include "handout/load.hpp"
#include "handout/variant.hpp"

#ifndef HANDOUT_SOURCE_DIR
#error "HANDOUT_SOURCE_DIR must be defined by the build"
#endif

namespace {

/// A bundled page style with its fonts.
struct Styled {
    handout::PageStyle style;
    std::unique_ptr<handout::FontSet> fonts;
};

/// The bundled style called `name` (loaded on first use), or nullptr when
/// there is none.
const Styled* bundled(const std::string& name) {
    static std::map<std::string, std::unique_ptr<Styled>> cache;
    if (const auto it = cache.find(name); it != cache.end()) return it->second.get();
    std::unique_ptr<Styled> loaded;
    const std::string dir = HANDOUT_SOURCE_DIR;
    try {
        handout::Diagnostics diags;
        if (auto style = handout::load_style(dir + "/templates", name, diags)) {
            loaded = std::make_unique<Styled>();
            loaded->style = *style;
            loaded->fonts = std::make_unique<handout::FontSet>(handout::FontSet::load(dir + "/fonts", *style));
        }
    } catch (const handout::IoError&) {
        // No such template: the worksheet names one that does not exist.
    }
    return (cache[name] = std::move(loaded)).get();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    handout::Diagnostics diags;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto ws = handout::parse_worksheet(text, "fuzz.yaml", diags);
    if (!ws) return 0;
    const Styled* styled = bundled(ws->template_name.text);
    if (styled == nullptr) return 0;
    handout::check_coverage(*ws, *styled->fonts, diags);
    if (diags.has_errors()) return -1;  // not worth keeping in the corpus

    // A seed from the input, so that shuffling is fuzzed too.
    const std::uint32_t seed = static_cast<std::uint32_t>(handout::hash64(text));
    handout::Document fit;
    handout::LayoutOptions options;
    options.key = handout::KeyMode::off;
    handout::layout_variant(handout::make_variant(*ws, 0), styled->style, *styled->fonts, options, fit);

    handout::Document doc;
    options.key = handout::KeyMode::on;
    options.fit_pages = fit.pages.size();
    options.student_name = "Ann Example";
    handout::layout_variant(handout::make_variant(*ws, seed), styled->style, *styled->fonts, options, doc);
    return 0;
}
