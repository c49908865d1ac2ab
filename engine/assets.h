// Where the shipped assets (built-in model, scenarios, lessons, tables) are found.
#pragma once

#include <filesystem>

namespace pl {

// In order: $PREFIXLENS_ASSETS; <exe>/../share/prefixlens/assets (installed); the source tree's
// assets/ (a build that has not been installed).
std::filesystem::path assets_dir();
std::filesystem::path builtin_model_dir();

}  // namespace pl
