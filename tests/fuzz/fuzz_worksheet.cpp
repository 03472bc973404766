// libFuzzer target: the worksheet loader. Any bytes must give a worksheet or
// located diagnostics: never a crash, a hang, a leak or an exception.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "handout/load.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    handout::Diagnostics diags;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)handout::parse_worksheet(text, "fuzz.yaml", diags);
    return 0;
}
