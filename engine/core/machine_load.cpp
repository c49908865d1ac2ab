#include "core/machine_load.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

namespace pl {

std::optional<CpuTimes> sample_cpu_times() {
    const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    if (tick <= 0)
        return std::nullopt;
    std::ifstream stat("/proc/stat");
    std::string cpu;
    if (!(stat >> cpu) || cpu != "cpu")
        return std::nullopt;
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    double v[8] = {};
    for (double& x : v) {
        if (!(stat >> x))
            return std::nullopt;
    }
    CpuTimes t;
    const double idle = v[3] + v[4];
    double all = 0;
    for (double x : v)
        all += x;
    t.machine_total_s = all / tick;
    t.machine_busy_s = (all - idle) / tick;
    std::string line;
    std::getline(stat, line);  // the rest of the "cpu" line
    while (std::getline(stat, line)) {
        if (line.size() > 3 && line.compare(0, 3, "cpu") == 0 &&
            std::isdigit(static_cast<unsigned char>(line[3])))
            ++t.cpus;
    }
    // /proc/self/stat: the command name is in parentheses and may hold spaces; utime and stime
    // are fields 14 and 15, the 12th and 13th after the closing parenthesis.
    std::ifstream self("/proc/self/stat");
    if (!std::getline(self, line))
        return std::nullopt;
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos)
        return std::nullopt;
    std::istringstream rest(line.substr(close + 1));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 1; i <= 13 && rest >> field; ++i) {
        if (i == 12)
            utime = std::stod(field);
        else if (i == 13)
            stime = std::stod(field);
    }
    t.self_s = (utime + stime) / tick;
    return t;
}

std::optional<MachineLoad> machine_load(const std::optional<CpuTimes>& begin,
                                        const std::optional<CpuTimes>& end) {
    if (!begin || !end)
        return std::nullopt;
    const int cpus = std::max(1, end->cpus);
    const double total = end->machine_total_s - begin->machine_total_s;
    if (total <= 0)
        return std::nullopt;
    const double wall = total / cpus;  // /proc/stat counts every core
    const double busy = end->machine_busy_s - begin->machine_busy_s;
    const double self = end->self_s - begin->self_s;
    MachineLoad l;
    l.cpus = cpus;
    l.self_busy = std::max(0.0, self / wall);
    l.others_busy = std::clamp((busy - self) / wall, 0.0, static_cast<double>(cpus));
    return l;
}

}  // namespace pl
