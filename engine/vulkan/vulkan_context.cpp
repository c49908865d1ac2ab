#include "vulkan/vulkan_context.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <system_error>
#include <utility>

#include "core/file_util.h"
#include "vulkan/vk_check.h"

namespace pl::vk {

const char* result_name(VkResult r) {
    switch (r) {
#define PL_CASE(x) \
    case x:        \
        return #x
        PL_CASE(VK_SUCCESS);
        PL_CASE(VK_NOT_READY);
        PL_CASE(VK_TIMEOUT);
        PL_CASE(VK_INCOMPLETE);
        PL_CASE(VK_ERROR_OUT_OF_HOST_MEMORY);
        PL_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY);
        PL_CASE(VK_ERROR_INITIALIZATION_FAILED);
        PL_CASE(VK_ERROR_DEVICE_LOST);
        PL_CASE(VK_ERROR_MEMORY_MAP_FAILED);
        PL_CASE(VK_ERROR_LAYER_NOT_PRESENT);
        PL_CASE(VK_ERROR_EXTENSION_NOT_PRESENT);
        PL_CASE(VK_ERROR_FEATURE_NOT_PRESENT);
        PL_CASE(VK_ERROR_INCOMPATIBLE_DRIVER);
        PL_CASE(VK_ERROR_TOO_MANY_OBJECTS);
        PL_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED);
        PL_CASE(VK_ERROR_FRAGMENTED_POOL);
        PL_CASE(VK_ERROR_UNKNOWN);
        PL_CASE(VK_ERROR_OUT_OF_POOL_MEMORY);
        PL_CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE);
        PL_CASE(VK_ERROR_FRAGMENTATION);
        PL_CASE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS);
        PL_CASE(VK_PIPELINE_COMPILE_REQUIRED);
#undef PL_CASE
        default:
            return "VkResult (unknown code)";
    }
}

// ---- Buffer ------------------------------------------------------------------------------

Buffer& Buffer::operator=(Buffer&& o) noexcept {
    if (this != &o) {
        reset();
        device_ = std::exchange(o.device_, VK_NULL_HANDLE);
        buffer_ = std::exchange(o.buffer_, VK_NULL_HANDLE);
        memory_ = std::exchange(o.memory_, VK_NULL_HANDLE);
        size_ = std::exchange(o.size_, 0);
        mapped_ = std::exchange(o.mapped_, nullptr);
    }
    return *this;
}

void Buffer::reset() {
    if (device_ == VK_NULL_HANDLE)
        return;
    if (buffer_ != VK_NULL_HANDLE)
        vkDestroyBuffer(device_, buffer_, nullptr);
    if (memory_ != VK_NULL_HANDLE)
        vkFreeMemory(device_, memory_, nullptr);  // unmaps too
    device_ = VK_NULL_HANDLE;
    buffer_ = VK_NULL_HANDLE;
    memory_ = VK_NULL_HANDLE;
    size_ = 0;
    mapped_ = nullptr;
}

BufferView& BufferView::operator=(BufferView&& o) noexcept {
    if (this != &o) {
        reset();
        device_ = std::exchange(o.device_, VK_NULL_HANDLE);
        view_ = std::exchange(o.view_, VK_NULL_HANDLE);
    }
    return *this;
}

void BufferView::reset() {
    if (device_ != VK_NULL_HANDLE && view_ != VK_NULL_HANDLE) {
        vkDestroyBufferView(device_, view_, nullptr);
    }
    device_ = VK_NULL_HANDLE;
    view_ = VK_NULL_HANDLE;
}

// ---- Context -----------------------------------------------------------------------------

namespace {

bool env_flag(const char* name) {
    const char* v = std::getenv(name);
    return v && *v && std::strcmp(v, "0") != 0;
}

int device_rank(VkPhysicalDeviceType type) {
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return 3;
        default:
            return 4;
    }
}

std::string version_string(uint32_t v) {
    return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) +
           "." + std::to_string(VK_API_VERSION_PATCH(v));
}

bool has_extension(const std::vector<VkExtensionProperties>& exts, const char* name) {
    return std::any_of(exts.begin(), exts.end(), [&](const VkExtensionProperties& e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

// Why a device cannot run our kernels, or empty when it can.
std::string device_unsuitable(VkPhysicalDevice dev) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(dev, &props);
    if (props.apiVersion < VK_API_VERSION_1_3) {
        return "supports Vulkan " + version_string(props.apiVersion) +
               "; the kernels are SPIR-V for Vulkan 1.3";
    }
    uint32_t n = 0;
    vkEnumerateDeviceExtensionProperties(dev, nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> exts(n);
    vkEnumerateDeviceExtensionProperties(dev, nullptr, &n, exts.data());
    if (!has_extension(exts, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
        return "lacks VK_KHR_push_descriptor";
    }
    VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f13};
    vkGetPhysicalDeviceFeatures2(dev, &f2);
    if (!f13.maintenance4)
        return "lacks the maintenance4 feature";
    VkPhysicalDeviceSubgroupProperties sub{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
    VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &sub};
    vkGetPhysicalDeviceProperties2(dev, &p2);
    const VkSubgroupFeatureFlags need =
        VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;
    if (!(sub.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
        (sub.supportedOperations & need) != need) {
        return "lacks subgroup arithmetic in compute shaders";
    }
    if (props.limits.maxComputeWorkGroupInvocations < 256 ||
        props.limits.maxComputeSharedMemorySize < 16384) {
        return "has compute limits below 256 invocations / 16 KiB shared memory";
    }
    return {};
}

std::filesystem::path default_cache_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
        return std::filesystem::path(xdg) / "prefixlens";
    }
    if (const char* home = std::getenv("HOME"); home && *home) {
        return std::filesystem::path(home) / ".cache" / "prefixlens";
    }
    return {};
}

}  // namespace

Result<std::unique_ptr<Context>> Context::create(const VulkanOptions& options) {
    std::unique_ptr<Context> ctx(new Context());
    PL_TRY(ctx->create_instance(options));
    PL_TRY(ctx->pick_device(options));
    PL_TRY(ctx->create_device());
    ctx->load_pipeline_cache(options);
    return ctx;
}

namespace {

std::string probe_software_only_device() {
    uint32_t loader_version = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion(&loader_version) != VK_SUCCESS ||
        loader_version < VK_API_VERSION_1_3)
        return {};
    uint32_t n = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> exts(n);
    vkEnumerateInstanceExtensionProperties(nullptr, &n, exts.data());
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "PrefixLens";
    app.apiVersion = VK_API_VERSION_1_3;
    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    const char* portability = VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME;
    if (has_extension(exts, portability)) {
        ici.flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
        ici.enabledExtensionCount = 1;
        ici.ppEnabledExtensionNames = &portability;
    }
    VkInstance instance = VK_NULL_HANDLE;
    if (vkCreateInstance(&ici, nullptr, &instance) != VK_SUCCESS)
        return {};
    std::string software;
    bool hardware = false;
    n = 0;
    vkEnumeratePhysicalDevices(instance, &n, nullptr);
    std::vector<VkPhysicalDevice> devs(n);
    vkEnumeratePhysicalDevices(instance, &n, devs.data());
    for (VkPhysicalDevice dev : devs) {
        if (!device_unsuitable(dev).empty())
            continue;
        VkPhysicalDeviceProperties p;
        vkGetPhysicalDeviceProperties(dev, &p);
        if (p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) {
            if (software.empty())
                software = p.deviceName;
        } else {
            hardware = true;
        }
    }
    vkDestroyInstance(instance, nullptr);
    return hardware ? std::string() : software;
}

}  // namespace

std::string software_only_device() {
    static const std::string name = probe_software_only_device();
    return name;
}

Result<void> Context::create_instance(const VulkanOptions& options) {
    uint32_t loader_version = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion(&loader_version) != VK_SUCCESS ||
        loader_version < VK_API_VERSION_1_3) {
        return make_error("Vulkan loader " + version_string(loader_version) +
                          " is older than 1.3; update the Vulkan runtime or use --backend cpu");
    }
    bool want_validation = options.validation == 1;
    if (options.validation < 0) {
        want_validation = env_flag("PREFIXLENS_VALIDATION");
#ifndef NDEBUG
        want_validation = true;
#endif
    }
    uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, nullptr);
    std::vector<VkLayerProperties> layers(n);
    vkEnumerateInstanceLayerProperties(&n, layers.data());
    const char* kValidation = "VK_LAYER_KHRONOS_validation";
    const bool have_validation = std::any_of(
        layers.begin(), layers.end(),
        [&](const VkLayerProperties& l) { return std::strcmp(l.layerName, kValidation) == 0; });
    // Asked for by name (the option, or PREFIXLENS_VALIDATION=1 as the tests set it), the layer
    // must be there: a test run that silently lost it would pass every zero-message check.
    const bool asked =
        options.validation == 1 || (options.validation < 0 && env_flag("PREFIXLENS_VALIDATION"));
    if (asked && !have_validation)
        return make_error(
            "Vulkan validation was asked for (PREFIXLENS_VALIDATION=1) but the loader has no "
            "VK_LAYER_KHRONOS_validation (install vulkan-validationlayers)");
    validation_enabled_ = want_validation && have_validation;

    n = 0;
    vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
    std::vector<VkExtensionProperties> exts(n);
    vkEnumerateInstanceExtensionProperties(nullptr, &n, exts.data());
    std::vector<const char*> enable;
    // Labels are useful in RenderDoc captures even without validation, so take debug utils
    // whenever the loader offers it.
    debug_utils_ = has_extension(exts, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    if (debug_utils_)
        enable.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    VkInstanceCreateFlags flags = 0;
    if (has_extension(exts, VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME)) {
        // MoltenVK only lists its devices to instances that ask for portability drivers.
        enable.push_back(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
        flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
    }

    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.pApplicationName = "PrefixLens";
    app.applicationVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
    app.pEngineName = "prefixlens_engine";
    app.apiVersion = VK_API_VERSION_1_3;

    VkDebugUtilsMessengerCreateInfoEXT mci{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    mci.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                          VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    mci.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                      VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                      VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    mci.pfnUserCallback = &Context::on_debug_message;
    mci.pUserData = this;

    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.flags = flags;
    ici.pApplicationInfo = &app;
    ici.enabledExtensionCount = static_cast<uint32_t>(enable.size());
    ici.ppEnabledExtensionNames = enable.data();
    if (validation_enabled_) {
        ici.enabledLayerCount = 1;
        ici.ppEnabledLayerNames = &kValidation;
    }
    // Chained so messages about instance creation itself are counted too.
    if (debug_utils_ && validation_enabled_)
        ici.pNext = &mci;
    const VkResult r = vkCreateInstance(&ici, nullptr, &instance_);
    if (r == VK_ERROR_INCOMPATIBLE_DRIVER) {
        return make_error(
            "no Vulkan driver found (vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER); "
            "install one (e.g. mesa-vulkan-drivers) or use --backend cpu");
    }
    PL_VK(r, "vkCreateInstance");

    if (debug_utils_) {
        auto get = [&](const char* name) { return vkGetInstanceProcAddr(instance_, name); };
        create_messenger_ = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
            get("vkCreateDebugUtilsMessengerEXT"));
        destroy_messenger_ = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            get("vkDestroyDebugUtilsMessengerEXT"));
        cmd_begin_label_ =
            reinterpret_cast<PFN_vkCmdBeginDebugUtilsLabelEXT>(get("vkCmdBeginDebugUtilsLabelEXT"));
        cmd_end_label_ =
            reinterpret_cast<PFN_vkCmdEndDebugUtilsLabelEXT>(get("vkCmdEndDebugUtilsLabelEXT"));
        set_object_name_ =
            reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(get("vkSetDebugUtilsObjectNameEXT"));
        if (validation_enabled_ && create_messenger_) {
            PL_VK(create_messenger_(instance_, &mci, nullptr, &messenger_),
                  "vkCreateDebugUtilsMessengerEXT");
        }
    }
    return {};
}

Result<void> Context::pick_device(const VulkanOptions& options) {
    uint32_t n = 0;
    PL_VK(vkEnumeratePhysicalDevices(instance_, &n, nullptr), "vkEnumeratePhysicalDevices");
    if (n == 0) {
        return make_error(
            "no Vulkan device found (vkEnumeratePhysicalDevices listed none); use --backend cpu");
    }
    std::vector<VkPhysicalDevice> devs(n);
    PL_VK(vkEnumeratePhysicalDevices(instance_, &n, devs.data()), "vkEnumeratePhysicalDevices");

    if (options.device_index >= 0) {
        if (options.device_index >= static_cast<int>(n)) {
            return make_error("Vulkan device " + std::to_string(options.device_index) +
                              " does not exist: there are " + std::to_string(n) +
                              " (numbered from 0)");
        }
        VkPhysicalDevice dev = devs[options.device_index];
        const std::string why = device_unsuitable(dev);
        if (!why.empty()) {
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(dev, &p);
            return make_error("Vulkan device " + std::to_string(options.device_index) + " (" +
                              p.deviceName + ") " + why);
        }
        physical_ = dev;
    } else {
        int best_rank = 1 << 20;
        std::string reasons;
        for (VkPhysicalDevice dev : devs) {
            VkPhysicalDeviceProperties p;
            vkGetPhysicalDeviceProperties(dev, &p);
            const std::string why = device_unsuitable(dev);
            if (!why.empty()) {
                reasons += std::string(reasons.empty() ? "" : "; ") + p.deviceName + " " + why;
                continue;
            }
            if (device_rank(p.deviceType) < best_rank) {
                best_rank = device_rank(p.deviceType);
                physical_ = dev;
            }
        }
        if (physical_ == VK_NULL_HANDLE) {
            return make_error("no usable Vulkan device: " + reasons + "; use --backend cpu");
        }
    }

    VkPhysicalDeviceVulkan13Properties p13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES};
    VkPhysicalDeviceSubgroupProperties sub{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
                                           &p13};
    VkPhysicalDeviceIDProperties ids{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES, &sub};
    VkPhysicalDeviceProperties2 p2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &ids};
    vkGetPhysicalDeviceProperties2(physical_, &p2);
    props_ = p2.properties;
    device_name_ = props_.deviceName;
    std::memcpy(device_uuid_, ids.deviceUUID, VK_UUID_SIZE);
    subgroup_size_ = std::max(1u, sub.subgroupSize);
    // A driver may run a shader with subgroups as small as this (Vulkan 1.3, which we require).
    min_subgroup_size_ = std::clamp(p13.minSubgroupSize, 1u, subgroup_size_);
    subgroup_ops_ = sub.supportedOperations;
    vkGetPhysicalDeviceMemoryProperties(physical_, &mem_props_);
    return {};
}

Result<void> Context::create_device() {
    uint32_t n = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(physical_, &n, nullptr);
    std::vector<VkQueueFamilyProperties> families(n);
    vkGetPhysicalDeviceQueueFamilyProperties(physical_, &n, families.data());
    int family = -1;
    for (uint32_t i = 0; i < n; ++i) {
        if (!(families[i].queueFlags & VK_QUEUE_COMPUTE_BIT))
            continue;
        // A family with timestamps beats one without; the first such wins.
        if (family < 0 ||
            (families[family].timestampValidBits == 0 && families[i].timestampValidBits > 0)) {
            family = static_cast<int>(i);
        }
    }
    if (family < 0)
        return make_error(device_name_ + " has no compute queue");
    queue_family_ = static_cast<uint32_t>(family);
    if (families[family].timestampValidBits > 0 && props_.limits.timestampPeriod > 0.0f) {
        timestamp_period_ns_ = props_.limits.timestampPeriod;
    }

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = queue_family_;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;

    // maintenance4: glslc's Vulkan 1.3 SPIR-V may use LocalSizeId, which needs it.
    VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
    f13.maintenance4 = VK_TRUE;
    VkPhysicalDeviceFeatures2 f2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f13};
    const char* exts[] = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
    VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &f2};
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    dci.enabledExtensionCount = 1;
    dci.ppEnabledExtensionNames = exts;
    PL_VK(vkCreateDevice(physical_, &dci, nullptr, &device_), "vkCreateDevice");
    vkGetDeviceQueue(device_, queue_family_, 0, &queue_);
    push_descriptor_ = reinterpret_cast<PFN_vkCmdPushDescriptorSetKHR>(
        vkGetDeviceProcAddr(device_, "vkCmdPushDescriptorSetKHR"));
    if (!push_descriptor_)
        return make_error("vkCmdPushDescriptorSetKHR is missing on " + device_name_);

    VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pci.queueFamilyIndex = queue_family_;
    PL_VK(vkCreateCommandPool(device_, &pci, nullptr, &command_pool_), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cai.commandPool = command_pool_;
    cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cai.commandBufferCount = 1;
    PL_VK(vkAllocateCommandBuffers(device_, &cai, &command_buffer_), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    PL_VK(vkCreateFence(device_, &fci, nullptr, &fence_), "vkCreateFence");
    return {};
}

void Context::load_pipeline_cache(const VulkanOptions& options) {
    std::vector<char> data;
    if (options.persist_pipeline_cache) {
        const std::filesystem::path dir =
            options.pipeline_cache_dir.empty() ? default_cache_dir() : options.pipeline_cache_dir;
        if (!dir.empty()) {
            char hex[2 * VK_UUID_SIZE + 1];
            for (unsigned i = 0; i < VK_UUID_SIZE; ++i) {
                std::snprintf(hex + 2 * i, 3, "%02x", device_uuid_[i]);
            }
            pipeline_cache_file_ = dir / ("pipeline-cache-" + std::string(hex) + ".bin");
            std::ifstream in(pipeline_cache_file_, std::ios::binary);
            if (in)
                data.assign(std::istreambuf_iterator<char>(in), {});
        }
    }
    // Drivers must reject a foreign cache, but some crash on one instead: check the header
    // (length, version, vendor, device, pipelineCacheUUID) ourselves first.
    if (data.size() >= 16 + VK_UUID_SIZE) {
        uint32_t h[4];
        std::memcpy(h, data.data(), sizeof h);
        if (h[0] < 16 + VK_UUID_SIZE || h[1] != VK_PIPELINE_CACHE_HEADER_VERSION_ONE ||
            h[2] != props_.vendorID || h[3] != props_.deviceID ||
            std::memcmp(data.data() + 16, props_.pipelineCacheUUID, VK_UUID_SIZE) != 0) {
            data.clear();
        }
    } else {
        data.clear();
    }
    VkPipelineCacheCreateInfo ci{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    ci.initialDataSize = data.size();
    ci.pInitialData = data.empty() ? nullptr : data.data();
    if (vkCreatePipelineCache(device_, &ci, nullptr, &pipeline_cache_) != VK_SUCCESS) {
        ci.initialDataSize = 0;
        ci.pInitialData = nullptr;
        if (vkCreatePipelineCache(device_, &ci, nullptr, &pipeline_cache_) != VK_SUCCESS) {
            pipeline_cache_ = VK_NULL_HANDLE;  // pipelines still build, only slower next time
        }
    }
}

void Context::save_pipeline_cache() const {
    if (pipeline_cache_ == VK_NULL_HANDLE || pipeline_cache_file_.empty())
        return;
    size_t size = 0;
    if (vkGetPipelineCacheData(device_, pipeline_cache_, &size, nullptr) != VK_SUCCESS ||
        size == 0) {
        return;
    }
    std::vector<char> data(size);
    if (vkGetPipelineCacheData(device_, pipeline_cache_, &size, data.data()) != VK_SUCCESS)
        return;
    std::error_code ec;
    std::filesystem::create_directories(pipeline_cache_file_.parent_path(), ec);
    // Written beside and renamed over, so a second instance never reads half a file. A cache
    // that cannot be saved only costs the next start its compile time: nothing to report.
    (void)write_file_atomically(pipeline_cache_file_, std::string_view(data.data(), size));
}

Context::~Context() {
    if (device_ != VK_NULL_HANDLE) {
        vkDeviceWaitIdle(device_);
        save_pipeline_cache();
        if (pipeline_cache_)
            vkDestroyPipelineCache(device_, pipeline_cache_, nullptr);
        if (fence_)
            vkDestroyFence(device_, fence_, nullptr);
        if (command_pool_)
            vkDestroyCommandPool(device_, command_pool_, nullptr);
        vkDestroyDevice(device_, nullptr);
    }
    if (messenger_ != VK_NULL_HANDLE && destroy_messenger_) {
        destroy_messenger_(instance_, messenger_, nullptr);
    }
    if (instance_ != VK_NULL_HANDLE)
        vkDestroyInstance(instance_, nullptr);
}

VkBool32 Context::on_debug_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                   VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                   const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    auto* self = static_cast<Context*>(user);
    ValidationMessage m;
    m.severity = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) ? "error" : "warning";
    m.text = data && data->pMessage ? data->pMessage : "(no message)";
    std::lock_guard<std::mutex> lock(self->log_mutex_);
    ++self->log_count_;
    // Keep the first messages: they name the culprit; the rest are usually its echoes.
    if (self->log_.size() < 64)
        self->log_.push_back(std::move(m));
    return VK_FALSE;
}

int Context::validation_message_count() const {
    std::lock_guard<std::mutex> lock(log_mutex_);
    return log_count_;
}

std::vector<ValidationMessage> Context::validation_messages() const {
    std::lock_guard<std::mutex> lock(log_mutex_);
    return log_;
}

int Context::find_memory_type(uint32_t type_bits, MemoryUse use) const {
    const VkMemoryPropertyFlags host =
        VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    // Preference lists, best first; the first type that has all the flags of an entry wins.
    std::vector<VkMemoryPropertyFlags> prefs;
    if (use == MemoryUse::kDevice) {
        prefs = {VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | host, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT,
                 0};
    } else {
        prefs = {host | VK_MEMORY_PROPERTY_HOST_CACHED_BIT, host};
    }
    for (VkMemoryPropertyFlags want : prefs) {
        for (uint32_t i = 0; i < mem_props_.memoryTypeCount; ++i) {
            if ((type_bits & (1u << i)) &&
                (mem_props_.memoryTypes[i].propertyFlags & want) == want) {
                return static_cast<int>(i);
            }
        }
    }
    return -1;
}

Result<Buffer> Context::create_buffer(VkDeviceSize size, MemoryUse use, const std::string& what) {
    Buffer b;
    b.device_ = device_;
    b.size_ = size;
    VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = std::max<VkDeviceSize>(size, 16);
    bci.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    PL_VK(vkCreateBuffer(device_, &bci, nullptr, &b.buffer_), "vkCreateBuffer for " + what);
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(device_, b.buffer_, &req);
    const int type = find_memory_type(req.memoryTypeBits, use);
    if (type < 0)
        return make_error("no suitable Vulkan memory type for " + what);
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = static_cast<uint32_t>(type);
    PL_VK(vkAllocateMemory(device_, &mai, nullptr, &b.memory_),
          "vkAllocateMemory of " + std::to_string(req.size >> 20) + " MiB for " + what);
    PL_VK(vkBindBufferMemory(device_, b.buffer_, b.memory_, 0), "vkBindBufferMemory for " + what);
    const VkMemoryPropertyFlags flags = mem_props_.memoryTypes[type].propertyFlags;
    if ((flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) &&
        (flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)) {
        PL_VK(vkMapMemory(device_, b.memory_, 0, VK_WHOLE_SIZE, 0, &b.mapped_),
              "vkMapMemory for " + what);
    }
    name_object(VK_OBJECT_TYPE_BUFFER, reinterpret_cast<uint64_t>(b.buffer_), what.c_str());
    return b;
}

VkDeviceSize Context::max_view_bytes(VkFormat format) const {
    const VkDeviceSize texel = format == VK_FORMAT_R32_SINT ? 4 : 16;
    return static_cast<VkDeviceSize>(props_.limits.maxTexelBufferElements) * texel;
}

Result<BufferView> Context::create_view(const Buffer& buffer, VkDeviceSize offset,
                                        VkDeviceSize bytes, const std::string& what,
                                        VkFormat format) const {
    const VkDeviceSize texel = format == VK_FORMAT_R32_SINT ? 4 : 16;
    const VkDeviceSize texels = bytes / texel;
    if (texels > props_.limits.maxTexelBufferElements) {
        return make_error(what + " (" + std::to_string(bytes >> 20) +
                          " MiB) exceeds this device's texel-buffer limit of " +
                          std::to_string(props_.limits.maxTexelBufferElements) + " texels");
    }
    BufferView v;
    v.device_ = device_;
    VkBufferViewCreateInfo ci{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    ci.buffer = buffer.handle();
    ci.format = format;
    ci.offset = offset;
    ci.range = std::max<VkDeviceSize>(texels, 1) * texel;
    PL_VK(vkCreateBufferView(device_, &ci, nullptr, &v.view_), "vkCreateBufferView for " + what);
    return v;
}

Result<void> Context::upload(Buffer& dst, VkDeviceSize offset, const void* data,
                             VkDeviceSize bytes) {
    if (offset + bytes > dst.size())
        return make_error("upload past the end of a buffer");
    if (dst.mapped()) {
        std::memcpy(static_cast<char*>(dst.mapped()) + offset, data, bytes);
        return {};
    }
    // Discrete GPU: go through a host-visible staging buffer, 64 MiB at a time.
    const VkDeviceSize chunk = std::min<VkDeviceSize>(bytes, 64ull << 20);
    auto staging = create_buffer(chunk, MemoryUse::kReadback, "upload staging");
    if (!staging)
        return staging.error();
    for (VkDeviceSize done = 0; done < bytes; done += chunk) {
        const VkDeviceSize n = std::min(chunk, bytes - done);
        std::memcpy(staging->mapped(), static_cast<const char*>(data) + done, n);
        auto cmd = begin_commands();
        if (!cmd)
            return cmd.error();
        VkBufferCopy region{0, offset + done, n};
        vkCmdCopyBuffer(*cmd, staging->handle(), dst.handle(), 1, &region);
        PL_TRY(submit_and_wait(*cmd, "upload"));
    }
    return {};
}

Result<void> Context::download(const Buffer& src, VkDeviceSize offset, void* data,
                               VkDeviceSize bytes) {
    if (offset + bytes > src.size())
        return make_error("download past the end of a buffer");
    if (src.mapped()) {
        std::memcpy(data, static_cast<const char*>(src.mapped()) + offset, bytes);
        return {};
    }
    auto staging = create_buffer(bytes, MemoryUse::kReadback, "download staging");
    if (!staging)
        return staging.error();
    auto cmd = begin_commands();
    if (!cmd)
        return cmd.error();
    VkBufferCopy region{offset, 0, bytes};
    vkCmdCopyBuffer(*cmd, src.handle(), staging->handle(), 1, &region);
    VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(*cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &mb, 0, nullptr, 0, nullptr);
    PL_TRY(submit_and_wait(*cmd, "download"));
    std::memcpy(data, staging->mapped(), bytes);
    return {};
}

Result<VkCommandBuffer> Context::begin_commands() {
    PL_VK(vkResetCommandBuffer(command_buffer_, 0), "vkResetCommandBuffer");
    VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    PL_VK(vkBeginCommandBuffer(command_buffer_, &bi), "vkBeginCommandBuffer");
    return command_buffer_;
}

Result<void> Context::submit_and_wait(VkCommandBuffer cmd, const std::string& what) {
    PL_VK(vkEndCommandBuffer(cmd), "vkEndCommandBuffer for " + what);
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cmd;
    PL_VK(vkResetFences(device_, 1, &fence_), "vkResetFences");
    PL_VK(vkQueueSubmit(queue_, 1, &si, fence_), "vkQueueSubmit for " + what);
    // Ten minutes: a 124M-parameter prefill on a slow CPU driver is long, a hang is longer.
    PL_VK(vkWaitForFences(device_, 1, &fence_, VK_TRUE, 600ull * 1000 * 1000 * 1000),
          "vkWaitForFences for " + what);
    return {};
}

void Context::begin_label(VkCommandBuffer cmd, const char* name) const {
    if (!cmd_begin_label_)
        return;
    VkDebugUtilsLabelEXT label{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
    label.pLabelName = name;
    cmd_begin_label_(cmd, &label);
}

void Context::end_label(VkCommandBuffer cmd) const {
    if (cmd_end_label_)
        cmd_end_label_(cmd);
}

void Context::name_object(VkObjectType type, uint64_t handle, const char* name) const {
    if (!set_object_name_)
        return;
    VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = name;
    set_object_name_(device_, &info);
}

}  // namespace pl::vk
