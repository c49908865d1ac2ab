#include "core/assets.h"

#include <cstdlib>
#include <system_error>

namespace pl {

namespace {

// True when `p` lies inside `dir` (both made absolute and normalised first).
bool is_inside(const std::filesystem::path& p, const std::filesystem::path& dir) {
    std::error_code ec;
    const auto a = std::filesystem::weakly_canonical(p, ec);
    if (ec)
        return false;
    const auto b = std::filesystem::weakly_canonical(dir, ec);
    if (ec)
        return false;
    const auto rel = a.lexically_relative(b);
    return !rel.empty() && *rel.begin() != "..";
}

}  // namespace

std::filesystem::path assets_dir() {
    std::error_code ec;
    if (const char* env = std::getenv("PREFIXLENS_ASSETS"); env && *env)
        return env;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec)
        return PREFIXLENS_SOURCE_ASSETS;
    const auto installed = exe.parent_path().parent_path() / "share" / "prefixlens" / "assets";
    if (std::filesystem::is_directory(installed, ec))
        return installed;
    // Only a program of this build tree reads the source tree: an installed copy with missing
    // assets must fail and name the folder it expected, not quietly run on the build machine's
    // checkout.
    if (is_inside(exe, PREFIXLENS_BINARY_DIR))
        return PREFIXLENS_SOURCE_ASSETS;
    return installed;
}

std::filesystem::path builtin_model_dir() {
    return assets_dir() / "model";
}

std::filesystem::path model_dir_or_builtin(const std::filesystem::path& dir) {
    return dir.empty() ? builtin_model_dir() : dir;
}

}  // namespace pl
