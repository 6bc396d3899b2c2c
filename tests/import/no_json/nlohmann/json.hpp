// Stands in for nlohmann/json.hpp in import_without_json_test: anim_import and anim_clip_files
// read models and clip files without JSON, so none of their headers may include it.
#error "an import header includes nlohmann/json.hpp: anim_import must not depend on JSON"
