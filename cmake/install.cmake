# `cmake --install build --prefix P`: the libraries a game links, their headers, a CMake package
# (find_package(animscope) -> animscope::core, ::files, ::setup, ::bake, ::clip_files, ::import,
# ::link) and
# pkg-config files.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(anim_core PROPERTIES EXPORT_NAME core)
set_target_properties(anim_files PROPERTIES EXPORT_NAME files)
set_target_properties(anim_setup PROPERTIES EXPORT_NAME setup)
set_target_properties(anim_bake PROPERTIES EXPORT_NAME bake)
set_target_properties(anim_clip_files PROPERTIES EXPORT_NAME clip_files)
set_target_properties(anim_import PROPERTIES EXPORT_NAME import)
set_target_properties(anim_link PROPERTIES EXPORT_NAME link)
install(TARGETS anim_core anim_files anim_setup anim_bake anim_clip_files anim_import anim_link
        EXPORT animscopeTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# Each library's headers under its own folder: anim/ (core), anim/files/, anim/setup/, anim/bake/,
# anim/import/, anim/link/.
install(DIRECTORY core/include/ files/include/ setup/include/ bake/include/ import/include/
                  link/include/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

set(config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/animscope)
install(EXPORT animscopeTargets NAMESPACE animscope:: DESTINATION ${config_dir})
configure_package_config_file(cmake/animscopeConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/animscopeConfig.cmake INSTALL_DESTINATION ${config_dir})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/animscopeConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/animscopeConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/animscopeConfigVersion.cmake
        DESTINATION ${config_dir})

# One pkg-config file per library; each names the ones it builds on. The prefix is found from the
# file's own place, so an install moved or made with --prefix still works.
file(RELATIVE_PATH PC_UP "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
function(animscope_pkg_config name library description requires libs)
  set(PC_NAME ${name})
  set(PC_LIBRARY ${library})
  set(PC_DESCRIPTION ${description})
  set(PC_REQUIRES ${requires})
  set(PC_LIBS ${libs})
  configure_file(cmake/animscope.pc.in ${CMAKE_CURRENT_BINARY_DIR}/animscope-${name}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/animscope-${name}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()
animscope_pkg_config(core anim_core "animscope runtime: assets, jobs, state machine, packages"
                     "glm" "")
animscope_pkg_config(files anim_files "animscope whole-file reading and atomic saving"
                     "animscope-core" "")
animscope_pkg_config(setup anim_setup "animscope setup JSON reading, writing and validation"
                     "animscope-core animscope-files animscope-clip_files nlohmann_json" "")
animscope_pkg_config(bake anim_bake "animscope clip compression and package writing"
                     "animscope-core" "")
animscope_pkg_config(clip_files anim_clip_files
                     "animscope clip files: binding and retargeting onto a model"
                     "animscope-core" "-lpthread")
animscope_pkg_config(import anim_import "animscope model import (assimp)"
                     "animscope-clip_files assimp" "")
animscope_pkg_config(link anim_link "animscope game link: lets the tool attach to a running game"
                     "animscope-core" "-lpthread")
