#include "monkey/glyph_cells.h"

#include <algorithm>
#include <vector>

namespace anim::app::monkey {

bool same_digit_boxes() {
  struct Digits {
    std::vector<ImFontGlyph*> glyphs;
    float x0, y0, x1, y1;  // The box they all ink.
  };
  std::vector<Digits> fonts;
  for (ImFont* font : ImGui::GetIO().Fonts->Fonts) {
    Digits d{{}, -1e9f, -1e9f, 1e9f, 1e9f};
    for (ImFontGlyph& g : font->Glyphs) {
      if (g.Codepoint < '0' || g.Codepoint > '9' || !g.Visible) continue;
      d.glyphs.push_back(&g);
      d.x0 = std::max(d.x0, g.X0);
      d.y0 = std::max(d.y0, g.Y0);
      d.x1 = std::min(d.x1, g.X1);
      d.y1 = std::min(d.y1, g.Y1);
    }
    if (d.glyphs.empty()) continue;
    if (!(d.x0 < d.x1 && d.y0 < d.y1)) return false;
    fonts.push_back(std::move(d));
  }
  for (const Digits& d : fonts) {
    for (ImFontGlyph* g : d.glyphs) {
      // The texels of the part kept: the glyph's texture coordinates run linearly over its box.
      const float du = (g->U1 - g->U0) / (g->X1 - g->X0), dv = (g->V1 - g->V0) / (g->Y1 - g->Y0);
      const float u0 = g->U0 + (d.x0 - g->X0) * du, u1 = g->U0 + (d.x1 - g->X0) * du;
      const float v0 = g->V0 + (d.y0 - g->Y0) * dv, v1 = g->V0 + (d.y1 - g->Y0) * dv;
      g->X0 = d.x0, g->Y0 = d.y0, g->X1 = d.x1, g->Y1 = d.y1;
      g->U0 = u0, g->V0 = v0, g->U1 = u1, g->V1 = v1;
    }
  }
  return true;
}

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
