#include "gui/recovery_actions.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include <imgui.h>

#include "gui/exit_signals.h"
#include "gui/setup_actions.h"

namespace anim::app {
namespace {

constexpr const char* kDialog = "Recover unsaved work";

void drop_offer(Tool& tool, const std::string& file) {
  auto& offers = tool.recovery.offers;
  offers.erase(std::remove_if(offers.begin(), offers.end(),
                              [&](const ui::FoundRecovery& f) { return f.file == file; }),
               offers.end());
}

const ui::FoundRecovery* find_offer(const Tool& tool, const std::string& file) {
  for (const ui::FoundRecovery& f : tool.recovery.offers) {
    if (f.file == file) return &f;
  }
  return nullptr;
}

// "walk.json" or "the new setup", for messages about the open document.
std::string setup_name(const ui::Document& doc) {
  return doc.setup_path().empty() ? std::string("the new setup")
                                  : std::filesystem::path(doc.setup_path()).filename().string();
}

// Nothing else is on screen that the offer would cover or be covered by.
bool idle(const Tool& tool) {
  return !tool.loading.loader.busy() && tool.messages.error_title.empty() &&
         !tool.file_dialog.widget.is_open() && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
}

}  // namespace

void find_recovery_offers(Tool& tool) {
  std::vector<std::string> problems;
  tool.recovery.offers = ui::abandoned_recovery_copies(tool.recovery.keeper.folder(), &problems);
  for (const std::string& p : problems)
    std::cerr << "animscope: skipped a recovery copy: " << p << "\n";
  const std::int64_t now = tool.wall_clock();
  for (const ui::FoundRecovery& f : tool.recovery.offers) {
    const ui::RecoveryDescription d = ui::describe_recovery(f.copy, now);
    std::cerr << "animscope: found " << d.when << " of " << d.name << ", left by animscope process "
              << f.copy.writer.pid << ", which did not exit normally (" << f.file
              << "): offering to restore them\n";
  }
  tool.recovery.show_offer = !tool.recovery.offers.empty();
}

void keep_recovery_copy(Tool& tool, double now_seconds) {
  const Status kept = tool.recovery.keeper.update(tool.doc.get(), now_seconds);
  if (!kept.ok()) {
    const std::string text = kept.error().to_string();
    if (text != tool.recovery.error) show_notice(tool, "Could not write a recovery copy: " + text);
    tool.recovery.error = text;
  } else if (tool.recovery.keeper.up_to_date()) {
    tool.recovery.error.clear();
  }
}

void restore_recovery(Tool& tool, const std::string& file) {
  Result<ui::RecoveryCopy> copy = ui::read_recovery_copy(file);
  if (!copy.ok()) {
    drop_offer(tool, file);
    show_error(
        tool, "Could not restore the unsaved changes",
        copy.error().to_string() + (copy.error().code == Error::Code::kNotFound
                                        ? " (restored or discarded by another animscope meanwhile?)"
                                        : ""));
    return;
  }
  start_restore(tool.loading.loader, file, std::move(copy).value());
}

void finish_restore(Tool& tool, const OpenedFile::Recovered& recovered) {
  const Status kept = tool.recovery.keeper.adopt(*tool.doc, recovered.base_mtime_ns);
  if (kept.ok()) {
    // This process's copy holds the work now: the old one may go.
    const Status removed = ui::remove_recovery_copy(recovered.file);
    if (!removed.ok()) std::cerr << "animscope: " << removed.error().to_string() << "\n";
  } else {
    std::cerr << "animscope: keeping " << recovered.file
              << ": this process cannot write its own recovery copy: " << kept.error().to_string()
              << "\n";
  }
  drop_offer(tool, recovered.file);
  show_notice(tool, "Restored the unsaved changes of " + setup_name(*tool.doc) + " from " +
                        ui::clock_text(recovered.written_ms, tool.wall_clock()) +
                        ": Save setup (Ctrl+S) keeps them");
}

void discard_recovery(Tool& tool, const std::string& file) {
  std::string what = std::filesystem::path(file).filename().string();
  if (const ui::FoundRecovery* offer = find_offer(tool, file)) {
    const ui::RecoveryDescription d = ui::describe_recovery(offer->copy, tool.wall_clock());
    what = "the " + d.when + " of " + d.name;
  }
  const Status removed = ui::remove_recovery_copy(file);
  drop_offer(tool, file);
  if (!removed.ok()) {
    show_error(tool, "Could not discard the recovery copy", removed.error().to_string());
    return;
  }
  show_notice(tool, "Discarded " + what);
}

void recovery_dialog(Tool& tool) {
  if (tool.recovery.show_offer && !tool.recovery.offers.empty() && idle(tool)) {
    ImGui::OpenPopup(kDialog);
    tool.recovery.show_offer = false;
  }
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f),
                          ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(kDialog, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  const std::size_t count = tool.recovery.offers.size();
  ImGui::TextUnformatted(count == 1
                             ? "animscope did not exit normally last time and kept unsaved setup "
                               "changes:"
                             : "animscope did not exit normally and kept unsaved changes of "
                               "several setups:");
  const std::int64_t now = tool.wall_clock();
  std::string restore, discard;
  const ImVec4 accent(0.55f, 0.78f, 1.0f, 1.0f), warning(1.0f, 0.7f, 0.35f, 1.0f);
  for (std::size_t i = 0; i < count; ++i) {
    const ui::FoundRecovery& offer = tool.recovery.offers[i];
    const ui::RecoveryDescription d = ui::describe_recovery(offer.copy, now);
    ImGui::PushID(static_cast<int>(i));
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    ImGui::TextColored(accent, "%s", d.name.c_str());
    ImGui::SameLine();
    ImGui::Text("- %s", d.when.c_str());
    ImGui::TextDisabled("%s", d.location.c_str());
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 560.0f);
    if (d.warn) {
      ImGui::PushStyleColor(ImGuiCol_Text, warning);
      ImGui::TextWrapped("%s", d.replaces.c_str());
      ImGui::PopStyleColor();
    } else {
      ImGui::TextWrapped("%s", d.replaces.c_str());
    }
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Restore", ImVec2(110, 0))) restore = offer.file;
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Open it with these changes unsaved; Save writes them to its file");
    }
    ImGui::SameLine();
    if (ImGui::Button("Discard", ImVec2(110, 0))) discard = offer.file;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Delete the recovery copy: the changes are lost");
    ImGui::PopID();
  }
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  if (ImGui::Button("Decide later", ImVec2(110, 0)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
    ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  ImGui::TextDisabled(count == 1 ? "The copy stays until restored or discarded."
                                 : "One setup is open at a time; the copies stay until restored or "
                                   "discarded\n(File > Recover unsaved work).");
  if (!restore.empty()) {
    ImGui::CloseCurrentPopup();
    request(tool, {PendingAction::Kind::kRestore, restore});
  } else if (!discard.empty()) {
    discard_recovery(tool, discard);
    if (tool.recovery.offers.empty()) ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

std::string keep_unsaved_work(Tool& tool) {
  const ui::Document* doc = tool.doc.get();
  const bool dirty = doc != nullptr && doc->setup_dirty();
  const Status kept = tool.recovery.keeper.flush(doc);
  if (!dirty) return "";
  if (!kept.ok()) {
    return "could not keep the unsaved changes of " + setup_name(*doc) + ": " +
           kept.error().to_string();
  }
  if (tool.recovery.keeper.file().empty()) {
    return "no state folder for a recovery copy: the unsaved changes of " + setup_name(*doc) +
           " are lost";
  }
  return "kept the unsaved changes of " + setup_name(*doc) + " in " + tool.recovery.keeper.file() +
         " (the next start offers them)";
}

void keep_work_on_signal(Tool& tool, int signal) {
  const std::string kept = keep_unsaved_work(tool);
  std::cerr << "animscope: " << signal_name(signal) << ": " << (kept.empty() ? "" : kept + "; ")
            << "exiting\n";
}

}  // namespace anim::app
