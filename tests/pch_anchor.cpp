// Compiles the tests' shared precompiled header (tests/CMakeLists.txt); nothing else.
