#include "socket_io.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>

namespace anim::link::detail {
namespace {

Error io_error(const std::string& what) {
  return Error{Error::Code::kIo, what + ": " + std::strerror(errno), ""};
}

}  // namespace

Result<Listener> listen_on(const std::string& address, uint16_t port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  const std::string host = address.empty() ? "127.0.0.1" : address;
  if (inet_pton(AF_INET, host.c_str(), &addr.sin_addr) != 1)
    return Error{Error::Code::kInvalidArgument, "not an IPv4 address: " + host, "address"};
  Listener l;
  l.fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (l.fd < 0) return io_error("socket");
  const int yes = 1;
  setsockopt(l.fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  if (bind(l.fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    Error e = io_error("bind " + host + ":" + std::to_string(port));
    close_fd(l.fd);
    return e;
  }
  if (listen(l.fd, 4) != 0 || !set_nonblocking(l.fd)) {
    Error e = io_error("listen");
    close_fd(l.fd);
    return e;
  }
  socklen_t size = sizeof(addr);
  getsockname(l.fd, reinterpret_cast<sockaddr*>(&addr), &size);
  l.port = ntohs(addr.sin_port);
  return l;
}

Result<int> connect_to(const std::string& host, uint16_t port, int timeout_ms) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  const std::string ip = host.empty() || host == "localhost" ? "127.0.0.1" : host;
  if (inet_pton(AF_INET, ip.c_str(), &addr.sin_addr) != 1)
    return Error{Error::Code::kInvalidArgument, "not an IPv4 address: " + host, "host"};
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return io_error("socket");
  timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
  const int yes = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof(yes));
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) != 0) {
    Error e = io_error("connect " + ip + ":" + std::to_string(port));
    close_fd(fd);
    return e;
  }
  return fd;
}

bool set_nonblocking(int fd) {
  const int flags = fcntl(fd, F_GETFL, 0);
  return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

bool send_all(int fd, const void* data, std::size_t size) {
  const auto* p = static_cast<const uint8_t*>(data);
  while (size > 0) {
    const ssize_t n = send(fd, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

std::string peer_address(int fd) {
  sockaddr_in addr{};
  socklen_t size = sizeof(addr);
  if (getpeername(fd, reinterpret_cast<sockaddr*>(&addr), &size) != 0) return "?";
  char text[INET_ADDRSTRLEN] = {};
  inet_ntop(AF_INET, &addr.sin_addr, text, sizeof(text));
  return std::string(text) + ":" + std::to_string(ntohs(addr.sin_port));
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace anim::link::detail
