#pragma once
// The strip under the state graph that shows the recorded history of the state machine
// (Document::recording()): per layer, the current state as coloured bands (a colour per state,
// its name on the band when it fits), the transitions that started and the events that fired
// as ticks, and a time axis in seconds back from now. Clicking or dragging in it rewinds the
// character and the graph to that moment, paused (Document::rewind_to); "Live" returns to the
// newest frame; "Export" gives the recording as `play --set` lines (recording_export.h).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "anim/ui/model/commands.h"
#include "anim/ui/model/document.h"
#include "anim/ui/model/preview_recording.h"
#include "anim/ui/widgets/item_rects.h"

namespace anim::ui {

// A run of recorded frames, first..last (inclusive), in which a layer's current state was
// `state` (an index into that layer's states).
struct HistoryBand {
  int state = -1;
  std::size_t first = 0, last = 0;
};
// The bands of `layer` (0 the base), oldest first.
std::vector<HistoryBand> history_bands(const PreviewRecording& recording, std::size_t layer);

// Seconds the strip spans for a recording of `duration` seconds: whole multiples of 5 up to the
// recording's 30, so that the scale changes seldom.
double history_span(double duration);

// The recorded time (PreviewRecording::time) under x in a strip from `left`, `width` pixels
// wide, spanning `span` seconds back from the newest frame at its right edge.
double history_time_at(float x, float left, float width, double span, double duration);

// A recorded frame's tooltip line for the transition the base started in it (`base.started`, a
// transition of def.transitions): "Locomotion/Walk -> Locomotion/Run (inertialize 0.2 s)", with
// a dead blend's half-life; the state it left by path, an any-state one's too.
std::string started_text(const StateMachineDef& def, const StateMachineInstance::SavedLayer& base);

class HistoryStrip {
 public:
  // Draws at the cursor of the current window, the window's width, height(doc) tall.
  void draw(const Document& doc, Commands& cmds);
  float height(const Document& doc) const;

  // Export > "Save as text file...": the export and a file name to offer, for the tool to ask
  // where (its file dialog) and write; taken once.
  struct SaveRequest {
    std::string text;
    std::string suggested_path;
  };
  std::optional<SaveRequest> take_save_request();

  // "history_strip" (the area that rewinds), "history_live", "history_export", and in its menu
  // "history_export_copy" and "history_export_save"; for tests.
  ItemRects rects;
  static constexpr float kRowHeight = 16.0f;  // A layer's band.
  static constexpr float kTickHeight = 8.0f;  // The ticks' row.

  // The last export's text and where it went (shown under the button; tests read them).
  const std::string& exported() const { return exported_; }
  const std::string& export_note() const { return export_note_; }

 private:
  void toolbar(const Document& doc, Commands& cmds);
  void export_menu(const Document& doc);

  std::optional<SaveRequest> save_request_;
  std::string exported_;
  std::string export_note_;
};

}  // namespace anim::ui
