#include "anim/link/link_client.h"

#include <sys/socket.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "socket_io.h"

namespace anim::link {
namespace {

const char* reason_text(RefusalReason r) {
  switch (r) {
    case RefusalReason::kWrongToken:
      return "wrong token";
    case RefusalReason::kWrongVersion:
      return "wrong protocol version";
    case RefusalReason::kBusy:
      return "busy";
    case RefusalReason::kMalformed:
      return "malformed message";
  }
  return "refused";
}

Error refusal(const Refused& r) {
  std::string message = std::string("the game refused: ") + reason_text(r.reason);
  if (!r.detail.empty() && r.detail != reason_text(r.reason)) message += " (" + r.detail + ")";
  return Error{Error::Code::kInvalidArgument, message, "link"};
}

bool receive_all(int fd, uint8_t* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::recv(fd, data, size, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

Result<std::unique_ptr<LinkClient>> LinkClient::connect(uint16_t port, const std::string& token,
                                                        const ConnectOptions& options) {
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(options.busy_wait_ms);
  bool busy = false;
  Result<std::unique_ptr<LinkClient>> client = connect_once(port, token, options, &busy);
  while (!client.ok() && busy && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    client = connect_once(port, token, options, &busy);
  }
  return client;
}

Result<std::unique_ptr<LinkClient>> LinkClient::connect_once(uint16_t port,
                                                             const std::string& token,
                                                             const ConnectOptions& options,
                                                             bool* busy) {
  *busy = false;
  Result<int> fd = detail::connect_to(options.host, port, options.timeout_ms);
  if (!fd.ok()) return fd.error();
  std::unique_ptr<LinkClient> client(new LinkClient());
  client->fd_ = fd.value();
  client->limits_.game_side = false;
  Hello hello;
  hello.token = token;
  hello.peer = options.peer.substr(0, kMaxNameBytes);
  Status sent = client->send(hello);
  Result<Message> reply = client->receive();
  if (!reply.ok()) return sent.ok() ? reply.error() : sent.error();
  if (const Refused* r = std::get_if<Refused>(&reply.value())) {
    *busy = r->reason == RefusalReason::kBusy;
    return refusal(*r);
  }
  const Welcome* welcome = std::get_if<Welcome>(&reply.value());
  if (welcome == nullptr)
    return Error{Error::Code::kParse, "the game did not answer hello with welcome", "link"};
  if (welcome->version != kProtocolVersion)
    return Error{Error::Code::kInvalidArgument,
                 "the game speaks protocol version " + std::to_string(welcome->version) +
                     ", this tool " + std::to_string(kProtocolVersion),
                 "link"};
  client->welcome_ = *welcome;
  return client;
}

LinkClient::~LinkClient() { close(); }

void LinkClient::close() { detail::close_fd(fd_); }

Status LinkClient::send(const Message& m) {
  std::vector<uint8_t> bytes;
  encode(m, bytes);
  return send_raw(Span<const uint8_t>(bytes.data(), bytes.size()));
}

Status LinkClient::send_raw(Span<const uint8_t> bytes) {
  if (fd_ < 0) return Error{Error::Code::kIo, "not connected", "link"};
  if (!detail::send_all(fd_, bytes.data(), bytes.size())) {
    Error e{Error::Code::kIo, std::string("send: ") + std::strerror(errno), "link"};
    close();
    return e;
  }
  return Ok{};
}

Result<Message> LinkClient::receive() {
  if (fd_ < 0) return Error{Error::Code::kIo, "not connected", "link"};
  uint8_t head[kHeaderBytes];
  if (!receive_all(fd_, head, kHeaderBytes)) {
    Error e{Error::Code::kIo,
            errno == EAGAIN ? "the game did not answer in time" : "the game closed the connection",
            "link"};
    close();
    return e;
  }
  Result<Header> h = decode_header(head);
  if (!h.ok()) {
    close();
    return h.error();
  }
  std::vector<uint8_t> payload(h.value().payload);
  if (!receive_all(fd_, payload.data(), payload.size())) {
    close();
    return Error{Error::Code::kIo, "the game closed the connection mid-message", "link"};
  }
  Result<Message> m =
      decode(h.value().type, Span<const uint8_t>(payload.data(), payload.size()), limits_);
  if (!m.ok()) {
    close();
    return m.error();
  }
  if (const Watching* w = std::get_if<Watching>(&m.value())) {
    watching_ = *w;
    const uint32_t characters = limits_.characters;
    limits_ = client_limits(*w);
    limits_.characters = characters;
  }
  return m;
}

Result<Message> LinkClient::wait_for(MessageType type) {
  for (;;) {
    Result<Message> m = receive();
    if (!m.ok()) return m;
    if (const Refused* r = std::get_if<Refused>(&m.value())) {
      close();
      return refusal(*r);
    }
    if (type_of(m.value()) == type) return m;
    if (Frame* f = std::get_if<Frame>(&m.value())) frames_.push_back(std::move(*f));
  }
}

Result<std::vector<CharacterSummary>> LinkClient::list() {
  Status s = send(ListCharacters{});
  if (!s.ok()) return s.error();
  Result<Message> m = wait_for(MessageType::kCharacterList);
  if (!m.ok()) return m.error();
  auto& characters = std::get<CharacterList>(m.value()).characters;
  limits_.characters = static_cast<uint32_t>(characters.size());
  return std::move(characters);
}

Result<Watching> LinkClient::watch(uint32_t index) {
  Status s = send(Watch{index});
  if (!s.ok()) return s.error();
  Result<Message> m = wait_for(MessageType::kWatching);
  if (!m.ok()) return m.error();
  frames_.clear();  // Frames of the character watched before.
  return std::get<Watching>(m.value());
}

Result<Frame> LinkClient::next_frame() {
  while (!frames_.empty()) {
    Frame f = std::move(frames_.front());
    frames_.pop_front();
    if (f.setup == watching_.setup) return f;
    ++stale_frames_;  // Decoded against its own description, but that one has been replaced.
  }
  Result<Message> m = wait_for(MessageType::kFrame);
  if (!m.ok()) return m.error();
  return std::get<Frame>(std::move(m.value()));
}

Status LinkClient::set_value(uint32_t parameter, float value) {
  SetParameter p;
  p.parameter = parameter;
  p.value = value;
  return send(p);
}

Status LinkClient::set_vector(uint32_t parameter, const glm::vec3& value) {
  SetParameter p;
  p.parameter = parameter;
  p.is_vector = true;
  p.vector = value;
  return send(p);
}

Status LinkClient::fire_trigger(uint32_t parameter) { return send(FireTrigger{parameter}); }
Status LinkClient::pause(bool paused) { return send(Pause{paused}); }
Status LinkClient::step(uint32_t frames) { return send(Step{frames}); }

Result<std::string> LinkClient::apply(Span<const uint8_t> setup) {
  ApplySetup a;
  a.bytes.assign(setup.begin(), setup.end());
  Status s = send(a);
  if (!s.ok()) return s.error();
  Result<Message> m = wait_for(MessageType::kApplyResult);
  if (!m.ok()) return m.error();
  return std::get<ApplyResult>(m.value()).error;
}

}  // namespace anim::link
