#include "core/file_util.h"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <system_error>

namespace pl {

Result<void> write_file_atomically(const std::filesystem::path& path, std::string_view bytes) {
    // Unique per process and call: two writers of one file (two app instances saving the
    // pipeline cache, say) never share a temporary file.
    static std::atomic<unsigned> counter{0};
    std::filesystem::path tmp = path;
    tmp += ".tmp" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    std::error_code ec;
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out)
            return make_error(path.string() + ": cannot write");
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.close();
        if (!out) {
            std::filesystem::remove(tmp, ec);
            return make_error(path.string() + ": write failed (disk full?)");
        }
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        return make_error(path.string() + ": cannot move the new file into place (" + ec.message() +
                          ")");
    }
    return {};
}

}  // namespace pl
