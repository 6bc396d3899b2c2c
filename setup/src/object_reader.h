#pragma once
// Reading one object of a setup file by its item's field table: what the reader
// (setup_read.cpp) and the fields' reading hooks (setup_read_hooks.cpp) share.
#include <string>
#include <utility>
#include <vector>

#include "field_reader.h"
#include "setup_fields.h"

namespace anim::setup::json {

inline bool is_required(Need need) { return need == Need::kRequired; }

// One object of item T being read: its fields, and which of them read without a problem.
template <class T>
class ObjectReader {
 public:
  ObjectReader(const Json& json, std::string pointer, Problems* problems, const Table<T>& table,
               const Context& context)
      : in_(json, std::move(pointer), problems),
        table_(table),
        context_(context),
        ok_(table.fields.size(), true) {}

  const FieldReader& in() const { return in_; }
  const Context& context() const { return context_; }

  // Whether the object has the field bound to `member`.
  template <class V>
  bool has(V T::*member) const {
    const Field<T>* field = field_of(table_, member);
    return field != nullptr && in_.find(field->name, false) != nullptr;
  }
  // Whether the field bound to `member`, which comes earlier in the table, read without problem.
  template <class V>
  bool read_ok(V T::*member) const {
    const Field<T>* field = field_of(table_, member);
    return field != nullptr && ok_[static_cast<std::size_t>(field - table_.fields.begin())];
  }

  // Reads every field of the table into `item` in order, and keeps the others in its extra.
  void read(T* item);

 private:
  FieldReader in_;
  const Table<T>& table_;
  Context context_;
  std::vector<bool> ok_;
};

// The item of type T in `json`, read by its table; setup_read.cpp has the types it reads.
template <class T>
T read_object(const Json& json, const std::string& pointer, Problems* problems,
              const Context& context);

}  // namespace anim::setup::json
