// A worksheet variant as an interactive quiz for screens: one self-contained
// HTML file (inline CSS and JavaScript, images as data: URIs, no network).
// The page shows the same Variant as the PDF of that seed (question order,
// letters, sheet code); answers and explanations are stored encoded, and a
// JavaScript port of the project's shuffle (docs/shuffle.md) lets "Try again"
// reshuffle to a new seed in the browser. See docs/quiz.md.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "handout/model.hpp"

namespace handout {

/// The quiz page of the variant of `seed` of `ws`. Question images are read
/// from their resolved paths (Question::image) and embedded; throws IoError
/// when one cannot be read.
std::string render_html(const Worksheet& ws, std::uint32_t seed);

/// `text` with inline markup turned into HTML: `**bold**` → <strong>,
/// `*italic*` → <em>, `` `code` `` → <code>; everything HTML-escaped.
std::string markup_to_html(std::string_view text);

/// `bytes` XOR-ed with the quiz key stream of (`seed`, `index`), then base64:
/// how answers are stored in the page so that they cannot be read in its
/// source at a glance. Not encryption: the page itself decodes them.
std::string encode_secret(std::string_view bytes, std::uint32_t seed, std::uint32_t index);

/// The inverse of encode_secret (for tests); returns "" for bad base64.
std::string decode_secret(std::string_view base64, std::uint32_t seed, std::uint32_t index);

}  // namespace handout
