# cmake -DSOURCE_DIR=<repo> -P check_include_surface.cmake
# Fails when a file in app/ or ui/ includes an engine header that engine/public_headers.txt does
# not list, when a ui/ file other than the worker threads' (worker_files below) includes a
# "worker" header (one that tokenizes, renders, lints or runs the model: that work must not run on
# the UI thread),
# or when ui/'s folders include each other against the README's Layout table: only ui/shell/
# includes the window shell, and ui/common/ and ui/state/ include no views, panels or sessions.
cmake_minimum_required(VERSION 3.25)

file(STRINGS "${SOURCE_DIR}/engine/public_headers.txt" lines)
set(public "")
set(worker "")
foreach(line IN LISTS lines)
  string(STRIP "${line}" line)
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  separate_arguments(fields UNIX_COMMAND "${line}")
  list(GET fields 0 header)
  if(NOT EXISTS "${SOURCE_DIR}/engine/${header}")
    list(APPEND problems "engine/public_headers.txt lists ${header}, which does not exist")
  endif()
  list(APPEND public "${header}")
  list(LENGTH fields n)
  if(n GREATER 1)
    list(APPEND worker "${header}")
  endif()
endforeach()

# The live view of a serving engine has its own worker thread (ui/session/live_session.cpp).
# The traffic view replays a log on its own worker thread too (ui/traffic/traffic_session.cpp).
set(worker_files "ui/session/engine_session.cpp" "ui/session/live_session.cpp"
    "ui/traffic/traffic_session.cpp")
file(GLOB_RECURSE sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/app/*.h"
     "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/ui/*.h")
# ui/'s folders, and the folders of ui/ each may not include.
set(ui_folders common state session views panels lessons traffic shell)
set(forbidden_common state views panels lessons traffic session shell)
set(forbidden_state views panels lessons traffic session shell)
set(forbidden_session views panels lessons traffic shell)
set(forbidden_views panels lessons traffic session shell)
set(forbidden_panels lessons traffic shell)
set(forbidden_lessons shell)
set(forbidden_traffic views lessons shell)
set(forbidden_shell "")
foreach(src IN LISTS sources)
  if(src MATCHES "^ui/[^/]+$")
    list(APPEND problems "${src} lies directly in ui/: put it in the folder of its subject")
  endif()
  file(STRINGS "${SOURCE_DIR}/${src}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(inc IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" header "${inc}")
    if(src MATCHES "^ui/([a-z_]+)/" AND EXISTS "${SOURCE_DIR}/ui/${header}")
      set(folder "${CMAKE_MATCH_1}")
      string(REGEX MATCH "^[a-z_]+" target "${header}")
      if(NOT folder IN_LIST ui_folders)
        list(APPEND problems "${src} lies in ui/${folder}/, which the README's Layout table lacks")
      elseif(target IN_LIST forbidden_${folder})
        list(APPEND problems "${src} includes ${header}: ui/${folder}/ may not include ui/${target}/")
      endif()
      continue()
    endif()
    if(NOT EXISTS "${SOURCE_DIR}/engine/${header}")
      continue()  # a header of app/ itself, or generated
    endif()
    if(NOT header IN_LIST public)
      list(APPEND problems "${src} includes engine-internal ${header}")
    elseif(header IN_LIST worker AND src MATCHES "^ui/" AND NOT src IN_LIST worker_files)
      list(APPEND problems "${src} includes ${header}, engine work the UI thread must not run")
    endif()
  endforeach()
endforeach()

if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "include surface broken:\n  ${text}")
endif()
list(LENGTH sources n)
message(STATUS "include surface holds: ${n} files of app/ and ui/ checked")
