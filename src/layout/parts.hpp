// The parts of a laid-out variant, each in its own file: question bodies
// (questions.cpp), the key (key.cpp) and pagination (paginate.cpp); layout.cpp
// puts them together. Private to src/layout.
#pragma once

#include <vector>

#include "handout/layout.hpp"
#include "layout/pen.hpp"

namespace handout::layout {

/// One question set in `box`: its number and prompt, its picture (from
/// `images`, may be null), then the answer area of its type. Answer areas
/// are tagged with their role (document.hpp).
Block question_block(const Pen& pen, const TextBox& box, const ImageMap* images, const VariantQuestion& q);

/// The key of variant `v` set in `box`: its heading, then one block per
/// question (`1.  B  option text`, the explanation below).
std::vector<Block> key_blocks(const Pen& pen, const TextBox& box, const Variant& v);

/// Places blocks top-down between the margins of `style`, `gap_scale` times
/// their space before; returns the pages (without footers).
std::vector<Page> paginate(const std::vector<Block>& blocks, const PageStyle& style, double gap_scale);

}  // namespace handout::layout
