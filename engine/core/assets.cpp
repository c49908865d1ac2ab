#include "core/assets.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>
#include <utility>

#include "core/json_util.h"

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

std::vector<std::string> builtin_json_names(const std::filesystem::path& dir) {
    std::vector<std::pair<long, std::string>> found;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (e.path().extension() != ".json")
            continue;
        long order = 1000;
        if (auto text = read_text_file(e.path().string())) {
            if (auto j = parse_json(text.value(), e.path().string());
                j && j->is_object() && j->contains("order") && (*j)["order"].is_number_integer()) {
                order = (*j)["order"].get<long>();
            }
        }
        found.emplace_back(order, e.path().stem().string());
    }
    std::sort(found.begin(), found.end());
    std::vector<std::string> names;
    for (auto& [o, n] : found)
        names.push_back(n);
    return names;
}

Result<std::filesystem::path> find_file_or_builtin(const std::string& path_or_name,
                                                   const std::filesystem::path& dir,
                                                   const std::string& kind) {
    std::error_code ec;
    std::filesystem::path path = path_or_name;
    if (std::filesystem::exists(path, ec) || path.extension() == ".json" ||
        path_or_name.find('/') != std::string::npos)
        return path;  // a path, even a missing one: reading it says so
    path = dir / (path_or_name + ".json");
    if (std::filesystem::exists(path, ec))
        return path;
    if (!std::filesystem::is_directory(dir, ec)) {
        // A broken installation, not a typo: say where the built-in files should be.
        return make_error(path_or_name + ": no such " + kind + " file, and no built-in " + kind +
                          "s at " + dir.string() + " (set PREFIXLENS_ASSETS to the assets folder)");
    }
    std::string names;
    for (const auto& n : builtin_json_names(dir))
        names += (names.empty() ? "" : ", ") + n;
    return make_error(path_or_name + ": no such " + kind + " file or built-in " + kind + " (" +
                      names + ")");
}

}  // namespace pl
