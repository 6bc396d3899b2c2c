# Writes OUTPUT: a C++ source defining `const char* const NAME` for each shader in SHADERS
# (NAME=PATH entries joined with ","), so the binary carries its shaders.
set(body "// Generated from shaders/ at build time. Do not edit.\nnamespace anim::app::shaders {\n")
string(REPLACE "," ";" shader_list "${SHADERS}")
foreach(entry ${shader_list})
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 name)
  list(GET parts 1 path)
  file(READ "${path}" text)
  string(APPEND body "extern const char* const ${name};\nconst char* const ${name} = R\"glsl(${text})glsl\";\n")
endforeach()
string(APPEND body "}  // namespace anim::app::shaders\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
