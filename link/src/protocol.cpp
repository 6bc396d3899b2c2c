#include "anim/link/protocol.h"

#include <cmath>
#include <cstring>
#include <type_traits>

namespace anim::link {
namespace {

// Little-endian writing into a growing vector or a fixed buffer (then nothing is allocated and
// overflow() says the bytes did not fit).
class Writer {
 public:
  explicit Writer(std::vector<uint8_t>& out) : vector_(&out) {}
  explicit Writer(Span<uint8_t> out) : fixed_(out) {}

  void bytes(const void* data, std::size_t size) {
    if (vector_ != nullptr) {
      const auto* p = static_cast<const uint8_t*>(data);
      vector_->insert(vector_->end(), p, p + size);
    } else if (size > fixed_.size() - used_ || overflow_) {
      overflow_ = true;
    } else {
      if (size > 0) std::memcpy(fixed_.data() + used_, data, size);
      used_ += size;
    }
  }
  template <class T>
  void number(T value) {
    static_assert(std::is_arithmetic_v<T>);
    uint8_t raw[sizeof(T)];
    std::memcpy(raw, &value, sizeof(T));  // The hosts we build for are little-endian.
    bytes(raw, sizeof(T));
  }
  void u8(uint8_t v) { number(v); }
  void u16(uint16_t v) { number(v); }
  void u32(uint32_t v) { number(v); }
  void i32(int32_t v) { number(v); }
  void u64(uint64_t v) { number(v); }
  void i64(int64_t v) { number(v); }
  void f32(float v) { number(v); }
  void f64(double v) { number(v); }
  void vec3(const glm::vec3& v) {
    f32(v.x);
    f32(v.y);
    f32(v.z);
  }
  void text(const std::string& s) {
    u16(static_cast<uint16_t>(std::min<std::size_t>(s.size(), 0xFFFF)));
    bytes(s.data(), std::min<std::size_t>(s.size(), 0xFFFF));
  }
  bool overflow() const { return overflow_; }
  std::size_t used() const { return used_; }

 private:
  std::vector<uint8_t>* vector_ = nullptr;
  Span<uint8_t> fixed_;
  std::size_t used_ = 0;
  bool overflow_ = false;
};

// Reads a payload; the first failure is kept (with the field it was reading) and every later
// read returns zero.
class Reader {
 public:
  explicit Reader(Span<const uint8_t> in) : in_(in) {}

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  std::size_t left() const { return in_.size() - at_; }
  void fail(const std::string& field, const std::string& why) {
    if (error_.empty()) error_ = field + ": " + why;
  }

  template <class T>
  T number(const char* field) {
    T value{};
    if (!ok()) return value;
    if (left() < sizeof(T)) {
      fail(field, "truncated");
      return value;
    }
    std::memcpy(&value, in_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }
  uint8_t u8(const char* f) { return number<uint8_t>(f); }
  uint16_t u16(const char* f) { return number<uint16_t>(f); }
  uint32_t u32(const char* f) { return number<uint32_t>(f); }
  int32_t i32(const char* f) { return number<int32_t>(f); }
  uint64_t u64(const char* f) { return number<uint64_t>(f); }
  int64_t i64(const char* f) { return number<int64_t>(f); }
  float f32(const char* f) { return number<float>(f); }
  double f64(const char* f) { return number<double>(f); }
  float finite(const char* field) {
    const float v = f32(field);
    if (!std::isfinite(v)) fail(field, "not a finite number");
    return ok() ? v : 0.0f;
  }
  glm::vec3 vec3(const char* field) {
    const float x = finite(field), y = finite(field), z = finite(field);
    return glm::vec3(x, y, z);
  }
  bool flag(const char* field) {
    const uint8_t v = u8(field);
    if (v > 1) fail(field, "not 0 or 1");
    return v == 1;
  }
  std::string text(const char* field, std::size_t cap) {
    const uint16_t size = u16(field);
    if (!ok()) return {};
    if (size > cap) {
      fail(field, "longer than " + std::to_string(cap) + " bytes");
      return {};
    }
    if (size > left()) {
      fail(field, "truncated");
      return {};
    }
    std::string s(reinterpret_cast<const char*>(in_.data() + at_), size);
    at_ += size;
    return s;
  }
  // A list's count, refused when its items (each at least `item_bytes`) cannot fit in what is
  // left or when it exceeds `cap`, before anything is allocated for them.
  uint32_t count(const char* field, std::size_t item_bytes, std::size_t cap) {
    const uint32_t n = u32(field);
    if (!ok()) return 0;
    if (n > cap) {
      fail(field, std::to_string(n) + " is more than " + std::to_string(cap));
      return 0;
    }
    if (item_bytes > 0 && n > left() / item_bytes) {
      fail(field, std::to_string(n) + " items cannot fit in the " + std::to_string(left()) +
                      " bytes left");
      return 0;
    }
    return n;
  }
  uint32_t index(const char* field, uint32_t size) {
    const uint32_t i = u32(field);
    if (ok() && i >= size)
      fail(field, std::to_string(i) + " is out of range (" + std::to_string(size) + ")");
    return ok() ? i : 0;
  }
  // An index that may be -1 (none), else below `size`.
  int32_t optional_index(const char* field, uint32_t size) {
    const int32_t i = i32(field);
    if (ok() && (i < -1 || (i >= 0 && static_cast<uint32_t>(i) >= size)))
      fail(field, std::to_string(i) + " is out of range (" + std::to_string(size) + ")");
    return ok() ? i : -1;
  }
  Span<const uint8_t> rest() {
    Span<const uint8_t> r(in_.data() + at_, left());
    at_ = in_.size();
    return r;
  }

 private:
  Span<const uint8_t> in_;
  std::size_t at_ = 0;
  std::string error_;
};

constexpr uint32_t kMaxParameters = 1u << 16;
constexpr uint32_t kMaxLayers = 1u << 10;
constexpr uint32_t kMaxStates = 1u << 16;
constexpr uint32_t kMaxCharacters = 1u << 20;
constexpr uint32_t kMaxTraceEntries = 1u << 16;
constexpr uint32_t kMaxTraceConditions = 1u << 18;

constexpr std::size_t kTraceBytes = 4 * 4 + 2 + 4 + 1 + 4 + 4 + 1 + 1 + 1 + 4 + 1;
constexpr std::size_t kConditionBytes = 4 + 1 + 4 + 4 + 1;

void write_trace_entry(Writer& w, const StateMachineInstance::TraceEntry& e) {
  w.i32(e.layer);
  w.i32(e.transition);
  w.i32(e.from);
  w.i32(e.to);
  w.u8(e.fired ? 1 : 0);
  w.u8(static_cast<uint8_t>(e.reason));
  w.u32(static_cast<uint32_t>(e.condition_count));
  w.u8(e.has_exit_time ? 1 : 0);
  w.f32(e.exit_time_required);
  w.f32(e.exit_time_current);
  w.u8(e.exit_time_pass ? 1 : 0);
  w.u8(e.interrupted ? 1 : 0);
  w.u8(e.resumed ? 1 : 0);
  w.f32(e.start_time);
  w.u8(e.joined_group ? 1 : 0);
}

void write_condition(Writer& w, const StateMachineInstance::TraceCondition& c) {
  w.i32(c.parameter);
  w.u8(static_cast<uint8_t>(c.op));
  w.f32(c.value);
  w.f32(c.actual);
  w.u8(c.pass ? 1 : 0);
}

// The payload of a frame (without the header), from the instance.
void write_frame(Writer& w, const StateMachineInstance& m, uint32_t character, uint32_t setup,
                 uint64_t number, double time, bool paused) {
  w.u32(character);
  w.u32(setup);
  w.u64(number);
  w.f64(time);
  w.u8(paused ? 1 : 0);
  const auto& parameters = m.def().parameters;
  w.u32(static_cast<uint32_t>(parameters.size()));
  for (std::size_t i = 0; i < parameters.size(); ++i) {
    const int p = static_cast<int>(i);
    w.f32(m.value(p));
    w.f32(m.target(p));
    w.vec3(m.vector(p));
  }
  w.u32(static_cast<uint32_t>(m.layer_count()));
  for (int l = 0; l < m.layer_count(); ++l) {
    w.f32(m.layer_weight(l));
    const Span<const StateMachineInstance::ActiveState> active = m.active_states(l);
    w.u32(static_cast<uint32_t>(active.size()));
    for (const auto& a : active) {
      w.i32(a.state);
      w.f32(a.weight);
      w.f32(a.normalized_time);
      w.u8(static_cast<uint8_t>(a.group));
    }
    const StateMachineInstance::TransitionStatus t = m.transition(l);
    w.i32(t.transition);
    w.i32(t.from);
    w.i32(t.to);
    w.f32(t.progress);
  }
  const Span<const StateMachineInstance::FiredEvent> events = m.events();
  w.u32(static_cast<uint32_t>(events.size()));
  for (const auto& e : events) {
    w.i32(e.event);
    w.i32(e.state);
    w.f32(e.weight);
    w.i32(e.layer);
  }
  w.i64(m.events_dropped());
  const RootMotion& r = m.root_motion();
  w.vec3(r.translation);
  w.f32(r.rotation.w);
  w.f32(r.rotation.x);
  w.f32(r.rotation.y);
  w.f32(r.rotation.z);
  const Span<const StateMachineInstance::TraceEntry> trace = m.trace();
  w.u32(static_cast<uint32_t>(trace.size()));
  for (const auto& e : trace) {
    write_trace_entry(w, e);
    for (const auto& c : m.trace_conditions(e)) write_condition(w, c);
  }
}

constexpr std::size_t kParameterBytes = 4 * 5;
constexpr std::size_t kActiveBytes = 4 * 3 + 1;
constexpr std::size_t kLayerBytes = 4 + 4 + 4 * 4;
constexpr std::size_t kEventBytes = 4 * 4;

void write_payload(Writer& w, const Message& message) {
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, Hello>) {
          w.u32(m.magic);
          w.u16(m.version);
          w.text(m.token);
          w.text(m.peer);
        } else if constexpr (std::is_same_v<T, Welcome>) {
          w.u16(m.version);
          w.text(m.name);
          w.u32(m.pid);
          w.text(m.content);
        } else if constexpr (std::is_same_v<T, Refused>) {
          w.u8(static_cast<uint8_t>(m.reason));
          w.text(m.detail);
        } else if constexpr (std::is_same_v<T, ListCharacters>) {
        } else if constexpr (std::is_same_v<T, CharacterList>) {
          w.u32(static_cast<uint32_t>(m.characters.size()));
          for (const CharacterSummary& c : m.characters) {
            w.text(c.name);
            w.text(c.state);
            w.u32(c.parameters);
            w.u32(c.layers);
          }
        } else if constexpr (std::is_same_v<T, Watch>) {
          w.u32(m.character);
        } else if constexpr (std::is_same_v<T, Watching>) {
          w.u32(m.character);
          w.u32(m.setup);
          w.text(m.name);
          w.u32(static_cast<uint32_t>(m.parameters.size()));
          for (const ParameterInfo& p : m.parameters) {
            w.text(p.name);
            w.u8(static_cast<uint8_t>(p.type));
          }
          w.u32(static_cast<uint32_t>(m.layers.size()));
          for (const LayerInfo& l : m.layers) {
            w.text(l.name);
            w.u32(static_cast<uint32_t>(l.states.size()));
            for (const std::string& s : l.states) w.text(s);
            w.u32(l.transitions);
          }
          w.u32(static_cast<uint32_t>(m.events.size()));
          for (const std::string& e : m.events) w.text(e);
        } else if constexpr (std::is_same_v<T, Frame>) {
          w.u32(m.character);
          w.u32(m.setup);
          w.u64(m.number);
          w.f64(m.time);
          w.u8(m.paused ? 1 : 0);
          w.u32(static_cast<uint32_t>(m.parameters.size()));
          for (const auto& p : m.parameters) {
            w.f32(p.value);
            w.f32(p.target);
            w.vec3(p.vector);
          }
          w.u32(static_cast<uint32_t>(m.layers.size()));
          for (const FrameLayer& l : m.layers) {
            w.f32(l.weight);
            w.u32(static_cast<uint32_t>(l.active.size()));
            for (const auto& a : l.active) {
              w.i32(a.state);
              w.f32(a.weight);
              w.f32(a.normalized_time);
              w.u8(static_cast<uint8_t>(a.group));
            }
            w.i32(l.transition.transition);
            w.i32(l.transition.from);
            w.i32(l.transition.to);
            w.f32(l.transition.progress);
          }
          w.u32(static_cast<uint32_t>(m.events.size()));
          for (const auto& e : m.events) {
            w.i32(e.event);
            w.i32(e.state);
            w.f32(e.weight);
            w.i32(e.layer);
          }
          w.i64(m.events_dropped);
          w.vec3(m.root_motion.translation);
          w.f32(m.root_motion.rotation.w);
          w.f32(m.root_motion.rotation.x);
          w.f32(m.root_motion.rotation.y);
          w.f32(m.root_motion.rotation.z);
          w.u32(static_cast<uint32_t>(m.trace.size()));
          for (const auto& e : m.trace) {
            write_trace_entry(w, e);
            for (int c = 0; c < e.condition_count; ++c) {
              const std::size_t at = static_cast<std::size_t>(e.first_condition + c);
              write_condition(w, at < m.conditions.size() ? m.conditions[at]
                                                          : StateMachineInstance::TraceCondition{});
            }
          }
        } else if constexpr (std::is_same_v<T, SetParameter>) {
          w.u32(m.parameter);
          w.u8(m.is_vector ? 1 : 0);
          if (m.is_vector) {
            w.vec3(m.vector);
          } else {
            w.f32(m.value);
          }
        } else if constexpr (std::is_same_v<T, FireTrigger>) {
          w.u32(m.parameter);
        } else if constexpr (std::is_same_v<T, Pause>) {
          w.u8(m.paused ? 1 : 0);
        } else if constexpr (std::is_same_v<T, Step>) {
          w.u32(m.frames);
        } else if constexpr (std::is_same_v<T, ApplySetup>) {
          w.bytes(m.bytes.data(), m.bytes.size());
        } else if constexpr (std::is_same_v<T, ApplyResult>) {
          w.u8(m.ok ? 1 : 0);
          w.text(m.error);
        }
      },
      message);
}

bool sent_by_client(MessageType t) {
  switch (t) {
    case MessageType::kHello:
    case MessageType::kListCharacters:
    case MessageType::kWatch:
    case MessageType::kSetParameter:
    case MessageType::kFireTrigger:
    case MessageType::kPause:
    case MessageType::kStep:
    case MessageType::kApplySetup:
      return true;
    default:
      return false;
  }
}

Frame read_frame(Reader& r, const Limits& limits) {
  Frame f;
  f.character = r.u32("character");
  f.setup = r.u32("setup");
  if (r.ok() && f.setup != limits.setup)
    r.fail("setup", "a frame of setup " + std::to_string(f.setup) + " where the description is of " +
                        std::to_string(limits.setup));
  f.number = r.u64("number");
  f.time = r.f64("time");
  if (r.ok() && !std::isfinite(f.time)) r.fail("time", "not a finite number");
  f.paused = r.flag("paused");
  const uint32_t parameters = r.count("parameters", kParameterBytes, kMaxParameters);
  if (r.ok() && parameters != limits.parameters)
    r.fail("parameters", std::to_string(parameters) + " where the character has " +
                             std::to_string(limits.parameters));
  f.parameters.resize(r.ok() ? parameters : 0);
  for (auto& p : f.parameters) {
    p.value = r.finite("parameter value");
    p.target = r.finite("parameter target");
    p.vector = r.vec3("parameter vector");
  }
  const uint32_t layers = r.count("layers", kLayerBytes, kMaxLayers);
  if (r.ok() && layers != limits.layer_states.size())
    r.fail("layers", std::to_string(layers) + " where the character has " +
                         std::to_string(limits.layer_states.size()));
  f.layers.resize(r.ok() ? layers : 0);
  for (std::size_t l = 0; l < f.layers.size() && r.ok(); ++l) {
    FrameLayer& layer = f.layers[l];
    const uint32_t states = limits.layer_states[l];
    const uint32_t transitions =
        l < limits.layer_transitions.size() ? limits.layer_transitions[l] : 0;
    layer.weight = r.finite("layer weight");
    const uint32_t active =
        r.count("active states", kActiveBytes, StateMachineInstance::kMaxActive);
    layer.active.resize(r.ok() ? active : 0);
    for (auto& a : layer.active) {
      a.state = static_cast<int>(r.index("active state", states));
      a.weight = r.finite("active weight");
      a.normalized_time = r.finite("active time");
      const uint8_t group = r.u8("active group");
      if (group > 2) r.fail("active group", "not a sync role");
      a.group = static_cast<StateMachineInstance::GroupSync>(group);
    }
    layer.transition.transition = r.optional_index("transition", transitions);
    layer.transition.from = r.optional_index("transition from", states);
    layer.transition.to = r.optional_index("transition to", states);
    layer.transition.progress = r.finite("transition progress");
  }
  const uint32_t events = r.count("events", kEventBytes, StateMachineInstance::kMaxEvents);
  f.events.resize(r.ok() ? events : 0);
  for (auto& e : f.events) {
    e.event = static_cast<int>(r.index("event", limits.events));
    e.layer = 0;
    const int32_t state = r.i32("event state");
    e.weight = r.finite("event weight");
    e.layer = static_cast<int>(r.index("event layer", static_cast<uint32_t>(layers)));
    if (r.ok() && (state < 0 || static_cast<uint32_t>(state) >= limits.layer_states[e.layer]))
      r.fail("event state", std::to_string(state) + " is out of range");
    e.state = state;
  }
  f.events_dropped = r.i64("events dropped");
  if (r.ok() && f.events_dropped < 0) r.fail("events dropped", "negative");
  f.root_motion.translation = r.vec3("root motion translation");
  f.root_motion.rotation.w = r.finite("root motion rotation");
  f.root_motion.rotation.x = r.finite("root motion rotation");
  f.root_motion.rotation.y = r.finite("root motion rotation");
  f.root_motion.rotation.z = r.finite("root motion rotation");
  const uint32_t entries = r.count("trace", kTraceBytes, kMaxTraceEntries);
  f.trace.resize(r.ok() ? entries : 0);
  for (std::size_t i = 0; i < f.trace.size() && r.ok(); ++i) {
    StateMachineInstance::TraceEntry& e = f.trace[i];
    e.layer = static_cast<int>(r.index("trace layer", layers));
    const uint32_t states = r.ok() ? limits.layer_states[static_cast<std::size_t>(e.layer)] : 0;
    const uint32_t transitions =
        r.ok() && static_cast<std::size_t>(e.layer) < limits.layer_transitions.size()
            ? limits.layer_transitions[static_cast<std::size_t>(e.layer)]
            : 0;
    e.transition = static_cast<int>(r.index("trace transition", transitions));
    e.from = r.optional_index("trace from", states);
    e.to = static_cast<int>(r.index("trace to", states));
    e.fired = r.flag("trace fired");
    const uint8_t reason = r.u8("trace reason");
    if (r.ok() && reason > static_cast<uint8_t>(TraceReason::kEarlierTransitionFired))
      r.fail("trace reason", "unknown");
    e.reason = static_cast<TraceReason>(reason);
    const uint32_t count = r.count("trace conditions", 0, kMaxTraceConditions);
    e.has_exit_time = r.flag("trace has exit time");
    e.exit_time_required = r.finite("trace exit time required");
    e.exit_time_current = r.finite("trace exit time current");
    e.exit_time_pass = r.flag("trace exit time pass");
    e.interrupted = r.flag("trace interrupted");
    e.resumed = r.flag("trace resumed");
    e.start_time = r.finite("trace start time");
    e.joined_group = r.flag("trace joined group");
    if (r.ok() && count > r.left() / kConditionBytes)
      r.fail("trace conditions", std::to_string(count) + " cannot fit in the bytes left");
    if (r.ok() && f.conditions.size() + count > kMaxTraceConditions)
      r.fail("trace conditions", "more than " + std::to_string(kMaxTraceConditions) + " in all");
    if (!r.ok()) break;
    e.first_condition = static_cast<int>(f.conditions.size());
    e.condition_count = static_cast<int>(count);
    for (uint32_t c = 0; c < count && r.ok(); ++c) {
      StateMachineInstance::TraceCondition tc;
      tc.parameter = static_cast<int>(r.index("condition parameter", limits.parameters));
      const uint8_t op = r.u8("condition op");
      if (r.ok() && op > static_cast<uint8_t>(ConditionOp::kTriggerSet))
        r.fail("condition op", "unknown");
      tc.op = static_cast<ConditionOp>(op);
      tc.value = r.finite("condition value");
      tc.actual = r.finite("condition actual");
      tc.pass = r.flag("condition pass");
      f.conditions.push_back(tc);
    }
  }
  return f;
}

Message read_payload(MessageType type, Reader& r, const Limits& limits) {
  switch (type) {
    case MessageType::kHello: {
      Hello h;
      h.magic = r.u32("magic");
      if (r.ok() && h.magic != kMagic) r.fail("magic", "not an animscope link");
      h.version = r.u16("version");
      h.token = r.text("token", kMaxTokenBytes);
      h.peer = r.text("peer", kMaxNameBytes);
      return h;
    }
    case MessageType::kWelcome: {
      Welcome w;
      w.version = r.u16("version");
      w.name = r.text("name", kMaxNameBytes);
      w.pid = r.u32("pid");
      w.content = r.text("content", kMaxPathBytes);
      if (r.ok() && !w.content.empty() && w.content[0] != '/')
        r.fail("content", "not an absolute path");
      if (r.ok() && w.content.find('\0') != std::string::npos)
        r.fail("content", "holds a NUL byte");
      return w;
    }
    case MessageType::kRefused: {
      Refused f;
      const uint8_t reason = r.u8("reason");
      if (r.ok() && reason > static_cast<uint8_t>(RefusalReason::kMalformed))
        r.fail("reason", "unknown");
      f.reason = static_cast<RefusalReason>(reason);
      f.detail = r.text("detail", kMaxTextBytes);
      return f;
    }
    case MessageType::kListCharacters:
      return ListCharacters{};
    case MessageType::kCharacterList: {
      CharacterList list;
      const uint32_t n = r.count("characters", 2 + 2 + 4 + 4, kMaxCharacters);
      list.characters.resize(r.ok() ? n : 0);
      for (CharacterSummary& c : list.characters) {
        c.name = r.text("character name", kMaxNameBytes);
        c.state = r.text("character state", kMaxNameBytes);
        c.parameters = r.u32("character parameters");
        c.layers = r.u32("character layers");
      }
      return list;
    }
    case MessageType::kWatch: {
      Watch w;
      w.character = r.u32("character");
      if (r.ok() && w.character != kNoCharacter && w.character >= limits.characters)
        r.fail("character", std::to_string(w.character) + " is out of range (" +
                                std::to_string(limits.characters) + ")");
      return w;
    }
    case MessageType::kWatching: {
      Watching w;
      w.character = r.u32("character");
      w.setup = r.u32("setup");
      w.name = r.text("name", kMaxNameBytes);
      const uint32_t parameters = r.count("parameters", 3, kMaxParameters);
      w.parameters.resize(r.ok() ? parameters : 0);
      for (ParameterInfo& p : w.parameters) {
        p.name = r.text("parameter name", kMaxNameBytes);
        const uint8_t type = r.u8("parameter type");
        if (r.ok() && type > static_cast<uint8_t>(ParameterType::kVector3))
          r.fail("parameter type", "unknown");
        p.type = static_cast<ParameterType>(type);
      }
      const uint32_t layers = r.count("layers", 2 + 4 + 4, kMaxLayers);
      if (r.ok() && layers == 0 && w.character != kNoCharacter) r.fail("layers", "no base machine");
      w.layers.resize(r.ok() ? layers : 0);
      for (LayerInfo& l : w.layers) {
        l.name = r.text("layer name", kMaxNameBytes);
        const uint32_t states = r.count("states", 2, kMaxStates);
        l.states.resize(r.ok() ? states : 0);
        for (std::string& s : l.states) s = r.text("state name", kMaxNameBytes);
        l.transitions = r.u32("transitions");
      }
      const uint32_t events = r.count("events", 2, kMaxStates);
      w.events.resize(r.ok() ? events : 0);
      for (std::string& e : w.events) e = r.text("event name", kMaxNameBytes);
      return w;
    }
    case MessageType::kFrame:
      return read_frame(r, limits);
    case MessageType::kSetParameter: {
      SetParameter s;
      s.parameter = r.index("parameter", limits.parameters);
      s.is_vector = r.flag("kind");
      if (s.is_vector) {
        s.vector = r.vec3("vector");
      } else {
        s.value = r.finite("value");
      }
      return s;
    }
    case MessageType::kFireTrigger: {
      FireTrigger f;
      f.parameter = r.index("parameter", limits.parameters);
      return f;
    }
    case MessageType::kPause: {
      Pause p;
      p.paused = r.flag("paused");
      return p;
    }
    case MessageType::kStep: {
      Step s;
      s.frames = r.u32("frames");
      if (r.ok() && (s.frames == 0 || s.frames > kMaxStepFrames))
        r.fail("frames",
               std::to_string(s.frames) + " is not in 1.." + std::to_string(kMaxStepFrames));
      return s;
    }
    case MessageType::kApplySetup: {
      ApplySetup a;
      const Span<const uint8_t> rest = r.rest();
      if (rest.empty()) r.fail("setup", "empty");
      a.bytes.assign(rest.begin(), rest.end());
      return a;
    }
    case MessageType::kApplyResult: {
      ApplyResult a;
      a.ok = r.flag("ok");
      a.error = r.text("error", kMaxTextBytes);
      if (r.ok() && a.ok != a.error.empty()) r.fail("error", "must be empty exactly when ok");
      return a;
    }
  }
  r.fail("type", "unknown");
  return ListCharacters{};
}

}  // namespace

const char* to_string(MessageType type) {
  switch (type) {
    case MessageType::kHello:
      return "hello";
    case MessageType::kWelcome:
      return "welcome";
    case MessageType::kRefused:
      return "refused";
    case MessageType::kListCharacters:
      return "list_characters";
    case MessageType::kCharacterList:
      return "character_list";
    case MessageType::kWatch:
      return "watch";
    case MessageType::kWatching:
      return "watching";
    case MessageType::kFrame:
      return "frame";
    case MessageType::kSetParameter:
      return "set_parameter";
    case MessageType::kFireTrigger:
      return "fire_trigger";
    case MessageType::kPause:
      return "pause";
    case MessageType::kStep:
      return "step";
    case MessageType::kApplySetup:
      return "apply_setup";
    case MessageType::kApplyResult:
      return "apply_result";
  }
  return "unknown";
}

MessageType type_of(const Message& message) {
  return static_cast<MessageType>(message.index() + 1);
}

Limits client_limits(const Watching& watching) {
  Limits l;
  l.game_side = false;
  l.parameters = static_cast<uint32_t>(watching.parameters.size());
  for (const LayerInfo& layer : watching.layers) {
    l.layer_states.push_back(static_cast<uint32_t>(layer.states.size()));
    l.layer_transitions.push_back(layer.transitions);
  }
  l.events = static_cast<uint32_t>(watching.events.size());
  l.setup = watching.setup;
  return l;
}

void encode(const Message& message, std::vector<uint8_t>& out) {
  const std::size_t start = out.size();
  Writer w(out);
  w.u32(0);
  w.u16(static_cast<uint16_t>(type_of(message)));
  write_payload(w, message);
  const uint32_t length = static_cast<uint32_t>(out.size() - start - 4);
  std::memcpy(out.data() + start, &length, 4);
}

std::size_t frame_bytes(const StateMachineInstance& m) {
  std::size_t n = kHeaderBytes + 4 + 4 + 8 + 8 + 1;
  n += 4 + m.def().parameters.size() * kParameterBytes;
  n += 4;
  for (int l = 0; l < m.layer_count(); ++l)
    n += kLayerBytes + m.active_states(l).size() * kActiveBytes;
  n += 4 + m.events().size() * kEventBytes + 8 + 4 * 7;
  n += 4;
  for (const auto& e : m.trace())
    n += kTraceBytes + static_cast<std::size_t>(e.condition_count) * kConditionBytes;
  return n;
}

std::size_t encode_frame(const StateMachineInstance& instance, uint32_t character, uint32_t setup,
                         uint64_t number, double time, bool paused, Span<uint8_t> out) {
  Writer w(out);
  w.u32(0);
  w.u16(static_cast<uint16_t>(MessageType::kFrame));
  write_frame(w, instance, character, setup, number, time, paused);
  if (w.overflow()) return 0;
  const uint32_t length = static_cast<uint32_t>(w.used() - 4);
  std::memcpy(out.data(), &length, 4);
  return w.used();
}

Result<Header> decode_header(const uint8_t (&bytes)[kHeaderBytes]) {
  uint32_t length = 0;
  uint16_t type = 0;
  std::memcpy(&length, bytes, 4);
  std::memcpy(&type, bytes + 4, 2);
  if (length < 2)
    return Error{Error::Code::kParse, "message length " + std::to_string(length) + " below 2",
                 "header"};
  if (length > kMaxMessageBytes)
    return Error{Error::Code::kParse,
                 "message of " + std::to_string(length) + " bytes over the limit of " +
                     std::to_string(kMaxMessageBytes),
                 "header"};
  return Header{static_cast<MessageType>(type), length - 2};
}

Result<Message> decode(MessageType type, Span<const uint8_t> payload, const Limits& limits) {
  const uint16_t raw = static_cast<uint16_t>(type);
  const std::string where = std::string(to_string(type));
  if (raw < 1 || raw > static_cast<uint16_t>(MessageType::kApplyResult))
    return Error{Error::Code::kParse, "unknown message type " + std::to_string(raw), "type"};
  if (sent_by_client(type) != limits.game_side)
    return Error{Error::Code::kParse,
                 std::string("a ") + (limits.game_side ? "game" : "client") +
                     " does not receive this message",
                 where};
  if (payload.size() + 2 > kMaxMessageBytes)
    return Error{Error::Code::kParse, "over the size limit", where};
  Reader r(payload);
  Message m = read_payload(type, r, limits);
  if (r.ok() && r.left() != 0) r.fail("end", std::to_string(r.left()) + " bytes left over");
  if (!r.ok()) return Error{Error::Code::kParse, r.error(), where};
  return m;
}

Result<Message> decode_message(Span<const uint8_t> bytes, const Limits& limits) {
  if (bytes.size() < kHeaderBytes) return Error{Error::Code::kParse, "truncated header", "header"};
  uint8_t head[kHeaderBytes];
  std::memcpy(head, bytes.data(), kHeaderBytes);
  Result<Header> h = decode_header(head);
  if (!h.ok()) return h.error();
  if (bytes.size() - kHeaderBytes != h.value().payload)
    return Error{Error::Code::kParse,
                 "length says " + std::to_string(h.value().payload) + " payload bytes, " +
                     std::to_string(bytes.size() - kHeaderBytes) + " given",
                 "header"};
  return decode(h.value().type, Span<const uint8_t>(bytes.data() + kHeaderBytes, h.value().payload),
                limits);
}

}  // namespace anim::link
