#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace pl {
// The SPIR-V words of an embedded compute shader, or an empty span when there is none.
std::span<const uint32_t> find_shader(std::string_view name);
}  // namespace pl
