# A library per stage, and the include paths that keep the stages in order.
#
# handout_stage(NAME SOURCES ... HEADERS ... [PUBLIC stages/libs] [PRIVATE ...])
# makes the static library handout_NAME from src/NAME/SOURCES. A stage sees
# only the headers of the stages it links, so an include against the
# pipeline's direction fails to compile: its public headers
# (include/handout/HEADER.hpp, each given to exactly one stage) and its
# folder (src/NAME, included as "NAME/x.hpp") are reachable only through a
# tree of symbolic links of its own, build/layers/NAME/{include,src}, which
# the library exports to the stages that link it. Neither include/ nor src/
# is on any product target's include path. tests/layers checks the
# arrangement against the order drawn in docs/architecture.md.
set(HANDOUT_LAYERS_DIR ${PROJECT_BINARY_DIR}/layers)
file(REMOVE_RECURSE ${HANDOUT_LAYERS_DIR})
set(HANDOUT_STAGES "" CACHE INTERNAL "")

# The link tree of one stage: its headers and its folder.
function(handout_stage_tree name)
  set(tree ${HANDOUT_LAYERS_DIR}/${name})
  file(MAKE_DIRECTORY ${tree}/include/handout ${tree}/src)
  foreach(header IN LISTS ARGN)
    set(real ${PROJECT_SOURCE_DIR}/include/handout/${header}.hpp)
    if(NOT EXISTS ${real})
      message(FATAL_ERROR "stage ${name}: no header include/handout/${header}.hpp")
    endif()
    file(CREATE_LINK ${real} ${tree}/include/handout/${header}.hpp SYMBOLIC)
    set_property(GLOBAL APPEND PROPERTY HANDOUT_ASSIGNED_HEADERS ${header})
    set_property(GLOBAL APPEND PROPERTY HANDOUT_STAGE_HEADERS_${name} ${header})
  endforeach()
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${name} ${tree}/src/${name} SYMBOLIC)
  set(HANDOUT_STAGES ${HANDOUT_STAGES} ${name} CACHE INTERNAL "")
endfunction()

function(handout_stage name)
  cmake_parse_arguments(PARSE_ARGV 1 S "" "" "SOURCES;HEADERS;PUBLIC;PRIVATE")
  handout_stage_tree(${name} ${S_HEADERS})
  list(TRANSFORM S_SOURCES PREPEND src/${name}/)
  add_library(handout_${name} STATIC ${S_SOURCES})
  target_include_directories(handout_${name} PUBLIC ${HANDOUT_LAYERS_DIR}/${name}/include
                                                    ${HANDOUT_LAYERS_DIR}/${name}/src)
  target_link_libraries(handout_${name} PUBLIC ${S_PUBLIC} PRIVATE ${S_PRIVATE})
  # The product code is also held to -Wconversion and -Wold-style-cast (the
  # tests are not: gtest's macros and literal test data would drown them in casts).
  target_compile_options(handout_${name} PRIVATE -Wconversion -Wold-style-cast)
endfunction()

# Every public header belongs to exactly one stage.
function(handout_check_stage_headers)
  get_property(assigned GLOBAL PROPERTY HANDOUT_ASSIGNED_HEADERS)
  file(GLOB headers RELATIVE ${PROJECT_SOURCE_DIR}/include/handout ${PROJECT_SOURCE_DIR}/include/handout/*.hpp)
  foreach(file IN LISTS headers)
    string(REGEX REPLACE "\\.hpp$" "" header ${file})
    list(FIND assigned ${header} at)
    if(at EQUAL -1)
      message(FATAL_ERROR "include/handout/${file} belongs to no stage: add it to the HEADERS of its "
                          "stage in CMakeLists.txt (no stage can include it until then)")
    endif()
    list(REMOVE_AT assigned ${at})
    list(FIND assigned ${header} again)
    if(NOT again EQUAL -1)
      message(FATAL_ERROR "include/handout/${file} is given to two stages in CMakeLists.txt")
    endif()
  endforeach()
endfunction()

# What tests/layers/check_layers.cmake reads: each stage's include path (as
# its library compiles), its public headers and its folder's own headers.
function(handout_write_layer_map file)
  set(content "")
  foreach(name IN LISTS HANDOUT_STAGES)
    if(NOT TARGET handout_${name})
      continue()
    endif()
    get_property(headers GLOBAL PROPERTY HANDOUT_STAGE_HEADERS_${name})
    file(GLOB private RELATIVE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/src/${name}/*.hpp)
    string(APPEND content "set(LAYER_${name}_INCLUDES \"$<TARGET_PROPERTY:handout_${name},INCLUDE_DIRECTORIES>\")\n"
                          "set(LAYER_${name}_HEADERS \"${headers}\")\n"
                          "set(LAYER_${name}_PRIVATE \"${private}\")\n")
  endforeach()
  file(GENERATE OUTPUT ${file} CONTENT "${content}")
endfunction()
