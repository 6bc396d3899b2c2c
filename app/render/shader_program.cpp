#include "render/shader_program.h"

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>

namespace anim::app {
namespace {

std::string shader_log(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(length > 0 ? length : 1, '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return log;
}

Result<GLuint> compile(const std::string& name, GLenum stage, const char* source) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    const std::string log = shader_log(shader);
    glDeleteShader(shader);
    const char* kind = stage == GL_VERTEX_SHADER ? "vertex" : "fragment";
    return Error{Error::Code::kInvalidData, std::string(kind) + " shader: " + log, name};
  }
  return shader;
}

}  // namespace

Result<std::unique_ptr<ShaderProgram>> ShaderProgram::create(const std::string& name,
                                                             const char* vertex,
                                                             const char* fragment) {
  Result<GLuint> vs = compile(name, GL_VERTEX_SHADER, vertex);
  if (!vs.ok()) return vs.error();
  Result<GLuint> fs = compile(name, GL_FRAGMENT_SHADER, fragment);
  if (!fs.ok()) {
    glDeleteShader(vs.value());
    return fs.error();
  }
  std::unique_ptr<ShaderProgram> program(new ShaderProgram());
  program->id_ = glCreateProgram();
  glAttachShader(program->id_, vs.value());
  glAttachShader(program->id_, fs.value());
  glLinkProgram(program->id_);
  glDeleteShader(vs.value());
  glDeleteShader(fs.value());
  GLint ok = 0;
  glGetProgramiv(program->id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(program->id_, GL_INFO_LOG_LENGTH, &length);
    std::string log(length > 0 ? length : 1, '\0');
    glGetProgramInfoLog(program->id_, length, nullptr, log.data());
    return Error{Error::Code::kInvalidData, "link: " + log, name};
  }
  return program;
}

ShaderProgram::~ShaderProgram() {
  if (id_) glDeleteProgram(id_);
}

void ShaderProgram::use() const { glUseProgram(id_); }

void ShaderProgram::set(const char* name, const glm::mat4& value) const {
  glProgramUniformMatrix4fv(id_, glGetUniformLocation(id_, name), 1, GL_FALSE,
                            glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::vec3& value) const {
  glProgramUniform3fv(id_, glGetUniformLocation(id_, name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, float value) const {
  glProgramUniform1f(id_, glGetUniformLocation(id_, name), value);
}
void ShaderProgram::set(const char* name, int value) const {
  glProgramUniform1i(id_, glGetUniformLocation(id_, name), value);
}

}  // namespace anim::app
