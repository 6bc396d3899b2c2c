#include "anim/link/link_server.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "announce_file.h"
#include "socket_io.h"

namespace anim::link {

namespace {

constexpr std::size_t kMaxQueuedCommands = 1024;
constexpr auto kHandshakeTimeout = std::chrono::seconds(5);

// Constant-time comparison, so that the time a refusal takes says nothing about the token.
bool same_token(const std::string& a, const std::string& b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

// What the game's thread and the network thread share.
struct LinkServer::Shared {
  LinkOptions options;
  std::string token;
  std::chrono::steady_clock::time_point opened = std::chrono::steady_clock::now();

  // Bit 0: a client passed the handshake. The rest counts the clients so far, so that publish()
  // sees a new client even when the last one left between two frames.
  std::atomic<uint64_t> state{0};
  // Network thread -> game thread.
  std::mutex commands_mutex;
  std::vector<Message> commands;
  std::atomic<uint32_t> commands_pending{0};
  // Game thread -> network thread: replies, each sent once the frames before it have been
  // (`after`: the ring's head when it was queued).
  struct Control {
    uint64_t after = 0;
    std::vector<uint8_t> bytes;
  };
  std::mutex controls_mutex;
  std::deque<Control> controls;
  // The frame ring: single producer (publish), single consumer (the network thread).
  std::vector<uint8_t> ring;
  std::vector<uint32_t> ring_sizes;
  std::atomic<uint64_t> head{0};
  std::atomic<uint64_t> tail{0};
  // What the decoder checks indices against.
  std::atomic<uint32_t> characters{0};
  std::atomic<uint32_t> parameters{0};

  int listen_fd = -1;
  int wake_read = -1;
  int wake_write = -1;
  std::atomic<bool> stop{false};
  std::thread thread;

  // Network thread only.
  int client = -1;
  bool welcomed = false;
  std::string peer;
  std::chrono::steady_clock::time_point connected;
  std::vector<uint8_t> inbound;
  std::vector<uint8_t> outbound;
  std::size_t sent = 0;

  void log(const std::string& line) const {
    if (options.log) {
      options.log(line);
    } else {
      std::fprintf(stderr, "animscope link: %s\n", line.c_str());
    }
  }
  void wake() const {
    const char byte = 1;
    if (wake_write >= 0) (void)!::write(wake_write, &byte, 1);
  }
  void run();
  void accept_client();
  void drop_client(const std::string& why);
  void refuse(int fd, RefusalReason reason, const std::string& detail);
  void read_client();
  bool handle(const Message& m);
  void send_some();
  bool next_outbound();
};

void LinkServer::Shared::refuse(int fd, RefusalReason reason, const std::string& detail) {
  std::vector<uint8_t> bytes;
  encode(Refused{reason, detail}, bytes);
  (void)detail::send_all(fd, bytes.data(), bytes.size());
}

void LinkServer::Shared::drop_client(const std::string& why) {
  if (client < 0) return;
  log(why);
  // Anything from this client that the game has not taken is dropped.
  state.fetch_and(~uint64_t{1}, std::memory_order_acq_rel);
  {
    std::lock_guard<std::mutex> lock(commands_mutex);
    commands.clear();
    commands_pending.store(0, std::memory_order_release);
  }
  detail::close_fd(client);
  welcomed = false;
  inbound.clear();
  outbound.clear();
  sent = 0;
}

void LinkServer::Shared::accept_client() {
  int fd = ::accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return;
  const std::string address = detail::peer_address(fd);
  if (client >= 0) {
    refuse(fd, RefusalReason::kBusy, "held by " + peer);
    log("refused " + address + ": the link is held by " + peer);
    detail::close_fd(fd);
    return;
  }
  detail::set_nonblocking(fd);
  client = fd;
  peer = address;
  welcomed = false;
  connected = std::chrono::steady_clock::now();
  inbound.clear();
  outbound.clear();
  sent = 0;
}

// False when the client was dropped.
bool LinkServer::Shared::handle(const Message& m) {
  if (!welcomed) {
    const Hello* hello = std::get_if<Hello>(&m);
    if (hello == nullptr) {
      refuse(client, RefusalReason::kMalformed, "the first message must be hello");
      drop_client("dropped " + peer + ": it did not start with hello");
      return false;
    }
    if (hello->version != kProtocolVersion) {
      refuse(client, RefusalReason::kWrongVersion,
             "the game speaks version " + std::to_string(kProtocolVersion) + ", not " +
                 std::to_string(hello->version));
      drop_client("refused " + peer + ": protocol version " + std::to_string(hello->version));
      return false;
    }
    if (!same_token(hello->token, token)) {
      refuse(client, RefusalReason::kWrongToken, "wrong token");
      drop_client("refused " + peer + ": wrong token");
      return false;
    }
    peer = (hello->peer.empty() ? std::string("a client") : hello->peer) + " (" + peer + ")";
    welcomed = true;
    // A new client: the frames and replies queued for an earlier one are not its.
    tail.store(head.load(std::memory_order_acquire), std::memory_order_release);
    {
      std::lock_guard<std::mutex> lock(controls_mutex);
      controls.clear();
    }
    Welcome welcome;
    welcome.name = options.name;
    welcome.content = options.content;
    welcome.pid = static_cast<uint32_t>(getpid());
    outbound.clear();
    sent = 0;
    encode(welcome, outbound);
    state.store(((state.load(std::memory_order_relaxed) >> 1) + 1) << 1 | 1,
                std::memory_order_release);
    log("attached: " + peer);
    return true;
  }
  if (std::holds_alternative<Hello>(m)) {
    refuse(client, RefusalReason::kMalformed, "hello twice");
    drop_client("dropped " + peer + ": hello twice");
    return false;
  }
  std::lock_guard<std::mutex> lock(commands_mutex);
  if (commands.size() >= kMaxQueuedCommands) {
    refuse(client, RefusalReason::kMalformed, "too many commands queued");
    drop_client("dropped " + peer + ": more than " + std::to_string(kMaxQueuedCommands) +
                " commands queued while the game did not publish");
    return false;
  }
  commands.push_back(m);
  commands_pending.store(static_cast<uint32_t>(commands.size()), std::memory_order_release);
  return true;
}

void LinkServer::Shared::read_client() {
  uint8_t buffer[64 * 1024];
  for (;;) {
    const ssize_t n = ::recv(client, buffer, sizeof(buffer), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
    if (n <= 0) {
      if (!inbound.empty()) {
        drop_client("client " + peer + " went away mid-message (" + std::to_string(inbound.size()) +
                    " bytes of a message received)");
      } else {
        drop_client("detached: " + peer);
      }
      return;
    }
    inbound.insert(inbound.end(), buffer, buffer + n);
    // Whole messages, as soon as they are in.
    std::size_t at = 0;
    while (inbound.size() - at >= kHeaderBytes) {
      uint8_t head_bytes[kHeaderBytes];
      std::memcpy(head_bytes, inbound.data() + at, kHeaderBytes);
      Result<Header> h = decode_header(head_bytes);
      if (!h.ok()) {
        refuse(client, RefusalReason::kMalformed, h.error().to_string());
        drop_client("dropped " + peer + ": " + h.error().to_string());
        return;
      }
      if (inbound.size() - at - kHeaderBytes < h.value().payload) break;
      Limits limits;
      limits.characters = characters.load(std::memory_order_acquire);
      limits.parameters = parameters.load(std::memory_order_acquire);
      Result<Message> m = decode(
          h.value().type,
          Span<const uint8_t>(inbound.data() + at + kHeaderBytes, h.value().payload), limits);
      if (!m.ok()) {
        refuse(client, RefusalReason::kMalformed, m.error().to_string());
        drop_client("dropped " + peer + ": malformed message: " + m.error().to_string());
        return;
      }
      at += kHeaderBytes + h.value().payload;
      if (!handle(m.value())) return;
    }
    inbound.erase(inbound.begin(), inbound.begin() + static_cast<std::ptrdiff_t>(at));
  }
}

// Takes the next message to send into `outbound`: a reply whose frames went before it, else the
// next frame. False when there is nothing.
bool LinkServer::Shared::next_outbound() {
  const uint64_t t = tail.load(std::memory_order_acquire);
  const uint64_t h = head.load(std::memory_order_acquire);
  uint64_t frames_until = h;
  {
    std::lock_guard<std::mutex> lock(controls_mutex);
    if (!controls.empty()) {
      if (controls.front().after <= t) {
        outbound = std::move(controls.front().bytes);
        controls.pop_front();
        sent = 0;
        return true;
      }
      frames_until = std::min(h, controls.front().after);
    }
  }
  if (t >= frames_until) return false;
  const std::size_t slot = static_cast<std::size_t>(t % ring_sizes.size());
  const uint8_t* data = ring.data() + slot * options.slot_bytes;
  outbound.assign(data, data + ring_sizes[slot]);
  sent = 0;
  tail.store(t + 1, std::memory_order_release);
  return true;
}

void LinkServer::Shared::send_some() {
  while (client >= 0 && welcomed) {
    if (sent == outbound.size() && !next_outbound()) return;
    const ssize_t n =
        ::send(client, outbound.data() + sent, outbound.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    if (n <= 0) {
      drop_client("client " + peer + " went away: " + std::strerror(errno));
      return;
    }
    sent += static_cast<std::size_t>(n);
  }
}

void LinkServer::Shared::run() {
  while (!stop.load(std::memory_order_acquire)) {
    if (client >= 0 && !welcomed &&
        std::chrono::steady_clock::now() - connected > kHandshakeTimeout)
      drop_client("dropped " + peer + ": no hello within 5 s");
    // Before the handshake the welcome may wait in `outbound` too.
    const bool pending_out = client >= 0 && sent < outbound.size();
    pollfd fds[3] = {{listen_fd, POLLIN, 0}, {wake_read, POLLIN, 0}, {client, POLLIN, 0}};
    if (pending_out) fds[2].events |= POLLOUT;
    const nfds_t count = client >= 0 ? 3 : 2;
    if (::poll(fds, count, 100) < 0 && errno != EINTR) {
      log(std::string("poll: ") + std::strerror(errno));
      return;
    }
    if (fds[1].revents & POLLIN) {
      char drain[256];
      while (::read(wake_read, drain, sizeof(drain)) > 0) {
      }
    }
    if (fds[0].revents & POLLIN) accept_client();
    if (count == 3 && client >= 0 && (fds[2].revents & (POLLIN | POLLHUP | POLLERR))) read_client();
    if (client >= 0 && welcomed) send_some();
  }
}

Result<std::unique_ptr<LinkServer>> LinkServer::open(LinkOptions options) {
  if (options.name.size() > kMaxNameBytes)
    return Error{Error::Code::kInvalidArgument,
                 "the name is longer than " + std::to_string(kMaxNameBytes) + " bytes", "name"};
  if (options.content.size() > kMaxPathBytes)
    return Error{Error::Code::kInvalidArgument,
                 "the content path is longer than " + std::to_string(kMaxPathBytes) + " bytes",
                 "content"};
  if (!options.content.empty() &&
      (options.content[0] != '/' || options.content.find('\0') != std::string::npos))
    return Error{Error::Code::kInvalidArgument,
                 "the content path \"" + options.content + "\" is not an absolute path",
                 "content"};
  const bool loopback = options.address.empty() || options.address == "127.0.0.1";
  if (!loopback && options.token.empty())
    return Error{Error::Code::kInvalidArgument,
                 "listening on " + options.address + " (not loopback) needs an explicit token",
                 "address"};
  if (options.token.size() > kMaxTokenBytes)
    return Error{Error::Code::kInvalidArgument,
                 "the token is longer than " + std::to_string(kMaxTokenBytes) + " bytes", "token"};
  if (options.ring_slots == 0 || options.slot_bytes < 256)
    return Error{Error::Code::kInvalidArgument, "the ring needs slots of at least 256 bytes",
                 "ring_slots"};
  std::string token = options.token;
  if (token.empty()) {
    Result<std::string> t = detail::random_token();
    if (!t.ok()) return t.error();
    token = t.value();
  }
  Result<detail::Listener> listener = detail::listen_on(options.address, options.port);
  if (!listener.ok()) return listener.error();

  std::unique_ptr<LinkServer> server(new LinkServer());
  server->shared_ = std::make_unique<Shared>();
  Shared& s = *server->shared_;
  s.listen_fd = listener.value().fd;
  server->port_ = listener.value().port;
  server->token_ = token;
  s.token = token;
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) {
    detail::close_fd(s.listen_fd);
    return Error{Error::Code::kIo, std::string("pipe: ") + std::strerror(errno), ""};
  }
  s.wake_read = pipe_fds[0];
  s.wake_write = pipe_fds[1];
  s.ring.assign(static_cast<std::size_t>(options.ring_slots) * options.slot_bytes, 0);
  s.ring_sizes.assign(options.ring_slots, 0);
  if (options.announce) {
    Result<std::string> path = detail::write_announcement(
        options.announce_dir, static_cast<int>(getpid()), server->port_, token, options.name);
    if (!path.ok()) {
      detail::close_fd(s.listen_fd);
      detail::close_fd(s.wake_read);
      detail::close_fd(s.wake_write);
      return path.error();
    }
    server->announce_path_ = path.value();
  }
  s.options = std::move(options);
  s.thread = std::thread([&s] { s.run(); });
  return server;
}

LinkServer::~LinkServer() { close(); }

void LinkServer::close() {
  if (!shared_) return;
  Shared& s = *shared_;
  s.stop.store(true, std::memory_order_release);
  s.wake();
  if (s.thread.joinable()) s.thread.join();
  detail::close_fd(s.client);
  detail::close_fd(s.listen_fd);
  detail::close_fd(s.wake_read);
  detail::close_fd(s.wake_write);
  detail::remove_announcement(announce_path_);
  announce_path_.clear();
  shared_.reset();
}

bool LinkServer::client_attached() const {
  return shared_ && (shared_->state.load(std::memory_order_acquire) & 1) != 0;
}

void LinkServer::watch(const std::string& name, StateMachineInstance& instance) {
  for (Character& c : characters_) {
    if (c.name == name) {
      c.instance = &instance;
      return;  // A new def is described at the next frame (record_frame).
    }
  }
  characters_.push_back(Character{name.substr(0, kMaxNameBytes), &instance, nullptr});
  if (shared_)
    shared_->characters.store(static_cast<uint32_t>(characters_.size()), std::memory_order_release);
}

void LinkServer::unwatch(const std::string& name) {
  for (std::size_t i = 0; i < characters_.size(); ++i) {
    if (characters_[i].name != name) continue;
    if (characters_[i].instance == traced_) {
      traced_->set_trace(false);
      traced_ = nullptr;
    }
    characters_.erase(characters_.begin() + static_cast<std::ptrdiff_t>(i));
    const int index = static_cast<int>(i);
    if (watched_ == index) {
      watched_ = -1;
      paused_ = false;
    } else if (watched_ > index) {
      --watched_;
    }
    if (shared_) {
      shared_->characters.store(static_cast<uint32_t>(characters_.size()),
                                std::memory_order_release);
      if (watched_ < 0) shared_->parameters.store(0, std::memory_order_release);
    }
    return;
  }
}

void LinkServer::on_apply(std::function<std::string(Span<const uint8_t>)> apply) {
  apply_ = std::move(apply);
}

namespace {

void queue_control(LinkServer::Shared& s, const Message& m);

}  // namespace

void LinkServer::send_watching(Character& c, uint32_t index) {
  const StateMachineDef& def = c.instance->def();
  Watching w;
  w.character = index;
  if (++setups_ == 0) ++setups_;  // 0 stays "watching nothing", even after 2^32 descriptions.
  w.setup = setups_;
  w.name = c.name;
  for (const ParameterDef& p : def.parameters)
    w.parameters.push_back({p.name.substr(0, kMaxNameBytes), p.type});
  LayerInfo base;
  for (const StateDef& st : def.states) base.states.push_back(st.name.substr(0, kMaxNameBytes));
  base.transitions = static_cast<uint32_t>(def.transitions.size());
  w.layers.push_back(std::move(base));
  for (const LayerDef& l : def.layers) {
    LayerInfo info;
    info.name = l.name.substr(0, kMaxNameBytes);
    for (const StateDef& st : l.states) info.states.push_back(st.name.substr(0, kMaxNameBytes));
    info.transitions = static_cast<uint32_t>(l.transitions.size());
    w.layers.push_back(std::move(info));
  }
  for (const EventDef& e : def.events) w.events.push_back(e.name.substr(0, kMaxNameBytes));
  c.def_sent = &def;
  c.setup_sent = w.setup;
  shared_->parameters.store(static_cast<uint32_t>(def.parameters.size()),
                            std::memory_order_release);
  queue_control(*shared_, w);
}

namespace {

void queue_control(LinkServer::Shared& s, const Message& m) {
  LinkServer::Shared::Control c;
  c.after = s.head.load(std::memory_order_relaxed);
  encode(m, c.bytes);
  {
    std::lock_guard<std::mutex> lock(s.controls_mutex);
    s.controls.push_back(std::move(c));
  }
  s.wake();
}

}  // namespace

void LinkServer::apply(const Message& command) {
  StateMachineInstance* watched =
      watched_ >= 0 ? characters_[static_cast<std::size_t>(watched_)].instance : nullptr;
  if (std::holds_alternative<ListCharacters>(command)) {
    CharacterList list;
    for (const Character& c : characters_) {
      CharacterSummary summary;
      summary.name = c.name;
      const int state = c.instance->current_state(0);
      if (state >= 0 && static_cast<std::size_t>(state) < c.instance->def().states.size())
        summary.state =
            c.instance->def().states[static_cast<std::size_t>(state)].name.substr(0, kMaxNameBytes);
      summary.parameters = static_cast<uint32_t>(c.instance->def().parameters.size());
      summary.layers = static_cast<uint32_t>(c.instance->layer_count());
      list.characters.push_back(std::move(summary));
    }
    queue_control(*shared_, list);
  } else if (const Watch* w = std::get_if<Watch>(&command)) {
    paused_ = false;
    steps_left_ = 0;
    // Checked again here: the list may have changed since the network thread decoded it.
    if (w->character == kNoCharacter || w->character >= characters_.size()) {
      watched_ = -1;
      shared_->parameters.store(0, std::memory_order_release);
      queue_control(*shared_, Watching{});  // Watching nothing.
      return;
    }
    watched_ = static_cast<int>(w->character);
    send_watching(characters_[w->character], w->character);
  } else if (const SetParameter* p = std::get_if<SetParameter>(&command)) {
    if (watched == nullptr || p->parameter >= watched->def().parameters.size()) return;
    const int i = static_cast<int>(p->parameter);
    if (p->is_vector) {
      watched->set_vector(i, p->vector);
    } else {
      watched->set_value(i, p->value);
    }
  } else if (const FireTrigger* t = std::get_if<FireTrigger>(&command)) {
    if (watched == nullptr || t->parameter >= watched->def().parameters.size()) return;
    if (watched->def().parameters[t->parameter].type == ParameterType::kTrigger)
      watched->set_value(static_cast<int>(t->parameter), 1.0f);
  } else if (const Pause* pause = std::get_if<Pause>(&command)) {
    if (watched == nullptr) return;
    paused_ = pause->paused;
    steps_left_ = 0;
  } else if (const Step* step = std::get_if<Step>(&command)) {
    if (watched == nullptr || !paused_) return;
    steps_left_ = step->frames;
  } else if (const ApplySetup* a = std::get_if<ApplySetup>(&command)) {
    ApplyResult result;
    if (!apply_) {
      result.error = "this game does not accept setups (no LinkServer::on_apply)";
    } else {
      result.error = apply_(Span<const uint8_t>(a->bytes.data(), a->bytes.size()));
      if (result.error.size() > kMaxTextBytes) result.error.resize(kMaxTextBytes);
    }
    result.ok = result.error.empty();
    queue_control(*shared_, result);
  }
}

// While paused the character is put back where it was held, except for the frames a step lets
// through. The held state is taken again after the commands (a set parameter while paused holds).
void LinkServer::hold_paused(StateMachineInstance& instance) {
  if (steps_left_ > 0) {
    --steps_left_;
    return;
  }
  instance.restore_state(held_parameters_, held_layers_);
}

void LinkServer::trace(StateMachineInstance* instance) {
  if (instance == traced_) return;
  if (traced_ != nullptr) {
    // Only while the game still has it registered: a replaced instance may be gone.
    for (const Character& c : characters_)
      if (c.instance == traced_) traced_->set_trace(false);
    traced_ = nullptr;
  }
  if (instance != nullptr && !instance->tracing()) {
    instance->set_trace(true);
    traced_ = instance;
  }
}

void LinkServer::record_frame() {
  Character& c = characters_[static_cast<std::size_t>(watched_)];
  trace(c.instance);
  const StateMachineInstance& m = *c.instance;
  if (&m.def() != c.def_sent) send_watching(c, static_cast<uint32_t>(watched_));
  Shared& s = *shared_;
  const uint64_t h = s.head.load(std::memory_order_relaxed);
  if (h - s.tail.load(std::memory_order_acquire) >= s.ring_sizes.size()) {
    frames_dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  const std::size_t slot = static_cast<std::size_t>(h % s.ring_sizes.size());
  const double time =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - s.opened).count();
  const std::size_t n = encode_frame(
      m, static_cast<uint32_t>(watched_), c.setup_sent, frame_number_, time, paused_,
      Span<uint8_t>(s.ring.data() + slot * s.options.slot_bytes, s.options.slot_bytes));
  if (n == 0) {
    frames_dropped_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  s.ring_sizes[slot] = static_cast<uint32_t>(n);
  s.head.store(h + 1, std::memory_order_release);
  s.wake();
}

void LinkServer::publish() {
  ++frame_number_;
  if (!shared_) return;
  Shared& s = *shared_;
  const uint64_t state = s.state.load(std::memory_order_acquire);
  if ((state & 1) == 0) {                    // No client: this load is all it costs...
    if (traced_ != nullptr) trace(nullptr);  // ... once the last one's trace is off.
    return;
  }
  if (state != seen_state_) {  // A new client: nothing is watched or paused for it yet.
    seen_state_ = state;
    watched_ = -1;
    paused_ = false;
    steps_left_ = 0;
    s.parameters.store(0, std::memory_order_release);
  }
  const bool was_paused = paused_ && watched_ >= 0;
  if (was_paused) hold_paused(*characters_[static_cast<std::size_t>(watched_)].instance);
  if (s.commands_pending.load(std::memory_order_acquire) > 0) {
    std::lock_guard<std::mutex> lock(s.commands_mutex);
    taken_.swap(s.commands);
    s.commands_pending.store(0, std::memory_order_release);
  }
  for (const Message& m : taken_) apply(m);
  taken_.clear();
  if (watched_ < 0) {
    trace(nullptr);
    return;
  }
  StateMachineInstance& watched = *characters_[static_cast<std::size_t>(watched_)].instance;
  if (paused_) {
    if (held_parameters_.size() != watched.def().parameters.size())
      held_parameters_.resize(watched.def().parameters.size());
    if (held_layers_.size() != static_cast<std::size_t>(watched.layer_count()))
      held_layers_.resize(static_cast<std::size_t>(watched.layer_count()));
    watched.save_state(held_parameters_, held_layers_);
  }
  record_frame();
}

}  // namespace anim::link
