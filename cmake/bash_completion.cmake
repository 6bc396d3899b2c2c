# cmake -DANIMSCOPE=path/to/animscope -DOUTPUT=file -P bash_completion.cmake: writes animscope's
# bash completion, which the built animscope prints from its own option definitions.
# In a sanitizer build the leak check is the tests' job, not the build's.
execute_process(COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
                        ${ANIMSCOPE} completion bash OUTPUT_FILE ${OUTPUT}
                RESULT_VARIABLE result ERROR_VARIABLE error)
if(NOT result EQUAL 0)
  file(REMOVE ${OUTPUT})
  message(FATAL_ERROR "${ANIMSCOPE} completion bash failed (${result}): ${error}")
endif()
