#include "cpu/cpu_isa.h"

#include "cpu/half_matmul.h"
#include "cpu/vec_math.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

namespace pl::cpu {

namespace {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// F16C from CPUID leaf 1 (ECX bit 29): clang's __builtin_cpu_supports has no "f16c".
bool has_f16c() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & (1u << 29)) != 0;
}
#endif

}  // namespace

Isa detect_isa(bool need_f16c) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return Isa::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
        (!need_f16c || has_f16c()))
        return Isa::Avx2;
#else
    (void)need_f16c;
#endif
    return Isa::Scalar;
}

const char* isa_name(Isa isa) {
    switch (isa) {
        case Isa::Avx512:
            return "avx512";
        case Isa::Avx2:
            return "avx2";
        case Isa::Scalar:
            break;
    }
    return "scalar";
}

std::optional<Isa> forced_isa(std::string_view name, Isa best) {
    if (name == "scalar")
        return Isa::Scalar;
    if (name == "avx2" && best != Isa::Scalar)
        return Isa::Avx2;  // every AVX-512 CPU has AVX2, FMA and F16C
    if (name == "avx512" && best == Isa::Avx512)
        return Isa::Avx512;
    return std::nullopt;
}

IsaChoice& vec_choice() {
    static IsaChoice c(false);
    return c;
}

IsaChoice& half_choice() {
    static IsaChoice c(true);
    return c;
}

const char* vec_isa() {
    return vec_choice().name();
}

bool force_vec_isa(const char* name) {
    return vec_choice().force(name);
}

const char* half_isa() {
    return half_choice().name();
}

bool force_half_isa(const char* name) {
    return half_choice().force(name);
}

}  // namespace pl::cpu
