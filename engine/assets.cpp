#include "assets.h"

#include <cstdlib>
#include <system_error>

namespace pl {

std::filesystem::path assets_dir() {
    std::error_code ec;
    if (const char* env = std::getenv("PREFIXLENS_ASSETS"); env && *env)
        return env;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto installed = exe.parent_path().parent_path() / "share" / "prefixlens" / "assets";
        if (std::filesystem::is_directory(installed, ec))
            return installed;
    }
    return PREFIXLENS_SOURCE_ASSETS;
}

std::filesystem::path builtin_model_dir() {
    return assets_dir() / "model";
}

}  // namespace pl
