// Turning VkResult into pl::Error: every Vulkan call in the engine says what it attempted.
#pragma once

#include <vulkan/vulkan.h>

#include <string>

#include "core/error.h"

namespace pl::vk {

// "VK_ERROR_OUT_OF_DEVICE_MEMORY" and friends; the number for codes this build does not know.
const char* result_name(VkResult r);

inline Error vk_error(const std::string& what, VkResult r) {
    return make_error(what + " failed: " + result_name(r));
}

}  // namespace pl::vk

// Returns a pl::Error from the enclosing function when a Vulkan call fails; `what` names the
// call and, where it helps, what it was for ("vkCreateDevice", "vkAllocateMemory for weights").
#define PL_VK(call, what)                                \
    do {                                                 \
        const VkResult pl_vk_r_ = (call);                \
        if (pl_vk_r_ != VK_SUCCESS) {                    \
            return ::pl::vk::vk_error((what), pl_vk_r_); \
        }                                                \
    } while (0)
