#pragma once
// Where a glyph sits in its line of text, rather than where its ink is. Two texts that differ
// only in digits (a process id in a path, a clock time) lay out the same cells, since the tool's
// fonts draw every digit the same width, but their ink differs: a '1' starts lower and further
// right than a '0'. The monkey aims at cells and fingerprints cells, so such text changes neither
// where it clicks nor what it logs, while text that lays out differently still shows.
//
// That holds at a clip rectangle's edge too only if every digit has the same box: ImGui leaves
// out a glyph whose ink lies wholly outside the clip rectangle and cuts one that crosses it
// (moving its vertices and texture coordinates), so a digit in the cell across the edge of a
// window half off the screen was drawn in one run and left out, or cut elsewhere, in another:
// the list's vertices, its fingerprint and the monkey's next target then depended on the process
// id in the sandbox's path. same_digit_boxes() gives them one box.
#include <map>
#include <utility>

#include <imgui.h>

namespace anim::app::monkey {

// Gives the digits of every font in the current ImGui context's atlas (built) one box: the part
// of the glyph cell that all of them ink, each keeping its own texels within it. Call before the
// first frame and before GlyphCells reads the glyphs. False when some font's digits share no
// box (nothing is changed then).
bool same_digit_boxes();

class GlyphCells {
 public:
  // Reads the glyphs of every font in the current ImGui context's atlas (built).
  GlyphCells();

  // For a vertex of a glyph's quad: the centre of the glyph's cell (its advance across, the
  // font's line height down), found from which corner of which glyph the vertex's texture
  // coordinates name. Any other vertex (a shape, an image): its own place.
  ImVec2 place(const ImDrawVert& v) const;

 private:
  struct Corner {
    const ImFont* font = nullptr;
    const ImFontGlyph* glyph = nullptr;
    bool right = false, bottom = false;
  };
  std::map<std::pair<float, float>, Corner> corners_;  // By texture coordinates.
};

}  // namespace anim::app::monkey
