// GIFT text to question blocks: lines, blank-line separation, `//` comments,
// escapes. What each block means is gift.cpp's job.
#include "convert/gift_reader.hpp"

namespace handout::convert::gift {

namespace {

bool blank(std::string_view line) {
    for (char c : line)
        if (c != ' ' && c != '\t' && c != '\r') return false;
    return true;
}

std::string_view ltrim(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return line.substr(i);
}

// Appends one line's characters, escapes resolved.
void add_line(Chars& out, std::string_view line, std::size_t off) {
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '\r' && i + 1 == line.size()) break;
        if (c == '\\' && i + 1 < line.size()) {
            const char n = line[i + 1];
            if (n == '~' || n == '=' || n == '#' || n == '{' || n == '}' || n == ':' || n == '\\') {
                out.push_back({n, true, off + i});
                ++i;
                continue;
            }
            if (n == 'n') {
                out.push_back({'\n', true, off + i});
                ++i;
                continue;
            }
        }
        out.push_back({c, false, off + i});
    }
}

}  // namespace

std::vector<Block> split_blocks(std::string_view text) {
    std::vector<Block> blocks;
    Block current;
    bool open = false;
    const auto close = [&] {
        if (open) blocks.push_back(std::move(current));
        current = Block{};
        open = false;
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view line = text.substr(pos, end - pos);
        if (blank(line)) {
            close();
        } else {
            const std::string_view t = ltrim(line);
            if (!open) current.off = pos + static_cast<std::size_t>(t.data() - line.data());
            open = true;
            if (t.substr(0, 2) == "//") {
                std::string comment(t.substr(2));
                while (!comment.empty() && (comment.back() == '\r' || comment.back() == ' ')) comment.pop_back();
                current.comments.push_back(comment);
            } else {
                if (!current.chars.empty()) current.chars.push_back({'\n', false, pos > 0 ? pos - 1 : 0});
                add_line(current.chars, line, pos);
            }
        }
        if (end == text.size()) break;
        pos = end + 1;
    }
    close();
    return blocks;
}

std::string str(const Chars& chars) {
    std::string out;
    out.reserve(chars.size());
    for (const auto& ch : chars) out += ch.c;
    return out;
}

Chars slice(const Chars& chars, std::size_t b, std::size_t e) {
    if (e > chars.size()) e = chars.size();
    const auto space = [](const Ch& ch) { return !ch.lit && (ch.c == ' ' || ch.c == '\t' || ch.c == '\n'); };
    while (b < e && space(chars[b])) ++b;
    while (e > b && space(chars[e - 1])) --e;
    return Chars(chars.begin() + static_cast<std::ptrdiff_t>(b), chars.begin() + static_cast<std::ptrdiff_t>(e));
}

Chars trimmed(const Chars& chars) { return slice(chars, 0, chars.size()); }

std::size_t find(const Chars& chars, char c, std::size_t from) {
    for (std::size_t i = from; i < chars.size(); ++i)
        if (chars[i].c == c && !chars[i].lit) return i;
    return std::string::npos;
}

std::size_t find(const Chars& chars, std::string_view s, std::size_t from) {
    for (std::size_t i = from; i + s.size() <= chars.size(); ++i) {
        bool match = true;
        for (std::size_t k = 0; k < s.size() && match; ++k)
            match = chars[i + k].c == s[k] && !chars[i + k].lit;
        if (match) return i;
    }
    return std::string::npos;
}

}  // namespace handout::convert::gift
