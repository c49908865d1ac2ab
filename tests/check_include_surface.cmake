# cmake -DSOURCE_DIR=<repo> -P check_include_surface.cmake
# Fails when a file in app/ or ui/ includes an engine header that engine/public_headers.txt does
# not list, or when a ui/ file other than the engine worker includes a "worker" header (one that
# tokenizes, renders, lints or runs the model: that work must not run on the UI thread).
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

# The live view of a serving engine has its own worker thread (ui/live_session.cpp).
set(worker_files "ui/engine_session.cpp" "ui/live_session.cpp")
file(GLOB sources RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/app/*.cpp" "${SOURCE_DIR}/app/*.h"
     "${SOURCE_DIR}/ui/*.cpp" "${SOURCE_DIR}/ui/*.h")
foreach(src IN LISTS sources)
  file(STRINGS "${SOURCE_DIR}/${src}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(inc IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" header "${inc}")
    if(NOT EXISTS "${SOURCE_DIR}/engine/${header}")
      continue()  # a header of app/ or ui/ itself, or generated
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
