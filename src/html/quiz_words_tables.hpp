// The quiz page's words, one table per language: key → text, the keys of
// `english` in every table (QuizWords::complete checks). English is in
// quiz_words.cpp, the others in quiz_words_romance.cpp,
// quiz_words_more.cpp, quiz_words_cjk.cpp and quiz_words_rtl.cpp. Private to src/html.
#pragma once

#include <string_view>
#include <utility>
#include <vector>

namespace handout::quiz_words {

using Pairs = std::vector<std::pair<std::string_view, std::string_view>>;

extern const Pairs english, french, german, spanish, italian, portuguese, dutch, polish, russian, greek,
    chinese, chinese_traditional, japanese, korean, arabic, hebrew, persian, urdu, hindi;

}  // namespace handout::quiz_words
