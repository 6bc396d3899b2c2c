#pragma once
// The few POSIX socket calls the server and the client share.
#include <cstddef>
#include <cstdint>
#include <string>

#include "anim/result.h"

namespace anim::link::detail {

// A TCP socket listening on `address` ("" for 127.0.0.1) and `port` (0: any), non-blocking.
// Returns the descriptor and the port bound.
struct Listener {
  int fd = -1;
  uint16_t port = 0;
};
Result<Listener> listen_on(const std::string& address, uint16_t port);
// A blocking TCP connection to host:port (host an IPv4 address or "localhost"), with send and
// receive timeouts of `timeout_ms`.
Result<int> connect_to(const std::string& host, uint16_t port, int timeout_ms);
bool set_nonblocking(int fd);
// Writes all of `size` bytes, retrying partial writes (a blocking socket, or one with a send
// timeout); false on an error or a timeout. Never raises SIGPIPE.
bool send_all(int fd, const void* data, std::size_t size);
// "127.0.0.1:40212" for a connected socket's peer.
std::string peer_address(int fd);
void close_fd(int& fd);

}  // namespace anim::link::detail
