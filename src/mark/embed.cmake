# Embeds review.css and review.js into a generated C++ source, as
# src/html/embed.cmake does for the quiz page, so that `handout mark
# --report` writes a self-contained review page without files beside the
# program. CMake re-runs (and regenerates the source) whenever one changes.
set(HANDOUT_MARK_DIR ${CMAKE_CURRENT_LIST_DIR})
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${HANDOUT_MARK_DIR}/review.css ${HANDOUT_MARK_DIR}/review.js ${HANDOUT_MARK_DIR}/review_assets.cpp.in)
file(READ ${HANDOUT_MARK_DIR}/review.css REVIEW_CSS)
file(READ ${HANDOUT_MARK_DIR}/review.js REVIEW_JS)
foreach(asset REVIEW_CSS REVIEW_JS)
  string(LENGTH "${${asset}}" asset_length)
  if(asset_length GREATER 65000)
    message(FATAL_ERROR "${asset} is ${asset_length} bytes: split it (string literals over 64 KiB warn under -Wpedantic)")
  endif()
endforeach()
string(FIND "${REVIEW_JS}" ")reviewjs" bad_js)
string(FIND "${REVIEW_CSS}" ")reviewcss" bad_css)
string(FIND "${REVIEW_JS}" "</script" bad_js_end)
string(FIND "${REVIEW_CSS}" "</style" bad_css_end)
if(NOT bad_js EQUAL -1 OR NOT bad_css EQUAL -1 OR NOT bad_js_end EQUAL -1 OR NOT bad_css_end EQUAL -1)
  message(FATAL_ERROR "review.js or review.css contains its raw-string delimiter or closes its element")
endif()
set(HANDOUT_REVIEW_ASSETS ${CMAKE_CURRENT_BINARY_DIR}/generated/mark/review_assets.cpp)
configure_file(${HANDOUT_MARK_DIR}/review_assets.cpp.in ${HANDOUT_REVIEW_ASSETS} @ONLY)
