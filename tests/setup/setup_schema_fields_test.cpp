// The JSON schema (setup/schema/) against the tables the reader and writer work from
// (setup/src/setup_fields.h, setup_enum_names.h): each item's properties are its table's
// fields, the required ones match, the forms of their values agree, and every enum list is its
// enum's table of names.
#include <algorithm>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "anim/setup/setup.h"
#include "setup_enum_names.h"
#include "setup_fields.h"
#include "support/setup_files.h"

namespace anim::setup::json {
namespace {

using ::anim::testing::read_text_file;
using ::testing::ElementsAreArray;
using ::testing::UnorderedElementsAreArray;

const Json& schema() {
  static const Json json = Json::parse(read_text_file(std::string(ANIMSCOPE_SOURCE_DIR) +
                                                      "/setup/schema/animscope.setup.schema.json"));
  return json;
}

const Json& def(const char* name) { return schema().at("$defs").at(name); }

std::vector<std::string> keys(const Json& object) {
  std::vector<std::string> names;
  for (auto it = object.begin(); it != object.end(); ++it) names.push_back(it.key());
  return names;
}

std::vector<std::string> strings(const Json& array) {
  std::vector<std::string> names;
  for (const Json& name : array) names.push_back(name.get<std::string>());
  return names;
}

template <class T>
std::vector<std::string> field_names(const Table<T>& table) {
  std::vector<std::string> names;
  for (const Field<T>& field : table.fields) names.push_back(field.name);
  return names;
}

template <class T>
std::vector<std::string> field_names(const Table<T>& table, Need need) {
  std::vector<std::string> names;
  for (const Field<T>& field : table.fields) {
    if (field.need == need) names.push_back(field.name);
  }
  return names;
}

template <class E>
std::vector<std::string> enum_list() {
  std::vector<std::string> names;
  for (const EnumName<E>& entry : enum_names<E>().names) names.push_back(entry.name);
  return names;
}

// The form of a property's value as the schema gives it, in the words of form_of(Kind).
std::string schema_form(const Json& property) {
  const std::string number = "#/$defs/number";
  if (property.contains("type")) return property["type"].get<std::string>();
  if (property.contains("enum")) return "enum";
  if (property.value("$ref", "") == number) return "number";
  if (property.contains("allOf") && property["allOf"][0].value("$ref", "") == number) {
    return "number";
  }
  if (property.contains("anyOf")) {
    std::string form;
    for (const Json& option : property["anyOf"]) {
      form += (form.empty() ? "" : "|") + schema_form(option);
    }
    return form;
  }
  return "?";
}

// What the schema should say of a field of this kind; "" when only the hook knows.
std::string form_of(Kind kind) {
  switch (kind) {
    case Kind::kText:
    case Kind::kName:
      return "string";
    case Kind::kNumber:
      return "number";
    case Kind::kNumberOrNull:
      return "number|null";
    case Kind::kFlag:
      return "boolean";
    case Kind::kChoice:
      return "enum";
    case Kind::kNames:
    case Kind::kItems:
    case Kind::kVector:
      return "array";
    case Kind::kObject:
    case Kind::kPart:
      return "object";
    case Kind::kCustom:
      return "";
  }
  return "?";
}

// The item's "properties" and "required" against its table, and each value's form.
template <class T>
void expect_item(const Json& item, const Table<T>& table) {
  const Json& properties = item.at("properties");
  EXPECT_THAT(field_names(table), UnorderedElementsAreArray(keys(properties)));
  EXPECT_THAT(field_names(table, Need::kRequired),
              UnorderedElementsAreArray(strings(item.value("required", Json::array()))));
  for (const Field<T>& field : table.fields) {
    if (!properties.contains(field.name) || field.kind == Kind::kCustom) continue;
    const Json& property = properties[field.name];
    EXPECT_EQ(schema_form(property), form_of(field.kind)) << field.name;
    // A name must not be empty; other text may.
    EXPECT_EQ(property.value("minLength", 0) == 1, field.kind == Kind::kName) << field.name;
  }
}

TEST(SetupSchemaFieldsTest, TopLevelPropertiesAreTheSetupsFields) {
  SCOPED_TRACE("top level");
  expect_item(schema(), table_of<setup::Setup>());
}

TEST(SetupSchemaFieldsTest, EachItemsPropertiesAreItsTablesFields) {
  {
    SCOPED_TRACE("animation");
    expect_item(def("animation"), table_of<SetupAnimation>());
  }
  {
    SCOPED_TRACE("root_motion");
    expect_item(schema().at("properties").at("root_motion"), table_of<SetupRootMotion>());
  }
  {
    SCOPED_TRACE("parameter");
    expect_item(def("parameter"), table_of<SetupParameter>());
  }
  {
    SCOPED_TRACE("blendSpace");
    expect_item(def("blendSpace"), table_of<SetupBlendSpace>());
  }
  {
    SCOPED_TRACE("blendPoint");
    expect_item(def("blendPoint"), table_of<SetupBlendPoint>());
  }
  {
    SCOPED_TRACE("blendPoint2D");
    expect_item(def("blendPoint2D"), table_of<SetupBlendPoint>());
  }
}

TEST(SetupSchemaFieldsTest, MachineItemsPropertiesAreTheirTablesFields) {
  {
    SCOPED_TRACE("state");
    expect_item(def("state"), table_of<SetupState>());
  }
  {
    SCOPED_TRACE("machine");
    expect_item(def("machine"), table_of<SetupMachine>());
  }
  {
    SCOPED_TRACE("condition");
    expect_item(def("condition"), table_of<SetupCondition>());
  }
  {
    SCOPED_TRACE("transition");
    expect_item(def("transition"), table_of<SetupTransition>());
  }
  {
    SCOPED_TRACE("event");
    expect_item(def("event"), table_of<SetupEvent>());
  }
  {
    SCOPED_TRACE("layer");
    expect_item(def("layer"), table_of<SetupLayer>());
  }
  {
    SCOPED_TRACE("ik");
    expect_item(def("ik"), table_of<SetupIk>());
  }
  {
    SCOPED_TRACE("layer mask");
    expect_item(def("layer").at("properties").at("mask"), mask_table());
  }
}

// The required field of each branch of an item's oneOf in the schema.
std::vector<std::string> one_of_branches(const Json& item) {
  std::vector<std::string> branches;
  for (const Json& branch : item.at("oneOf")) {
    const std::vector<std::string> required = strings(branch.at("required"));
    EXPECT_EQ(required.size(), 1u);
    if (!required.empty()) branches.push_back(required[0]);
  }
  return branches;
}

// A blend space has one axis or two, a state a motion or a machine: each branch of the schema's
// oneOf requires one of them.
TEST(SetupSchemaFieldsTest, EitherFieldsAreTheBranchesOfTheSchemasOneOf) {
  EXPECT_THAT(field_names(table_of<SetupBlendSpace>(), Need::kEither),
              UnorderedElementsAreArray(one_of_branches(def("blendSpace"))));
  EXPECT_THAT(field_names(table_of<SetupState>(), Need::kEither),
              UnorderedElementsAreArray(one_of_branches(def("state"))));
}

// A condition's value is required by the ops that compare, which the schema names in its "if".
TEST(SetupSchemaFieldsTest, DependentFieldsAreWhatTheSchemasConditionRequires) {
  const Json& condition = def("condition");
  EXPECT_THAT(field_names(table_of<SetupCondition>(), Need::kDepends),
              UnorderedElementsAreArray(strings(condition.at("then").at("required"))));
  std::vector<std::string> comparing;
  for (const EnumName<ConditionOp>& op : enum_names<ConditionOp>().names) {
    if (op_takes_value(op.value)) comparing.push_back(op.name);
  }
  const Json& if_op = condition.at("if").at("properties").at(key_of(&SetupCondition::op));
  EXPECT_THAT(strings(if_op.at("enum")), ElementsAreArray(comparing));
}

TEST(SetupSchemaFieldsTest, EnumListsAreTheEnumTables) {
  const auto enum_of = [](const Json& item, const char* key) {
    return strings(item.at("properties").at(key).at("enum"));
  };
  EXPECT_THAT(enum_of(def("parameter"), key_of(&SetupParameter::type)),
              ElementsAreArray(enum_list<ParameterType>()));
  EXPECT_THAT(enum_of(def("condition"), key_of(&SetupCondition::op)),
              ElementsAreArray(enum_list<ConditionOp>()));
  EXPECT_THAT(enum_of(def("transition"), key_of(&SetupTransition::interruption)),
              ElementsAreArray(enum_list<Interruption>()));
  EXPECT_THAT(enum_of(def("layer"), key_of(&SetupLayer::blend)),
              ElementsAreArray(enum_list<LayerBlend>()));
  EXPECT_THAT(enum_of(def("ik"), key_of(&SetupIk::type)), ElementsAreArray(enum_list<IkType>()));
  EXPECT_THAT(enum_of(schema().at("properties").at("root_motion"), key_of(&SetupRootMotion::yaw)),
              ElementsAreArray(enum_list<bool>()));
}

// Defaults the schema states are what a default item writes.
TEST(SetupSchemaFieldsTest, EnumDefaultsAreTheDefaultItemsNames) {
  const auto default_of = [](const Json& item, const char* key) {
    return item.at("properties").at(key).at("default").get<std::string>();
  };
  EXPECT_EQ(default_of(def("transition"), key_of(&SetupTransition::interruption)),
            to_string(SetupTransition().interruption));
  EXPECT_EQ(default_of(def("layer"), key_of(&SetupLayer::blend)), to_string(SetupLayer().blend));
  EXPECT_EQ(default_of(schema().at("properties").at("root_motion"), key_of(&SetupRootMotion::yaw)),
            name_of(SetupRootMotion().yaw));
}

TEST(SetupSchemaFieldsTest, HeaderIsTheFormatAndTheVersionsRead) {
  const Json& properties = schema().at("properties");
  const std::vector<std::string> header = {table_of<setup::Setup>().fields[0].name,
                                           table_of<setup::Setup>().fields[1].name};
  EXPECT_EQ(properties.at(header[0]).at("const"), kSetupFormat);
  std::vector<int> versions;
  for (int v = kOldestSetupVersion; v <= kSetupVersion; ++v) versions.push_back(v);
  EXPECT_EQ(properties.at(header[1]).at("enum"), Json(versions));
}

// Every JSON name appears once per table, and enum names once per enum.
TEST(SetupSchemaFieldsTest, NamesAreUniqueInEachTable) {
  const auto expect_unique = [](std::vector<std::string> names) {
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
  };
  expect_unique(field_names(table_of<setup::Setup>()));
  expect_unique(field_names(table_of<SetupAnimation>()));
  expect_unique(field_names(table_of<SetupParameter>()));
  expect_unique(field_names(table_of<SetupBlendSpace>()));
  expect_unique(field_names(table_of<SetupBlendPoint>()));
  expect_unique(field_names(table_of<SetupState>()));
  expect_unique(field_names(table_of<SetupCondition>()));
  expect_unique(field_names(table_of<SetupTransition>()));
  expect_unique(field_names(table_of<SetupEvent>()));
  expect_unique(field_names(table_of<SetupLayer>()));
  expect_unique(field_names(mask_table()));
  expect_unique(field_names(table_of<SetupRootMotion>()));
  expect_unique(enum_list<ParameterType>());
  expect_unique(enum_list<ConditionOp>());
  expect_unique(enum_list<Interruption>());
  expect_unique(enum_list<LayerBlend>());
  expect_unique(enum_list<bool>());
}

}  // namespace
}  // namespace anim::setup::json
