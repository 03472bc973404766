// libFuzzer target: the question bank readers (GIFT, Aiken, Moodle XML) and
// the YAML writer behind them; what they write must read back as YAML.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "handout/convert.hpp"
#include "handout/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    using Reader = handout::Converted (*)(std::string_view, const std::string&, handout::Diagnostics&);
    const auto xml = [](std::string_view t, const std::string& f, handout::Diagnostics& d) {
        return handout::import_moodle_xml(t, f, "img", d);
    };
    for (const Reader read : {Reader(&handout::import_gift), Reader(&handout::import_aiken), Reader(+xml)}) {
        handout::Diagnostics diags;
        const handout::Converted bank = read(text, "fuzz.txt", diags);
        if (diags.has_errors()) continue;
        const std::string yaml = handout::write_worksheet_yaml(bank, false);
        handout::Diagnostics check;
        (void)handout::parse_worksheet(yaml, "fuzz.yaml", check);
        // The writer must never write broken YAML (the loader's syntax messages).
        for (const auto& d : check.items())
            for (const char* syntax : {"YAML syntax error", "unexpected ':' here", "a tab is used", "a second YAML document"})
                if (d.message.rfind(syntax, 0) == 0) std::abort();
    }
    return 0;
}
