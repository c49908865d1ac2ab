// Sizes from files are checked before anything is allocated: a hostile or mistaken header can
// ask for any amount, and std::bad_alloc (or the OOM killer) is no error message.
#pragma once

#include <cstddef>
#include <string>

#include "core/error.h"

namespace pl {

// Physical memory of this machine in bytes (0 when it cannot be read).
std::size_t physical_memory_bytes();

// "1.5 GiB", "640 MiB", "12 KiB": a size for a message.
std::string human_bytes(double bytes);

// Fails with "<what> needs <N> GiB, more than this machine's memory (<M> GiB)" when bytes
// exceeds 3/4 of physical memory (the rest is the OS, the app and its other buffers).
Result<void> check_allocation(std::size_t bytes, const std::string& what);

}  // namespace pl
