#pragma once
// Error reporting for the runtime: nothing in anim_core throws across its API.
#include <string>
#include <utility>
#include <variant>

namespace anim {

struct Error {
  enum class Code { kInvalidArgument, kNotFound, kIo, kParse, kInvalidData, kCancelled };

  Code code = Code::kInvalidData;
  std::string message;  // What went wrong, for people.
  std::string path;     // The file, or the place inside it (e.g. a JSON pointer); may be empty.

  // "path: message", or just the message when there is no path.
  std::string to_string() const { return path.empty() ? message : path + ": " + message; }
};

// Either a value or an Error. Check ok() before value().
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT

  bool ok() const { return data_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// Result of an operation that yields nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

}  // namespace anim
