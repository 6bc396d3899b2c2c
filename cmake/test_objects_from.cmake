# -DANIMSCOPE_TEST_OBJECTS_FROM=BUILD_DIR: link the test suites from the test-body objects that
# BUILD_DIR (a finished build of this checkout with the same compiler) already compiled, instead
# of compiling them again. The sanitizer pass of .ci/run uses it: test bodies are compiled
# unoptimised and without the sanitizers in every build (tests/CMakeLists.txt), so the first
# pass's objects are the ones this build would make, and the suites link them against this
# build's instrumented libraries. That saves compiling about 270 test bodies a second time.
# A suite whose body has definitions of its own (the path of a binary of its build, say) is
# compiled here as usual, and so is one whose objects BUILD_DIR lacks. Only for a one-off build:
# the suites do not follow later edits of their sources.
set(ANIMSCOPE_TEST_OBJECTS_FROM "" CACHE PATH
    "A finished build of this checkout whose test-body objects the suites link (see cmake/test_objects_from.cmake)")
if(ANIMSCOPE_TEST_OBJECTS_FROM)
  get_property(test_targets GLOBAL PROPERTY ANIMSCOPE_TEST_TARGETS)
  set(reused 0)
  set(compiled "")
  foreach(target ${test_targets})
    get_target_property(definitions ${target} COMPILE_DEFINITIONS)
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    get_target_property(binary_dir ${target} BINARY_DIR)
    file(RELATIVE_PATH binary_rel ${PROJECT_BINARY_DIR} ${binary_dir})
    set(objects "")
    set(complete TRUE)
    if(NOT "${definitions}" STREQUAL "${animscope_test_definitions}")
      set(complete FALSE)
    endif()
    foreach(source ${sources})
      if(NOT source MATCHES "\\.(cpp|cc|c)$")
        continue()
      endif()
      get_filename_component(absolute ${source} ABSOLUTE BASE_DIR ${source_dir})
      # CMake's own naming: the path under the target's source folder, ".." spelt "__".
      file(RELATIVE_PATH source_rel ${source_dir} ${absolute})
      string(REPLACE "../" "__/" source_rel "${source_rel}")
      set(object "${ANIMSCOPE_TEST_OBJECTS_FROM}/${binary_rel}/CMakeFiles/${target}.dir/${source_rel}.o")
      if(NOT EXISTS ${object})
        set(complete FALSE)
      endif()
      list(APPEND objects ${object})
    endforeach()
    if(complete)
      set_property(TARGET ${target} PROPERTY SOURCES ${objects})
      math(EXPR reused "${reused} + 1")
    else()
      list(APPEND compiled ${target})
    endif()
  endforeach()
  list(LENGTH compiled compiled_count)
  message(STATUS "Test suites linked from ${ANIMSCOPE_TEST_OBJECTS_FROM}'s objects: ${reused}; "
                 "compiled here: ${compiled_count} (${compiled})")
endif()
