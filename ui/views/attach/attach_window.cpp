#include "anim/ui/views/attach/attach_window.h"

#include <cctype>
#include <cstdlib>
#include <string>

#include <imgui.h>

#include "anim/ui/files/directory_listing.h"
#include "anim/ui/widgets/imgui_table.h"

namespace anim::ui {
namespace {

// A port typed by hand: 1..65535, digits only; 0 when it is none.
uint16_t parse_port(const char* text) {
  if (*text == '\0') return 0;
  long value = 0;
  for (const char* c = text; *c != '\0'; ++c) {
    if (!std::isdigit(static_cast<unsigned char>(*c))) return 0;
    value = value * 10 + (*c - '0');
    if (value > 65535) return 0;
  }
  return static_cast<uint16_t>(value);
}

}  // namespace

void AttachWindow::draw(const Document& doc, const std::vector<AnnouncedGameEntry>& games,
                        AttachLink& link) {
  if (!open) return;
  ImGui::SetNextWindowSize(ImVec2(460, 520), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Attach to game", &open)) draw_contents(doc, games, link);
  ImGui::End();
}

void AttachWindow::draw_contents(const Document& doc, const std::vector<AnnouncedGameEntry>& games,
                                 AttachLink& link) {
  rects_.clear();
  const AttachSession::Snapshot s = link.session.status();
  const bool busy = s.phase == AttachSession::Phase::kConnecting ||
                    s.phase == AttachSession::Phase::kAttached ||
                    s.phase == AttachSession::Phase::kWatching;
  if (!busy) {
    games_section(games, link);
    other_game_section(link);
  }
  if (s.phase != AttachSession::Phase::kDetached) {
    ImGui::Separator();
    ImGui::TextWrapped("%s", s.message.c_str());
    if (busy) {
      ImGui::SameLine();
      if (ImGui::SmallButton("Detach")) link.session.detach();
      rects_.record("detach");
    }
  }
  if (s.phase == AttachSession::Phase::kAttached || s.phase == AttachSession::Phase::kWatching)
    characters_section(s, link);
  if (s.phase == AttachSession::Phase::kWatching) watched_section(doc, s, link);
}

void AttachWindow::games_section(const std::vector<AnnouncedGameEntry>& games, AttachLink& link) {
  ImGui::TextUnformatted("Games on this machine");
  if (games.empty()) {
    ImGui::TextDisabled("No game announces itself here. A game linking anim_link announces");
    ImGui::TextDisabled("itself while it runs (try: examples/game_loop --link).");
    return;
  }
  if (!begin_table("##games", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH)) return;
  ImGui::TableSetupColumn("pid", ImGuiTableColumnFlags_WidthFixed, 70.0f);
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 60.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < games.size(); ++i) {
    const AnnouncedGameEntry& g = games[i];
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%d", g.pid);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(g.name.c_str());
    ImGui::TableNextColumn();
    if (ImGui::SmallButton("Attach")) {
      AttachSession::Target t;
      t.port = g.port;
      t.token = g.token;
      t.name = g.name;
      link.session.connect(t);
    }
    rects_.record("game:" + std::to_string(i));
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void AttachWindow::other_game_section(AttachLink& link) {
  ImGui::Spacing();
  ImGui::TextUnformatted("Another game");
  ImGui::SetNextItemWidth(140.0f);
  ImGui::InputText("host", host_, sizeof(host_));
  rects_.record("host");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f);
  ImGui::InputText("port", port_, sizeof(port_), ImGuiInputTextFlags_CharsDecimal);
  rects_.record("port");
  ImGui::SetNextItemWidth(260.0f);
  ImGui::InputText("token", token_, sizeof(token_), ImGuiInputTextFlags_Password);
  rects_.record("token");
  const uint16_t port = parse_port(port_);
  ImGui::BeginDisabled(port == 0 || host_[0] == '\0');
  if (ImGui::Button("Attach##other")) {
    AttachSession::Target t;
    t.host = host_;
    t.port = port;
    t.token = token_;
    t.name = std::string(host_) + ":" + port_;
    link.session.connect(t);
  }
  rects_.record("attach_other");
  ImGui::EndDisabled();
  if (port == 0 && port_[0] != '\0') {
    ImGui::SameLine();
    ImGui::TextDisabled("the port is a number from 1 to 65535");
  }
}

void AttachWindow::characters_section(const AttachSession::Snapshot& s, AttachLink& link) {
  ImGui::Spacing();
  ImGui::Text("Characters (%zu)", s.characters.size());
  ImGui::SameLine();
  if (ImGui::SmallButton("Refresh")) link.session.list();
  ImGui::SetNextItemWidth(200.0f);
  ImGui::InputTextWithHint("##filter", "filter by name or state", filter_, sizeof(filter_));
  rects_.record("filter");
  if (!link.watch_error.empty()) ImGui::TextWrapped("Not watched: %s.", link.watch_error.c_str());
  if (s.characters.empty()) {
    ImGui::TextDisabled(s.lists == 0 ? "Asking the game..." : "The game watches no characters.");
    return;
  }
  if (!begin_table("##characters", 4,
                   ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerH,
                   ImVec2(0.0f, 160.0f)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("state", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("parameters", ImGuiTableColumnFlags_WidthFixed, 80.0f);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, 60.0f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < s.characters.size(); ++i) {
    const link::CharacterSummary& c = s.characters[i];
    if (!contains_ignoring_case(c.name, filter_) && !contains_ignoring_case(c.state, filter_))
      continue;
    const bool watched = s.phase == AttachSession::Phase::kWatching && s.watching.character == i;
    ImGui::PushID(static_cast<int>(i));
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(c.name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(c.state.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%u", c.parameters);
    ImGui::TableNextColumn();
    if (watched) {
      ImGui::TextDisabled("watched");
    } else if (ImGui::SmallButton("Watch")) {
      link.session.watch(static_cast<uint32_t>(i));
    }
    rects_.record("character:" + std::to_string(i));
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void AttachWindow::watched_section(const Document& doc, const AttachSession::Snapshot& s,
                                   AttachLink& link) {
  ImGui::Separator();
  ImGui::Text("Watching %s (description %u)", s.watching.name.c_str(), s.watching.setup);
  if (!s.content.empty()) ImGui::TextWrapped("The game runs %s", s.content.c_str());
  if (link.mismatch.empty()) {
    ImGui::TextWrapped(
        "The viewport, graph, Parameters and history show the game's character; parameter edits "
        "go to the game. The history strip rewinds its recording; Live returns.");
  } else {
    ImGui::TextWrapped("Not shown: %s. Open the setup the game runs, or apply yours to the game.",
                       link.mismatch.c_str());
  }
  if (!link.content_note.empty()) {
    ImGui::TextWrapped("%s.", link.content_note.c_str());
    rects_.record("content_note");
  }
  ImGui::BeginDisabled(!doc.has_setup() || s.apply_pending);
  if (ImGui::Button("Apply to game")) link.apply(doc);
  rects_.record("apply");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::Checkbox("Apply edits automatically", &link.auto_apply);
  rects_.record("auto_apply");
  if (!link.apply_note.empty()) ImGui::TextWrapped("%s", link.apply_note.c_str());
}

}  // namespace anim::ui
