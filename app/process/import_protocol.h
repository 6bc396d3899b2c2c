#pragma once
// What the import child (`animscope-import __import FILE`) writes on its standard output for the
// parent: a sequence of records, each a RecordHeader and `size` bytes.
//   kProgress  a float, the fraction done
//   kResult    the model as a package (.animpack bytes: SKEL, SKIN, MESH, KEYS, INFO)
//   kError     the import's Error: u32 code, u32 length + path, u32 length + message
//   kOutOfMemory  nothing: an allocation failed under the memory limit
// The parent trusts none of it: sizes are checked as bytes arrive and the package is loaded
// like any other (load_package).
#include <cstdint>
#include <string>
#include <vector>

#include "anim/result.h"

namespace anim::app::import_protocol {

enum class Kind : uint32_t { kProgress = 1, kResult = 2, kError = 3, kOutOfMemory = 4 };

struct RecordHeader {
  Kind kind;
  uint32_t reserved;
  uint64_t size;
};
static_assert(sizeof(RecordHeader) == 16, "RecordHeader is written as is");

// The child's exit status after an allocation failed (it also says so with kOutOfMemory).
constexpr int kOutOfMemoryExit = 3;

// The bytes of one record.
std::vector<uint8_t> record(Kind kind, const void* payload, std::size_t size);
std::vector<uint8_t> error_record(const Error& error);
// The Error a kError payload holds, or nothing for a malformed one.
bool parse_error(const std::vector<uint8_t>& payload, Error& out);

// Splits a byte stream into records as it arrives.
class RecordReader {
 public:
  // Appends bytes read from the child.
  void feed(const uint8_t* data, std::size_t size);
  // The next whole record, if one has arrived.
  bool next(Kind& kind, std::vector<uint8_t>& payload);
  // Bytes that are not a whole record yet (non-zero at the end: the child stopped mid-record).
  std::size_t pending() const { return buffer_.size() - consumed_; }

 private:
  std::vector<uint8_t> buffer_;
  std::size_t consumed_ = 0;
};

}  // namespace anim::app::import_protocol
