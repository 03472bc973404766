// The corrections file of `handout mark --fix` (docs/marking.md): read apart
// from the marking so that a fuzzer can drive it without the scan engine.
#include "mark/fixes.hpp"

#include "handout/io.hpp"
#include "handout/roster.hpp"

namespace handout::mark {

std::vector<Fix> parse_fixes(std::string_view text, const std::string& path, Diagnostics& diags) {
    std::vector<Fix> fixes;
    const auto rows = parse_csv(text, path, diags);
    if (!rows) return fixes;
    std::size_t first = 0;
    if (!rows->empty() && !rows->front().empty() && rows->front().front().text == "sheet") first = 1;
    for (std::size_t i = first; i < rows->size(); ++i) {
        const CsvRow& row = (*rows)[i];
        if (row.empty()) continue;
        const Loc loc{path, row.front().line, row.front().column};
        if (row.size() != 3) {
            diags.error(loc,
                        "a correction has 3 cells (sheet,question,marked), this row has " +
                            std::to_string(row.size()),
                        "write e.g. W3-7K3Q-X9M2P4T8A-17-Y,4,B (leave marked empty for no answer)");
            continue;
        }
        const std::string& q = row[1].text;
        if (q.empty() || q.size() > 4 || q.find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(q) == 0) {
            diags.error(
                {path, row[1].line, row[1].column}, "'" + q + "' is not a question number",
                "the question's number in the worksheet's source order, as in results.csv's Q columns");
            continue;
        }
        fixes.push_back({row[0].text, row[2].text, std::stoi(q), {path, row[2].line, row[2].column}, false});
    }
    return fixes;
}

std::vector<Fix> load_fixes(const std::string& path, Diagnostics& diags) {
    return parse_fixes(read_file(path), path, diags);
}

}  // namespace handout::mark
