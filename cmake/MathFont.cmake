# The maths font: Latin Modern Math (GUST Font License), converted at build
# time from Debian's fonts-lmodern (PostScript outlines, which libharu
# cannot embed) to TrueType outlines by scripts/lm-math-ttf.py with Debian's
# python3-fonttools, into the build tree, renamed HandoutMathLM as the
# licence asks of derived works. It is installed with the program
# (packaging/install.cmake), beside the licence, and never stored in the repository.
#
# Sets HANDOUT_MATH_FONT (the converted font), HANDOUT_MATH_FONT_DIR (its
# folder), HANDOUT_LM_MATH_OTF (the original) and HANDOUT_GUST_LICENSE (its
# licence), and the target handout_math_font that makes the font.

# Debian's own python3, not another one first on PATH (pyenv's has no fontTools).
find_program(HANDOUT_SYSTEM_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(HANDOUT_SYSTEM_PYTHON)
  execute_process(COMMAND ${HANDOUT_SYSTEM_PYTHON} -c "import fontTools.pens.cu2quPen"
                  RESULT_VARIABLE HANDOUT_FONTTOOLS_MISSING OUTPUT_QUIET ERROR_QUIET)
endif()
if(NOT HANDOUT_SYSTEM_PYTHON OR HANDOUT_FONTTOOLS_MISSING)
  message(FATAL_ERROR "The maths font is converted at build time with /usr/bin/python3 and fontTools, "
                      "which are missing: install Debian's python3-fonttools (with python3-munkres, so "
                      "that apt does not pull in python3-scipy; scripts/install-deps.sh installs both)")
endif()

find_file(HANDOUT_LM_MATH_OTF latinmodern-math.otf
          PATHS /usr/share/texmf/fonts/opentype/public/lm-math /usr/share/fonts/opentype/lmodern
          NO_DEFAULT_PATH)
if(NOT HANDOUT_LM_MATH_OTF)
  message(FATAL_ERROR "The maths font Latin Modern Math (latinmodern-math.otf) is missing from "
                      "/usr/share/texmf/fonts/opentype/public/lm-math: install Debian's fonts-lmodern "
                      "(scripts/install-deps.sh installs it)")
endif()

find_file(HANDOUT_GUST_LICENSE GUST-FONT-LICENSE.txt PATHS /usr/share/texmf/doc/fonts/lm-math NO_DEFAULT_PATH)
if(NOT HANDOUT_GUST_LICENSE)
  message(FATAL_ERROR "The licence of Latin Modern Math (GUST-FONT-LICENSE.txt) is missing from "
                      "/usr/share/texmf/doc/fonts/lm-math: install Debian's fonts-lmodern")
endif()

set(HANDOUT_MATH_FONT_DIR ${CMAKE_BINARY_DIR}/fonts)
set(HANDOUT_MATH_FONT ${HANDOUT_MATH_FONT_DIR}/HandoutMathLM.ttf)
add_custom_command(
  OUTPUT ${HANDOUT_MATH_FONT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${HANDOUT_MATH_FONT_DIR}
  COMMAND ${HANDOUT_SYSTEM_PYTHON} ${PROJECT_SOURCE_DIR}/scripts/lm-math-ttf.py ${HANDOUT_LM_MATH_OTF}
          ${HANDOUT_MATH_FONT}
  DEPENDS ${PROJECT_SOURCE_DIR}/scripts/lm-math-ttf.py ${HANDOUT_LM_MATH_OTF}
  COMMENT "Converting Latin Modern Math to TrueType outlines (the maths font)"
  VERBATIM)
add_custom_target(handout_math_font ALL DEPENDS ${HANDOUT_MATH_FONT})
