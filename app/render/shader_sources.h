#pragma once
// GLSL sources from shaders/, embedded at build time (see shaders/embed.cmake).
namespace anim::app::shaders {

extern const char* const kSkinnedVert;
extern const char* const kSkinnedFrag;
extern const char* const kLinesVert;
extern const char* const kLinesFrag;

}  // namespace anim::app::shaders
