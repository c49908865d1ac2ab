// Whether the machine has a Vulkan driver at all: the one reason a Vulkan suite may skip. Asked of
// the loader directly, apart from the engine (as test_backend_fallback points the loader at a
// driver of its own choosing), so that an engine error on a machine that has a device (a kernel
// that does not build for some head size, the pool's sizing, the warm-up forward) fails the suite
// instead of turning it into a skip that CTest reports as Passed.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace pl::test {

// The physical devices the loader lists (software ones such as lavapipe included); 0 when the
// loader finds no driver. -1, with `why` set, when the loader fails for another reason: that is
// an error to report, not a machine without Vulkan.
inline int vulkan_device_count(std::string& why) {
    uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> exts(n);
    vkEnumerateInstanceExtensionProperties(nullptr, &n, exts.data());
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "prefixlens-test";
    app.apiVersion = VK_API_VERSION_1_0;
    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    const char* portability = VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME;
    for (const VkExtensionProperties& e : exts) {
        if (std::strcmp(e.extensionName, portability) == 0) {
            // MoltenVK lists its devices only to instances that ask for portability drivers.
            ici.flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
            ici.enabledExtensionCount = 1;
            ici.ppEnabledExtensionNames = &portability;
        }
    }
    VkInstance instance = VK_NULL_HANDLE;
    const VkResult r = vkCreateInstance(&ici, nullptr, &instance);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER)
        return 0;
    if (r != VK_SUCCESS) {
        why = "vkCreateInstance failed (VkResult " + std::to_string(static_cast<int>(r)) + ")";
        return -1;
    }
    uint32_t devices = 0;
    const VkResult e = vkEnumeratePhysicalDevices(instance, &devices, nullptr);
    vkDestroyInstance(instance, nullptr);
    if (e != VK_SUCCESS) {
        why = "vkEnumeratePhysicalDevices failed (VkResult " + std::to_string(static_cast<int>(e)) +
              ")";
        return -1;
    }
    return static_cast<int>(devices);
}

// The Vulkan driver manifests (ICD files) installed where the loader looks for them, and the
// ones VK_ICD_FILENAMES / VK_DRIVER_FILES name: a machine with any has a driver that should
// open, and a device it cannot open is a broken install, not a machine without Vulkan.
inline std::vector<std::string> vulkan_driver_manifests() {
    std::vector<std::string> found;
    for (const char* var : {"VK_ICD_FILENAMES", "VK_DRIVER_FILES"}) {
        if (const char* v = std::getenv(var); v && *v)
            found.push_back(std::string(var) + "=" + v);
    }
    std::vector<std::filesystem::path> dirs = {
        "/usr/share/vulkan/icd.d", "/usr/local/share/vulkan/icd.d", "/etc/vulkan/icd.d"};
    if (const char* home = std::getenv("HOME"); home && *home)
        dirs.push_back(std::filesystem::path(home) / ".local/share/vulkan/icd.d");
    for (const auto& d : dirs) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(d, ec)) {
            if (e.path().extension() == ".json")
                found.push_back(e.path().string());
        }
    }
    return found;
}

// What a suite does when the engine could not start Vulkan: the reason to skip when the machine
// has no Vulkan driver at all; otherwise empty, and the caller fails with the engine's error.
// A driver that is installed but cannot be opened (a broken lavapipe, a stale
// VK_ICD_FILENAMES) fails, and PREFIXLENS_REQUIRE_VULKAN=1 (CI) turns every skip into a failure.
inline std::string skip_reason_without_vulkan(const std::string& engine_error) {
    if (const char* v = std::getenv("PREFIXLENS_REQUIRE_VULKAN"); v && std::string(v) == "1")
        return {};
    if (!vulkan_driver_manifests().empty())
        return {};
    std::string why;
    const int devices = vulkan_device_count(why);
    if (devices == 0)
        return "no Vulkan driver on this machine (" + engine_error + ")";
    return {};
}

}  // namespace pl::test
