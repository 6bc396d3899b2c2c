#include "monkey/glyph_cells.h"

namespace anim::app::monkey {

GlyphCells::GlyphCells() {
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  for (const ImFont* font : atlas.Fonts) {
    for (const ImFontGlyph& glyph : font->Glyphs) {
      if (!glyph.Visible) continue;
      for (const bool right : {false, true}) {
        for (const bool bottom : {false, true}) {
          const std::pair<float, float> uv{right ? glyph.U1 : glyph.U0,
                                           bottom ? glyph.V1 : glyph.V0};
          corners_.emplace(uv, Corner{font, &glyph, right, bottom});
        }
      }
    }
  }
}

ImVec2 GlyphCells::place(const ImDrawVert& v) const {
  const auto found = corners_.find({v.uv.x, v.uv.y});
  if (found == corners_.end()) return v.pos;
  const Corner& c = found->second;
  // ImGui places a glyph's quad at the pen plus the glyph's offsets (the tool draws its fonts
  // at their own size: no scale).
  const float pen_x = v.pos.x - (c.right ? c.glyph->X1 : c.glyph->X0);
  const float line_top = v.pos.y - (c.bottom ? c.glyph->Y1 : c.glyph->Y0);
  return ImVec2(pen_x + 0.5f * c.glyph->AdvanceX, line_top + 0.5f * c.font->FontSize);
}

}  // namespace anim::app::monkey
