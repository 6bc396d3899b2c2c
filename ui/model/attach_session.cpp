#include "anim/ui/model/attach_session.h"

#include <chrono>
#include <utility>

#include "anim/link/link_client.h"

namespace anim::ui {

const char* to_string(AttachSession::Phase phase) {
  switch (phase) {
    case AttachSession::Phase::kDetached:
      return "detached";
    case AttachSession::Phase::kConnecting:
      return "connecting";
    case AttachSession::Phase::kAttached:
      return "attached";
    case AttachSession::Phase::kWatching:
      return "watching";
    case AttachSession::Phase::kFailed:
      return "failed";
    case AttachSession::Phase::kLost:
      return "lost";
  }
  return "unknown";
}

AttachSession::AttachSession(int timeout_ms) : timeout_ms_(timeout_ms) {}

AttachSession::~AttachSession() {
  detach();
  for (auto& [thread, shared] : leaving_)
    if (thread.joinable()) thread.join();
}

void AttachSession::connect(const Target& target) {
  detach();
  shared_ = std::make_shared<Shared>();
  shared_->status.phase = Phase::kConnecting;
  shared_->status.game = target.name;
  shared_->status.message = "connecting to " + target.host + ":" + std::to_string(target.port);
  worker_ = std::thread(&AttachSession::run, shared_, target, timeout_ms_);
}

void AttachSession::detach() {
  // Workers that have finished are joined now (no waiting); the one running is told to stop and
  // joins them later, so that the UI never waits for the network.
  for (auto it = leaving_.begin(); it != leaving_.end();) {
    bool done = false;
    {
      std::lock_guard<std::mutex> lock(it->second->mutex);
      done = it->second->done;
    }
    if (done) {
      it->first.join();
      it = leaving_.erase(it);
    } else {
      ++it;
    }
  }
  if (!shared_) return;
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    shared_->stop = true;
  }
  shared_->wake.notify_all();
  leaving_.emplace_back(std::move(worker_), shared_);
  shared_.reset();
}

void AttachSession::request(Request r) {
  if (!shared_) return;
  {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    const Phase phase = shared_->status.phase;
    if (phase != Phase::kAttached && phase != Phase::kWatching && phase != Phase::kConnecting)
      return;
    if (std::holds_alternative<Apply>(r)) shared_->status.apply_pending = true;
    shared_->requests.push_back(std::move(r));
  }
  shared_->wake.notify_all();
}

void AttachSession::list() { request(List{}); }
void AttachSession::watch(uint32_t character) { request(WatchRequest{character}); }

void AttachSession::set_value(uint32_t parameter, float value) {
  link::SetParameter p;
  p.parameter = parameter;
  p.value = value;
  request(p);
}

void AttachSession::set_vector(uint32_t parameter, const glm::vec3& value) {
  link::SetParameter p;
  p.parameter = parameter;
  p.is_vector = true;
  p.vector = value;
  request(p);
}

void AttachSession::fire_trigger(uint32_t parameter) { request(link::FireTrigger{parameter}); }
void AttachSession::apply(std::string setup) { request(Apply{std::move(setup)}); }

AttachSession::Snapshot AttachSession::status() const {
  if (!shared_) return Snapshot{};
  std::lock_guard<std::mutex> lock(shared_->mutex);
  return shared_->status;
}

std::vector<link::Frame> AttachSession::take_frames() {
  std::vector<link::Frame> out;
  if (!shared_) return out;
  std::lock_guard<std::mutex> lock(shared_->mutex);
  out.reserve(shared_->frames.size());
  for (link::Frame& f : shared_->frames) out.push_back(std::move(f));
  shared_->frames.clear();
  return out;
}

bool AttachSession::attached() const {
  const Phase p = status().phase;
  return p == Phase::kAttached || p == Phase::kWatching;
}

namespace {

// Why the game can no longer be reached, for the status line.
std::string lost_message(const std::string& game, const Error& e) {
  return "lost " + (game.empty() ? std::string("the game") : game) + ": " + e.message;
}

}  // namespace

void AttachSession::run(std::shared_ptr<Shared> shared, Target target, int timeout_ms) {
  Shared& s = *shared;
  auto finish = [&s](Phase phase, const std::string& message) {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (!s.stop) {
      s.status.phase = phase;
      s.status.message = message;
      s.status.apply_pending = false;
    }
    s.done = true;
  };
  link::ConnectOptions options;
  options.host = target.host;
  options.peer = "animscope";
  options.timeout_ms = timeout_ms;
  Result<std::unique_ptr<link::LinkClient>> connected =
      link::LinkClient::connect(target.port, target.token, options);
  if (!connected.ok()) {
    finish(Phase::kFailed, "could not attach to " + target.host + ":" +
                               std::to_string(target.port) + ": " + connected.error().message);
    return;
  }
  link::LinkClient& client = *connected.value();
  std::string game = client.welcome().name;
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    s.status.phase = Phase::kAttached;
    s.status.game = game;
    s.status.pid = client.welcome().pid;
    s.status.content = client.welcome().content;
    s.status.message =
        "attached to " + game + " (pid " + std::to_string(client.welcome().pid) + ")";
    s.requests.push_front(List{});  // The characters, first of all.
  }
  bool watching = false;
  for (;;) {
    std::deque<Request> requests;
    {
      std::unique_lock<std::mutex> lock(s.mutex);
      if (!watching)
        s.wake.wait_for(lock, std::chrono::milliseconds(100),
                        [&s] { return s.stop || !s.requests.empty(); });
      if (s.stop) break;
      requests.swap(s.requests);
    }
    Error error{Error::Code::kIo, "", "link"};
    bool lost = false;
    for (Request& r : requests) {
      if (const WatchRequest* w = std::get_if<WatchRequest>(&r)) {
        Result<link::Watching> described = client.watch(w->character);
        if (!described.ok()) {
          error = described.error();
          lost = true;
          break;
        }
        watching = w->character != link::kNoCharacter;
        std::lock_guard<std::mutex> lock(s.mutex);
        s.frames.clear();
        s.status.watching = described.value();
        s.status.phase = watching ? Phase::kWatching : Phase::kAttached;
        s.status.message = watching ? "watching " + described.value().name + " in " + game
                                    : "attached to " + game;
      } else if (std::holds_alternative<List>(r)) {
        Result<std::vector<link::CharacterSummary>> characters = client.list();
        if (!characters.ok()) {
          error = characters.error();
          lost = true;
          break;
        }
        std::lock_guard<std::mutex> lock(s.mutex);
        s.status.characters = std::move(characters.value());
        ++s.status.lists;
      } else if (const link::SetParameter* p = std::get_if<link::SetParameter>(&r)) {
        anim::Status sent = p->is_vector ? client.set_vector(p->parameter, p->vector)
                                   : client.set_value(p->parameter, p->value);
        if (!sent.ok()) {
          error = sent.error();
          lost = true;
          break;
        }
      } else if (const link::FireTrigger* t = std::get_if<link::FireTrigger>(&r)) {
        anim::Status sent = client.fire_trigger(t->parameter);
        if (!sent.ok()) {
          error = sent.error();
          lost = true;
          break;
        }
      } else if (const Apply* a = std::get_if<Apply>(&r)) {
        Result<std::string> answer = client.apply(
            Span<const uint8_t>(reinterpret_cast<const uint8_t*>(a->setup.data()), a->setup.size()));
        if (!answer.ok()) {
          error = answer.error();
          lost = true;
          break;
        }
        std::lock_guard<std::mutex> lock(s.mutex);
        ++s.status.applies_answered;
        s.status.apply_pending = false;
        s.status.apply_error = answer.value();
      }
    }
    if (!lost && watching) {
      Result<link::Frame> frame = client.next_frame();
      if (!frame.ok()) {
        error = frame.error();
        lost = true;
      } else {
        std::lock_guard<std::mutex> lock(s.mutex);
        // A description that changed (an applied setup) comes with the frames of the new one.
        if (client.watching().setup != s.status.watching.setup)
          s.status.watching = client.watching();
        if (s.frames.size() == kMaxPendingFrames) {
          s.frames.pop_front();
          ++s.status.frames_dropped;
        }
        s.frames.push_back(std::move(frame.value()));
      }
    }
    if (lost) {
      finish(Phase::kLost, lost_message(game, error));
      return;
    }
  }
  finish(Phase::kDetached, "detached");
}

}  // namespace anim::ui
