// libFuzzer target: the adjust file (`mark --adjust`) reader, and the roster
// read as the school's table (`mark --roster`'s own format) from the same
// bytes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "handout/adjust.hpp"
#include "handout/roster.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    handout::Diagnostics diags;
    (void)handout::parse_adjustments(text, "fuzz.yaml", diags);
    (void)handout::roster_table(text);
    return 0;
}
