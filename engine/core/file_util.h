// Writing files so that a reader never sees half of one: the bytes go to a temporary file
// beside the target, which is renamed over it only once complete.
#pragma once

#include <filesystem>
#include <string_view>

#include "core/error.h"

namespace pl {

// Writes bytes to path atomically. On failure the target is untouched, no temporary file is
// left, and the error names the path ("<path>: cannot write", "...: write failed (disk full?)").
Result<void> write_file_atomically(const std::filesystem::path& path, std::string_view bytes);

}  // namespace pl
