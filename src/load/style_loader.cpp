// The page-style loader: templates/<name>.yaml → PageStyle. Keys are the
// field names of PageStyle (plus `page: A4 | letter`); keys left out keep the
// defaults. Every number is checked so that layout never has to.
#include "handout/load.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "handout/text.hpp"
#include "load/yaml_support.hpp"

namespace handout {
namespace {

using load::Entries;
using load::Entry;

/// How a number is checked: the range it must lie in and why.
struct NumberRule {
    double min;
    double max;
    bool min_inclusive;
    const char* expected;  ///< what the message says was expected
};

// Font sizes: the PDF library refuses sizes over 600 pt; a letter 2 inches
// high is already larger than any page style needs.
constexpr NumberRule font_size{0, 144, false, "a font size of more than 0 and at most 144 pt"};
constexpr NumberRule non_negative{0, 1e9, true, "a number of 0 or more"};
constexpr NumberRule gray{0, 1, true, "a gray level from 0 (black) to 1 (white)"};
constexpr NumberRule copier_gray{0, 0.5, true,
                                 "a gray level from 0 (black) to 0.5: lighter lines and text vanish on a "
                                 "black-and-white photocopy"};
constexpr NumberRule line_width{0.25, 4, true, "a line width from 0.25 to 4 pt (thinner lines vanish in a scan)"};
constexpr NumberRule page_size{72, 14400, true, "a page size from 72 to 14400 pt"};
constexpr NumberRule readable{6, 144, true, "a size from 6 pt (readable on paper) to 144 pt"};
constexpr NumberRule line_factor{1, 4, true, "a factor from 1 to 4 of the font size"};
constexpr NumberRule image_factor{0.5, 3, true, "a factor from 0.5 to 3 of the pictures' width"};
constexpr NumberRule mark_factor{0.75, 2, true, "a factor from 0.75 to 2 of the bubbles' size"};

/// One numeric field of PageStyle with its YAML key and rule.
struct NumberField {
    const char* key;
    double PageStyle::*field;
    NumberRule rule;
};

const std::vector<NumberField> number_fields = {
    {"page_width", &PageStyle::page_width, page_size},
    {"page_height", &PageStyle::page_height, page_size},
    {"margin_top", &PageStyle::margin_top, non_negative},
    {"margin_bottom", &PageStyle::margin_bottom, non_negative},
    {"margin_left", &PageStyle::margin_left, non_negative},
    {"margin_right", &PageStyle::margin_right, non_negative},
    {"title_size", &PageStyle::title_size, font_size},
    {"subtitle_size", &PageStyle::subtitle_size, font_size},
    {"meta_size", &PageStyle::meta_size, font_size},
    {"body_size", &PageStyle::body_size, readable},
    {"key_size", &PageStyle::key_size, font_size},
    {"footer_size", &PageStyle::footer_size, font_size},
    {"line_gap", &PageStyle::line_gap, line_factor},
    {"question_gap", &PageStyle::question_gap, non_negative},
    {"option_gap", &PageStyle::option_gap, non_negative},
    {"image_scale", &PageStyle::image_scale, image_factor},
    {"a3_body_size", &PageStyle::a3_body_size, readable},
    {"mark_scale", &PageStyle::mark_scale, mark_factor},
    {"text_gray", &PageStyle::text_gray, copier_gray},
    {"muted_gray", &PageStyle::muted_gray, gray},
    {"rule_gray", &PageStyle::rule_gray, copier_gray},
    {"rule_width", &PageStyle::rule_width, line_width},
    {"column_gap", &PageStyle::column_gap, non_negative},
};

constexpr NumberRule column_count{1, 2, true, "1 or 2 columns"};

/// The font fields of PageStyle with their YAML keys.
const std::vector<std::pair<const char*, std::string PageStyle::*>> font_fields = {
    {"font_regular", &PageStyle::font_regular},
    {"font_bold", &PageStyle::font_bold},
    {"font_italic", &PageStyle::font_italic},
    {"font_bold_italic", &PageStyle::font_bold_italic},
    {"font_mono", &PageStyle::font_mono},
};

/// Least width and height left for text between the margins (2 inches).
constexpr double min_text_extent = 144;
/// Least width of a column (1 inch).
constexpr double min_column_width = 72;

/// Every key a page style may have.
std::vector<std::string_view> style_keys() {
    std::vector<std::string_view> keys = {"page", "columns", "labels", "page_marks"};
    for (const auto& f : number_fields) keys.push_back(f.key);
    for (const auto& f : font_fields) keys.push_back(f.first);
    return keys;
}

/// Formats a number for messages without trailing zeros.
std::string number_text(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// Reads the keys of one page-style mapping into a PageStyle, reporting each
/// bad value and carrying on.
class StyleReader {
public:
    StyleReader(const load::Source& source, Diagnostics& diags) : src_(source), diags_(diags) {}

    void read(const YAML::Node& root, PageStyle& style);

private:
    void error(const YAML::Node& at, std::string message, std::string hint) {
        diags_.error(src_.at(at), std::move(message), std::move(hint));
    }
    bool has_value(const Entry& entry);
    std::optional<double> number(const Entry& entry, const NumberRule& rule);
    void read_page(const Entry& entry, const Entries& keys, PageStyle& style);
    void check_room(const Entries& keys, const PageStyle& style);

    const load::Source& src_;
    Diagnostics& diags_;
};

bool StyleReader::has_value(const Entry& entry) {
    if (!entry.value.IsNull()) return true;
    error(entry.key, "'" + entry.name + "' has no value", load::missing_value_hint(src_, entry));
    return false;
}

// A finite plain number inside the rule's range.
std::optional<double> StyleReader::number(const Entry& entry, const NumberRule& rule) {
    if (!has_value(entry)) return std::nullopt;
    double value = 0;
    bool parsed = false;
    if (entry.value.IsScalar()) {
        const std::string& s = entry.value.Scalar();
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        parsed = ec == std::errc() && end == s.data() + s.size() && std::isfinite(value);
    }
    if (!parsed) {
        error(entry.value,
              "'" + entry.name + "' must be " + rule.expected + ", found " +
                  load::describe(entry.value),
              "write a plain number such as " + entry.name + ": 12 (lengths in points, 1/72 inch)");
        return std::nullopt;
    }
    const bool low = rule.min_inclusive ? value < rule.min : value <= rule.min;
    if (low || value > rule.max) {
        error(entry.value,
              "'" + entry.name + "' must be " + rule.expected + ", found " + number_text(value),
              "lengths are in points (1/72 inch; 1 mm ≈ 2.83 pt)");
        return std::nullopt;
    }
    return value;
}

// `page: A4 | letter` sets both page sizes; writing them too is a conflict.
void StyleReader::read_page(const Entry& entry, const Entries& keys, PageStyle& style) {
    if (!has_value(entry)) return;
    const std::string name = entry.value.IsScalar() ? entry.value.Scalar() : std::string();
    const PaperSize* size = find_paper(name);
    if (!size) {
        std::vector<std::string_view> names;
        for (const auto& p : paper_sizes) names.push_back(p.name);
        error(entry.value,
              "unknown page size " + load::describe(entry.value) +
                  (entry.value.IsScalar() ? did_you_mean(name, names) : ""),
              "write page: A4, page: A3 or page: letter, or set page_width and page_height in points");
        return;
    }
    for (const char* key : {"page_width", "page_height"}) {
        if (const Entry* e = keys.find(key)) {
            error(e->key, std::string("'page' and '") + key + "' both set the page size",
                  std::string("keep either 'page' or '") + key + "'");
            return;
        }
    }
    style.page_width = size->width;
    style.page_height = size->height;
}

// Margins must leave room for text; the error points at a margin written in
// the file (the last one of the pair), or at the page size that shrank it.
void StyleReader::check_room(const Entries& keys, const PageStyle& style) {
    struct Axis {
        const char* a;
        const char* b;
        const char* size;
        double extent;
    };
    const Axis axes[] = {
        {"margin_left", "margin_right", "page_width",
         style.page_width - style.margin_left - style.margin_right},
        {"margin_top", "margin_bottom", "page_height",
         style.page_height - style.margin_top - style.margin_bottom},
    };
    for (const auto& axis : axes) {
        if (axis.extent >= min_text_extent) continue;
        const Entry* at = keys.find(axis.b);
        if (!at) at = keys.find(axis.a);
        if (!at) at = keys.find(axis.size);
        if (!at) at = keys.find("page");
        if (!at) continue;  // defaults always leave room
        error(at->value,
              std::string("the margins leave only ") +
                  number_text(std::round(std::max(axis.extent, 0.0) * 100) / 100) +
                  " pt for text between " + axis.a + " and " + axis.b,
              "leave at least " + number_text(min_text_extent) +
                  " pt (2 inches) between the margins");
    }
    // Two columns (a two-column style, and every answer sheet) share the
    // text width with the gap between them.
    const double column = (axes[0].extent - style.column_gap) / 2;
    if (axes[0].extent >= min_text_extent && column < min_column_width) {
        const Entry* at = keys.find("column_gap");
        if (!at) at = keys.find("margin_right");
        if (!at) at = keys.find("margin_left");
        if (!at) at = keys.find("page_width");
        if (!at) at = keys.find("page");
        if (at)
            error(at->value,
                  "a column gap of " + number_text(style.column_gap) + " pt leaves columns " +
                      number_text(std::round(std::max(column, 0.0) * 100) / 100) +
                      " pt wide (answer sheets and two-column styles print in two columns)",
                  "make column_gap at most " +
                      number_text(std::floor(axes[0].extent - 2 * min_column_width)) +
                      " pt, so that each column is at least " + number_text(min_column_width) + " pt (1 inch) wide");
    }
}

void StyleReader::read(const YAML::Node& root, PageStyle& style) {
    if (root.IsNull()) return;  // an empty style keeps every default
    if (!root.IsMap()) {
        error(root, "a page style must be a mapping of keys, found " + load::describe(root),
              "write one key per line, such as 'body_size: 11'");
        return;
    }
    style.loc = src_.at(root);
    const auto known = style_keys();
    std::string hint = "page-style keys are";
    for (std::size_t i = 0; i < known.size(); ++i)
        hint += (i == 0 ? " " : ", ") + std::string(known[i]);
    const Entries keys = load::read_entries(src_, diags_, root, "the page style", known, hint);

    // Numbers, each checked on its own, then the page size shortcut.
    bool numbers_ok = true;
    for (const auto& f : number_fields) {
        if (const Entry* e = keys.find(f.key)) {
            if (auto value = number(*e, f.rule)) style.*(f.field) = *value;
            else numbers_ok = false;
        }
    }
    if (const Entry* e = keys.find("columns")) {
        if (auto value = number(*e, column_count)) {
            if (*value == 1 || *value == 2) {
                style.columns = static_cast<int>(*value);
            } else {
                error(e->value, "'columns' must be 1 or 2, found " + load::describe(e->value),
                      "write 'columns: 2' for two columns of questions, or leave it out for one");
            }
        }
    }
    if (const Entry* e = keys.find("page_marks")) {
        if (!load::parse_bool(e->value, style.page_marks))
            error(e->value, "'page_marks' must be true or false, found " + load::describe(e->value),
                  "write 'page_marks: false' for sheets that will never be scanned, or leave it out");
    }
    if (const Entry* e = keys.find("page")) read_page(*e, keys, style);
    if (const Entry* e = keys.find("labels")) style.labels = load::read_labels(src_, diags_, *e);
    if (numbers_ok) check_room(keys, style);

    // Font files: TrueType, relative to the fonts folder.
    for (const auto& [key, field] : font_fields) {
        const Entry* e = keys.find(key);
        if (!e || !has_value(*e)) continue;
        std::string file = e->value.IsScalar() ? e->value.Scalar() : std::string();
        const std::string lower = ascii_lower(file);
        if (lower.size() < 5 || !lower.ends_with(".ttf")) {
            error(e->value,
                  std::string("'") + key + "' must be a TrueType font file (.ttf), found " +
                      load::describe(e->value),
                  "name a .ttf file of the fonts folder, such as LiberationSans-Regular.ttf");
            continue;
        }
        // A name inside the fonts folder: no folders, so no way out of it
        // ("../x.ttf" or "/etc/x.ttf" would read any file on the machine).
        if (file.find_first_of("/\\") != std::string::npos || file.starts_with('.')) {
            error(e->value,
                  std::string("'") + key + "' must be a file name of the fonts folder, found " +
                      load::describe(e->value),
                  "write the font's file name only, such as LiberationSans-Regular.ttf, and put "
                  "the file in the fonts folder");
            continue;
        }
        style.*field = std::move(file);
    }
}

}  // namespace

const PaperSize* find_paper(std::string_view name) {
    for (const PaperSize& p : paper_sizes)
        if (ascii_lower(name) == ascii_lower(p.name)) return &p;
    return nullptr;
}

PageStyle on_paper(const PageStyle& style, const PaperSize& paper) {
    if (style.page_width == paper.width && style.page_height == paper.height) return style;
    double factor = std::sqrt(paper.width * paper.height / (style.page_width * style.page_height));
    if (std::string_view(paper.name) == paper_a3.name && style.a3_body_size > 0)
        factor = style.a3_body_size / style.body_size;
    else if (factor > 0.9 && factor < 1.1)
        factor = 1;  // A4 and letter: the same style fits either
    PageStyle s = style;
    s.page_width = paper.width;
    s.page_height = paper.height;
    for (double PageStyle::*length :
         {&PageStyle::margin_top, &PageStyle::margin_bottom, &PageStyle::margin_left, &PageStyle::margin_right,
          &PageStyle::title_size, &PageStyle::subtitle_size, &PageStyle::meta_size, &PageStyle::body_size,
          &PageStyle::key_size, &PageStyle::footer_size, &PageStyle::question_gap, &PageStyle::option_gap,
          &PageStyle::column_gap})
        s.*length = style.*length * factor;
    // Within what a template may write (see number_fields).
    s.rule_width = std::clamp(style.rule_width * factor, line_width.min, line_width.max);
    s.image_scale = std::clamp(style.image_scale * factor, image_factor.min, image_factor.max);
    return s;
}

std::optional<PageStyle> parse_style(std::string_view text, const std::string& file,
                                     Diagnostics& diags) {
    PageStyle style;
    style.name = std::filesystem::path(file).stem().string();
    style.loc = {file, 1, 1};
    const auto read = [&](const load::Source& source, const YAML::Node& root, Diagnostics& found) {
        StyleReader(source, found).read(root, style);
    };
    if (!load::parse_file(text, file, "page style", diags, read)) return std::nullopt;
    return style;
}

namespace {

namespace fs = std::filesystem;

/// The `.yaml` style names in `dir`, sorted, comma-separated ("" for none).
std::string style_names(const fs::path& dir) {
    std::error_code ec;
    std::vector<std::string> names;
    for (const auto& item : fs::directory_iterator(dir, ec))
        if (item.path().extension() == ".yaml") names.push_back(item.path().stem().string());
    std::sort(names.begin(), names.end());
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    return known;
}

}  // namespace

bool is_template_path(const std::string& name) {
    return name.find('/') != std::string::npos || (name.size() > 5 && name.substr(name.size() - 5) == ".yaml");
}

std::vector<std::string> template_folders(const std::string& worksheet, const std::string& data_dir) {
    std::vector<std::string> folders;
    if (!worksheet.empty() && worksheet != "-") {
        const fs::path beside = fs::path(worksheet).parent_path();
        folders.push_back((beside.empty() ? fs::path(".") : beside).string());
        folders.push_back(((beside.empty() ? fs::path(".") : beside) / "templates").string());
    }
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const char* home = std::getenv("HOME");
    if (xdg && *xdg == '/')
        folders.push_back((fs::path(xdg) / "handout" / "templates").string());
    else if (home && *home)
        folders.push_back((fs::path(home) / ".config" / "handout" / "templates").string());
    folders.push_back((fs::path(data_dir) / "templates").string());
    return folders;
}

std::string find_template(const std::string& name, const std::string& worksheet, const std::string& data_dir) {
    std::error_code ec;
    if (is_template_path(name)) {
        // A path in a worksheet is read from the worksheet's folder, as images are.
        fs::path path(name);
        if (path.is_relative() && !worksheet.empty() && worksheet != "-") path = fs::path(worksheet).parent_path() / path;
        if (!fs::is_regular_file(path, ec))
            throw IoError("cannot read template '" + name + "': " + path.string() + " is not a file");
        return path.string();
    }
    const auto folders = template_folders(worksheet, data_dir);
    if (load::is_slug(name))
        for (const auto& folder : folders)
            if (const fs::path path = fs::path(folder) / (name + ".yaml"); fs::is_regular_file(path, ec))
                return path.string();
    // Name the folders searched and the styles the program's folder has, so a
    // typo is easy to fix.
    std::string searched;
    for (const auto& folder : folders) searched += (searched.empty() ? "" : ", ") + folder;
    const std::string known = style_names(folders.back());
    throw IoError("cannot read template '" + name + "': no " + name + ".yaml in " + searched + " (templates in " +
                  folders.back() + ": " + (known.empty() ? "none" : known) + ")");
}

std::optional<PageStyle> load_style_file(const std::string& path, Diagnostics& diags) {
    const auto text = load::read_yaml_file(path, diags);
    if (!text) return std::nullopt;
    auto style = parse_style(*text, path, diags);
    if (style) style->name = fs::path(path).stem().string();
    return style;
}

std::optional<PageStyle> load_style(const std::string& templates_dir, const std::string& name,
                                    Diagnostics& diags) {
    const fs::path path = fs::path(templates_dir) / (name + ".yaml");
    std::error_code ec;
    if (!load::is_slug(name) || !fs::is_regular_file(path, ec)) {
        const std::string known = style_names(templates_dir);
        throw IoError("cannot read template '" + name + "': " + path.string() +
                      " does not exist (templates in " + templates_dir + ": " +
                      (known.empty() ? "none" : known) + ")");
    }
    return load_style_file(path.string(), diags);
}

std::vector<std::string> template_names(const std::string& data_dir) {
    namespace fs = std::filesystem;
    std::set<std::string> names;
    std::error_code ec;
    for (const auto& folder : template_folders("", data_dir)) {
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".yaml" && it->is_regular_file(ec))
                names.insert(it->path().stem().string());
        ec.clear();
    }
    return {names.begin(), names.end()};
}

}  // namespace handout
