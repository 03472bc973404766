# Installing handout (`cmake --install`) and its Debian package (`cpack -G DEB`).
# The installed program finds its fonts and page styles in share/handout
# beside its bin folder (data_dir(), src/io/paths.cpp): these paths are fixed.

# Installing copies what the build made and builds nothing more (`cpack`
# would otherwise build every target, tests included, first): build, then
# install or pack.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

install(TARGETS handout handout-mark RUNTIME DESTINATION bin)
install(DIRECTORY fonts/ DESTINATION share/handout/fonts)
# The maths font the build converted (cmake/MathFont.cmake), with its licence.
install(FILES ${HANDOUT_MATH_FONT} DESTINATION share/handout/fonts)
install(FILES ${HANDOUT_GUST_LICENSE} DESTINATION share/handout/fonts RENAME LICENSE-LatinModernMath)
install(DIRECTORY templates/ DESTINATION share/handout/templates)
# The JSON Schemas of worksheets and page styles, for editors (docs/editors.md).
install(DIRECTORY schema/ DESTINATION share/handout/schema)

# The documentation: README.md with docs/ beside it (its links stay good),
# the shipped worksheets as examples, and the licences.
set(HANDOUT_DOC_DIR share/doc/handout)
install(FILES README.md DESTINATION ${HANDOUT_DOC_DIR})
install(DIRECTORY docs/ DESTINATION ${HANDOUT_DOC_DIR}/docs)
install(DIRECTORY worksheets/ DESTINATION ${HANDOUT_DOC_DIR}/examples)

# The copyright file (Debian's machine-readable format): the fonts' licence,
# each line indented by one space and blank lines as " .".
file(READ ${PROJECT_SOURCE_DIR}/fonts/LICENSE-Lato HANDOUT_OFL_TEXT)
string(FIND "${HANDOUT_OFL_TEXT}" "SIL OPEN FONT LICENSE" HANDOUT_OFL_START)
string(SUBSTRING "${HANDOUT_OFL_TEXT}" ${HANDOUT_OFL_START} -1 HANDOUT_OFL_TEXT)
string(STRIP "${HANDOUT_OFL_TEXT}" HANDOUT_OFL_TEXT)
string(REGEX REPLACE "\n[ \t]*\n" "\n.\n" HANDOUT_OFL_TEXT "${HANDOUT_OFL_TEXT}")
string(REPLACE "\n" "\n " HANDOUT_OFL_TEXT " ${HANDOUT_OFL_TEXT}")
configure_file(packaging/copyright.in ${CMAKE_BINARY_DIR}/copyright @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/copyright DESTINATION ${HANDOUT_DOC_DIR})

# The manual pages and shell completions, written by the program itself from
# its --help (handout --write-manual / --write-completion), so they list every
# command and option it has.
set(HANDOUT_GENERATED ${CMAKE_BINARY_DIR}/generated)
set(HANDOUT_COMPLETIONS ${HANDOUT_GENERATED}/completions/handout ${HANDOUT_GENERATED}/completions/_handout
                        ${HANDOUT_GENERATED}/completions/handout.fish)
add_custom_command(
  OUTPUT ${HANDOUT_GENERATED}/man.stamp ${HANDOUT_COMPLETIONS}
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${HANDOUT_GENERATED}/man
  COMMAND handout --write-manual ${HANDOUT_GENERATED}/man
  COMMAND ${CMAKE_COMMAND} -E make_directory ${HANDOUT_GENERATED}/completions
  COMMAND handout --write-completion bash ${HANDOUT_GENERATED}/completions/handout
  COMMAND handout --write-completion zsh ${HANDOUT_GENERATED}/completions/_handout
  COMMAND handout --write-completion fish ${HANDOUT_GENERATED}/completions/handout.fish
  COMMAND ${CMAKE_COMMAND} -E touch ${HANDOUT_GENERATED}/man.stamp
  DEPENDS handout
  COMMENT "Writing the manual pages and shell completions from handout's --help"
  VERBATIM)
add_custom_target(handout_manual ALL DEPENDS ${HANDOUT_GENERATED}/man.stamp)
install(DIRECTORY ${HANDOUT_GENERATED}/man/ DESTINATION share/man/man1)
install(FILES ${HANDOUT_GENERATED}/completions/handout DESTINATION share/bash-completion/completions)
install(FILES ${HANDOUT_GENERATED}/completions/_handout DESTINATION share/zsh/vendor-completions)
install(FILES ${HANDOUT_GENERATED}/completions/handout.fish DESTINATION share/fish/vendor_completions.d)

# The Debian package: `cpack -G DEB` in the build folder writes
# handout_<version>_<arch>.deb, installing under /usr. Its Depends are read
# off both programs by dpkg-shlibdeps (package dpkg-dev), so they are
# Debian's own runtime library packages and nothing else.
set(HANDOUT_PACKAGE_MAINTAINER "handout maintainers <maintainers@users.noreply.a-seed-e4fcc7e5.example>"
    CACHE STRING "The Maintainer of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME handout)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${HANDOUT_PACKAGE_MAINTAINER})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Chinese and Japanese print in Droid Sans Fallback, Korean in Nanum Gothic,
# Hebrew, Arabic and Devanagari in Noto Sans, read from where these packages
# install them. Maths needs nothing: its font is in share/handout/fonts.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-droid-fallback, fonts-nanum, fonts-noto-core")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "YAML worksheets to printable PDF worksheets with answer keys")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "YAML worksheets to printable PDF worksheets with answer keys
 handout turns a worksheet written once in YAML into an ink-friendly PDF: a
 student sheet and its answer key. A seeded shuffler makes a different
 variant for every student, and the key of any printed sheet can be rebuilt
 from the sheet code it carries. It also makes class sets with a marking
 pack, self-marking HTML quiz pages, imports and exports Moodle question
 banks, and marks scanned answer sheets.")
include(CPack)
