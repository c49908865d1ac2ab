// How busy the machine was while something ran: the CPU time the rest of the machine used, as
// a share of the cores, from /proc/stat and /proc/self/stat (Linux). A benchmark reports it next
// to its figures so that a slow run on a busy laptop is not mistaken for a slow engine.
#pragma once

#include <optional>

namespace pl {

struct CpuTimes {
    double machine_busy_s = 0;   // all cores, every process, user + system + ...
    double machine_total_s = 0;  // all cores, busy + idle
    double self_s = 0;           // this process, user + system
    int cpus = 0;                // cores /proc/stat lists
};

// Now, or nullopt where /proc is not there.
std::optional<CpuTimes> sample_cpu_times();

struct MachineLoad {
    int cpus = 0;
    double others_busy = 0;  // cores' worth of CPU other processes used, on average (0 .. cpus)
    double self_busy = 0;    // cores' worth this process used
};

// Between two samples; nullopt if either is missing or no time passed.
std::optional<MachineLoad> machine_load(const std::optional<CpuTimes>& begin,
                                        const std::optional<CpuTimes>& end);

}  // namespace pl
