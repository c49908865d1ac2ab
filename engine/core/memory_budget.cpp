#include "core/memory_budget.h"

#include <unistd.h>

#include <cstdio>

namespace pl {

std::size_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return 0;
    return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page);
}

std::string human_bytes(double bytes) {
    static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 5) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return buf;
}

Result<void> check_allocation(std::size_t bytes, const std::string& what) {
    const std::size_t mem = physical_memory_bytes();
    if (mem == 0 || bytes <= mem / 4 * 3)
        return {};
    return make_error(what + " needs " + human_bytes(static_cast<double>(bytes)) +
                      ", more than this machine can give it (" +
                      human_bytes(static_cast<double>(mem)) + " of memory in all)");
}

}  // namespace pl
