#include "cpu/blas.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

#ifndef PL_OPENBLAS_SONAME
#define PL_OPENBLAS_SONAME "libopenblas.so.0"
#endif

namespace pl::blas {

namespace {

using SgemmFn = void (*)(CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, int, int, int, float,
                         const float*, int, const float*, int, float, float*, int);
using SgemvFn = void (*)(CBLAS_ORDER, CBLAS_TRANSPOSE, int, int, float, const float*, int,
                         const float*, int, float, float*, int);
using SetThreadsFn = void (*)(int);
using CoreNameFn = char* (*)();

// The loaded library: written once under call_once, read-only afterwards.
struct Library {
    SgemmFn sgemm = nullptr;
    SgemvFn sgemv = nullptr;
    SetThreadsFn set_threads = nullptr;
    std::string core;
    std::string error;  // why loading failed, "" when it did not
};

// The OpenBLAS kernel family for this CPU's vector units, or null to leave the choice to
// OpenBLAS (a CPU without AVX2, or not x86-64). The families are OpenBLAS's own names; its
// sgemm kernels for newer Intel and AMD parts are these two.
const char* core_for_this_cpu() {
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
        return "SkylakeX";
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return "Haswell";
#endif
    return nullptr;
}

Library open_library() {
    Library lib;
    // OpenBLAS reads OPENBLAS_CORETYPE while it loads. Set only for that moment, and only when
    // the user has not chosen: child processes see the environment they were given.
    const char* core = std::getenv("OPENBLAS_CORETYPE") ? nullptr : core_for_this_cpu();
    if (core)
        setenv("OPENBLAS_CORETYPE", core, 0);
    const char* names[] = {PL_OPENBLAS_SONAME, "libopenblas.so.0", "libopenblas.so"};
    void* handle = nullptr;
    std::string why;
    for (const char* name : names) {
        handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
        if (handle)
            break;
        if (why.empty())
            why = dlerror();
    }
    if (core)
        unsetenv("OPENBLAS_CORETYPE");
    if (!handle) {
        lib.error = "cannot load OpenBLAS (" + std::string(PL_OPENBLAS_SONAME) + "): " + why;
        return lib;
    }
    lib.sgemm = reinterpret_cast<SgemmFn>(dlsym(handle, "cblas_sgemm"));
    lib.sgemv = reinterpret_cast<SgemvFn>(dlsym(handle, "cblas_sgemv"));
    lib.set_threads = reinterpret_cast<SetThreadsFn>(dlsym(handle, "openblas_set_num_threads"));
    auto core_name = reinterpret_cast<CoreNameFn>(dlsym(handle, "openblas_get_corename"));
    if (!lib.sgemm || !lib.sgemv || !lib.set_threads || !core_name) {
        lib.error = std::string("the loaded ") + PL_OPENBLAS_SONAME +
                    " lacks cblas_sgemm, cblas_sgemv or openblas_set_num_threads: not OpenBLAS";
        lib.sgemm = nullptr;
        return lib;
    }
    lib.core = core_name();
    return lib;
}

const Library& library() {
    static std::once_flag once;
    static Library lib;
    std::call_once(once, [] { lib = open_library(); });
    return lib;
}

// For the compute functions: the backends and the trainer call load() first and report its
// error, so reaching this without a library is a bug in the caller.
const Library& loaded() {
    const Library& lib = library();
    if (!lib.sgemm) {
        std::fprintf(stderr, "prefixlens: %s\n", lib.error.c_str());
        std::abort();
    }
    return lib;
}

}  // namespace

Result<void> load() {
    const Library& lib = library();
    if (!lib.sgemm)
        return make_error(lib.error);
    return {};
}

std::string core_name() {
    return library().core;
}

void sgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
           float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c,
           int ldc) {
    loaded().sgemm(order, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

void sgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, float alpha, const float* a,
           int lda, const float* x, int incx, float beta, float* y, int incy) {
    loaded().sgemv(order, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

void set_threads(int threads) {
    loaded().set_threads(threads);
}

}  // namespace pl::blas
