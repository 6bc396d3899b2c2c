#pragma once
// A linked GLSL program and its uniforms.
#include <memory>
#include <string>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/result.h"

namespace anim::app {

class ShaderProgram {
 public:
  // Compiles and links; the Error carries the driver's log and the stage that failed.
  static Result<std::unique_ptr<ShaderProgram>> create(const std::string& name, const char* vertex,
                                                       const char* fragment);
  ~ShaderProgram();
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  void use() const;
  void set(const char* name, const glm::mat4& value) const;
  void set(const char* name, const glm::vec3& value) const;
  void set(const char* name, float value) const;
  void set(const char* name, int value) const;

 private:
  ShaderProgram() = default;
  unsigned id_ = 0;
};

}  // namespace anim::app
