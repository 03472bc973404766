// The quiz page's stylesheet and script (src/html/quiz.css, src/html/quiz.js),
// compiled into the program by src/html/embed.cmake so that the page needs no
// file beside it.
#pragma once

namespace handout::html_assets {

extern const char css[];  ///< contents of quiz.css
extern const char js[];   ///< contents of quiz.js

}  // namespace handout::html_assets
