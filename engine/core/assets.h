// Where the shipped assets (built-in model, scenarios, lessons, tables) are found.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.h"

namespace pl {

// In order: $PREFIXLENS_ASSETS; <exe>/../share/prefixlens/assets (installed); the source tree's
// assets/, but only for a program inside this build tree (a build that has not been installed).
// Anywhere else the installed path is returned even when missing, so the error names it.
std::filesystem::path assets_dir();
std::filesystem::path builtin_model_dir();
// The model folder a program runs, chosen here only: `dir` (--model, the app's model setting), or
// the built-in model when none is named (empty).
std::filesystem::path model_dir_or_builtin(const std::filesystem::path& dir);

// The names (without ".json") of the built-in JSON files in `dir`, such as assets/scenarios or
// assets/lessons: sorted by each file's "order" field (1000 when it has none), then by name.
std::vector<std::string> builtin_json_names(const std::filesystem::path& dir);

// `path_or_name` when it is a file; else the built-in <dir>/<name>.json. `kind` ("scenario",
// "lesson") words the error, which lists the built-in names, or names the folder when the
// installation has none.
Result<std::filesystem::path> find_file_or_builtin(const std::string& path_or_name,
                                                   const std::filesystem::path& dir,
                                                   const std::string& kind);

}  // namespace pl
