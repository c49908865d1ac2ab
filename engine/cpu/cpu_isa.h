// The vector instruction sets the CPU twin's kernels are written for, chosen at run time: the
// build targets generic x86-64, so each kernel file compiles its AVX2 and AVX-512 paths with
// target attributes and asks here which one this CPU runs (vec_math, half_matmul).
#pragma once

#include <optional>
#include <string_view>

namespace pl::cpu {

enum class Isa { Scalar, Avx2, Avx512 };

// The best this CPU has: AVX-512F; AVX2 with FMA (and F16C when need_f16c); else scalar.
Isa detect_isa(bool need_f16c);
const char* isa_name(Isa isa);  // "scalar", "avx2", "avx512"
// A path forced by name for tests, when this CPU can run it (an AVX-512 CPU runs AVX2 too);
// nullopt for another name or a path the CPU lacks.
std::optional<Isa> forced_isa(std::string_view name, Isa best);

// One kernel family's choice: the best path at first use, or one forced by name.
class IsaChoice {
  public:
    explicit IsaChoice(bool need_f16c) : need_f16c_(need_f16c), isa_(detect_isa(need_f16c)) {}
    Isa get() const { return isa_; }
    const char* name() const { return isa_name(isa_); }
    bool force(std::string_view name) {
        const auto isa = forced_isa(name, detect_isa(need_f16c_));
        if (isa)
            isa_ = *isa;
        return isa.has_value();
    }

  private:
    bool need_f16c_;
    Isa isa_;
};

// The two kernel families' choices: vec_math's F32 kernels, and half_matmul's 16-bit weights
// (which need F16C beside AVX2). vec_isa() and half_isa() name them.
IsaChoice& vec_choice();
IsaChoice& half_choice();

}  // namespace pl::cpu
