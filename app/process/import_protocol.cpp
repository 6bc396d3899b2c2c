#include "process/import_protocol.h"

#include <cstring>

namespace anim::app::import_protocol {
namespace {

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), p, p + 4);
}

void put_string(std::vector<uint8_t>& out, const std::string& s) {
  put_u32(out, static_cast<uint32_t>(s.size()));
  out.insert(out.end(), s.begin(), s.end());
}

bool get_u32(const std::vector<uint8_t>& in, std::size_t& pos, uint32_t& v) {
  if (in.size() - pos < 4) return false;
  std::memcpy(&v, in.data() + pos, 4);
  pos += 4;
  return true;
}

bool get_string(const std::vector<uint8_t>& in, std::size_t& pos, std::string& s) {
  uint32_t n = 0;
  if (!get_u32(in, pos, n) || in.size() - pos < n) return false;
  s.assign(reinterpret_cast<const char*>(in.data() + pos), n);
  pos += n;
  return true;
}

}  // namespace

std::vector<uint8_t> record(Kind kind, const void* payload, std::size_t size) {
  const RecordHeader header{kind, 0, size};
  std::vector<uint8_t> out(sizeof(header) + size);
  std::memcpy(out.data(), &header, sizeof(header));
  if (size > 0) std::memcpy(out.data() + sizeof(header), payload, size);
  return out;
}

std::vector<uint8_t> error_record(const Error& error) {
  std::vector<uint8_t> payload;
  put_u32(payload, static_cast<uint32_t>(error.code));
  put_string(payload, error.path);
  put_string(payload, error.message);
  return record(Kind::kError, payload.data(), payload.size());
}

bool parse_error(const std::vector<uint8_t>& payload, Error& out) {
  std::size_t pos = 0;
  uint32_t code = 0;
  if (!get_u32(payload, pos, code) || code > static_cast<uint32_t>(Error::Code::kCancelled)) {
    return false;
  }
  out.code = static_cast<Error::Code>(code);
  return get_string(payload, pos, out.path) && get_string(payload, pos, out.message) &&
         pos == payload.size();
}

void RecordReader::feed(const uint8_t* data, std::size_t size) {
  if (consumed_ > 0 && consumed_ == buffer_.size()) {
    buffer_.clear();
    consumed_ = 0;
  }
  buffer_.insert(buffer_.end(), data, data + size);
}

bool RecordReader::next(Kind& kind, std::vector<uint8_t>& payload) {
  RecordHeader header;
  if (pending() < sizeof(header)) return false;
  std::memcpy(&header, buffer_.data() + consumed_, sizeof(header));
  if (pending() - sizeof(header) < header.size) return false;
  const uint8_t* begin = buffer_.data() + consumed_ + sizeof(header);
  kind = header.kind;
  payload.assign(begin, begin + header.size);
  consumed_ += sizeof(header) + header.size;
  return true;
}

}  // namespace anim::app::import_protocol
