# Embeds quiz.css and codes.js + quiz.js into a generated C++ source, so that `handout
# html` writes a self-contained page without files beside the program.
# CMake re-runs (and regenerates the source) whenever either file changes.
set(HANDOUT_HTML_DIR ${CMAKE_CURRENT_LIST_DIR})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${HANDOUT_HTML_DIR}/quiz.css ${HANDOUT_HTML_DIR}/codes.js ${HANDOUT_HTML_DIR}/quiz.js
  ${HANDOUT_HTML_DIR}/assets.cpp.in)
file(READ ${HANDOUT_HTML_DIR}/quiz.css QUIZ_CSS)
# codes.js (sheet codes, also run alone by tests/quiz_codes.test.mjs) goes first.
file(READ ${HANDOUT_HTML_DIR}/codes.js CODES_JS)
file(READ ${HANDOUT_HTML_DIR}/quiz.js QUIZ_JS)
string(PREPEND QUIZ_JS "${CODES_JS}")
foreach(asset QUIZ_CSS QUIZ_JS)
  string(LENGTH "${${asset}}" asset_length)
  if(asset_length GREATER 65000)
    message(FATAL_ERROR "${asset} is ${asset_length} bytes: split it (string literals over 64 KiB warn under -Wpedantic)")
  endif()
endforeach()
string(FIND "${QUIZ_JS}" ")handoutjs" bad_js)
string(FIND "${QUIZ_CSS}" ")handoutcss" bad_css)
if(NOT bad_js EQUAL -1 OR NOT bad_css EQUAL -1)
  message(FATAL_ERROR "quiz.js or quiz.css contains its raw-string delimiter")
endif()
set(HANDOUT_HTML_ASSETS ${CMAKE_CURRENT_BINARY_DIR}/generated/html/assets.cpp)
configure_file(${HANDOUT_HTML_DIR}/assets.cpp.in ${HANDOUT_HTML_ASSETS} @ONLY)
