/* Preloaded in sanitizer runs only (tests/CMakeLists.txt). Mesa's lavapipe leaks 128 bytes at
 * exit, and LeakSanitizer reports it after the Vulkan loader has dlclose()d the driver, when the
 * stack can no longer be symbolized, so no suppression by library name matches. Keeping the
 * Vulkan driver and layer libraries loaded until the process ends lets lsan.supp name them.
 * Every other dlclose() goes through unchanged. Built without sanitizers: it is preloaded into
 * every process a test starts (sh, python3, lupdate), which have no sanitizer runtime. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <string.h>

static int keep(void* handle) {
    struct link_map* map = NULL;
    if (dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL || map->l_name == NULL)
        return 0;
    const char* base = strrchr(map->l_name, '/');
    base = base ? base + 1 : map->l_name;
    return strncmp(base, "libvulkan_", 10) == 0 || strncmp(base, "libVkLayer_", 11) == 0;
}

int dlclose(void* handle) {
    static int (*real_dlclose)(void*) = NULL;
    if (real_dlclose == NULL)
        real_dlclose = (int (*)(void*))dlsym(RTLD_NEXT, "dlclose");
    if (keep(handle))
        return 0;
    return real_dlclose(handle);
}
