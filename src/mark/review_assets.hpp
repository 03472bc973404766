// The review page's stylesheet and script (src/mark/review.css,
// src/mark/review.js), compiled into the program by src/mark/embed.cmake so
// that review.html needs no file beside it.
#pragma once

namespace handout::mark::review_assets {

extern const char css[];  ///< contents of review.css
extern const char js[];   ///< contents of review.js

}  // namespace handout::mark::review_assets
