// libFuzzer target: the roster (CSV) reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "handout/roster.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    handout::Diagnostics diags;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)handout::parse_roster(text, "fuzz.csv", diags);
    return 0;
}
