#pragma once
// Dear ImGui's build configuration for our code (IMGUI_USER_CONFIG, set by third_party/
// CMakeLists.txt on every target that includes imgui.h).
//
// Debian builds libimgui without NDEBUG, so the library's own IM_ASSERTs (begin/end and
// push/pop balance, ID stack, popups, tables, ...) abort in every build of ours. The IM_ASSERTs
// in ImGui's headers are compiled into our code instead (ImVector bounds, ImVec2 indexing, ...),
// and as assert() they would vanish from our NDEBUG builds (RelWithDebInfo, Release): here they
// abort too, whatever the build type, so a misuse fails the same way everywhere.
//
// Only IM_ASSERT may be configured here: the library is prebuilt, and anything that changes
// ImGui's types or layout (ImDrawIdx, ImTextureID, IM_VEC2_CLASS_EXTRA, ...) would break it.
// They fail through glibc's __assert_fail, as the library's own assert() does, so the tool's
// executable, which routes that to its guard (app/gui/crash_guard.h), keeps unsaved work first.
#include <cstdio>

// glibc's (declared by <assert.h> only without NDEBUG; there it is already noreturn, and clang
// takes a redeclaration's noreturn only in the GNU spelling).
extern "C" __attribute__((noreturn)) void __assert_fail(const char* assertion, const char* file,
                                           unsigned int line, const char* function) noexcept;

[[noreturn]] inline void anim_imgui_assert_failed(const char* expr, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: ImGui assertion failed: %s\n", file, line, expr);
  __assert_fail(expr, file, static_cast<unsigned>(line), "IM_ASSERT");
}

#define IM_ASSERT(_EXPR) \
  ((_EXPR) ? static_cast<void>(0) : anim_imgui_assert_failed(#_EXPR, __FILE__, __LINE__))
