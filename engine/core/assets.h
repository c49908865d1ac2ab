// Where the shipped assets (built-in model, scenarios, lessons, tables) are found.
#pragma once

#include <filesystem>

namespace pl {

// In order: $PREFIXLENS_ASSETS; <exe>/../share/prefixlens/assets (installed); the source tree's
// assets/, but only for a program inside this build tree (a build that has not been installed).
// Anywhere else the installed path is returned even when missing, so the error names it.
std::filesystem::path assets_dir();
std::filesystem::path builtin_model_dir();
// The model folder a program runs, chosen here only: `dir` (--model, the app's model setting), or
// the built-in model when none is named (empty).
std::filesystem::path model_dir_or_builtin(const std::filesystem::path& dir);

}  // namespace pl
