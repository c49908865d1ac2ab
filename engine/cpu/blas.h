// OpenBLAS, loaded at run time with the kernels this CPU can run.
//
// OpenBLAS picks its kernels once, when it is loaded, from the CPU's model number. A release
// that predates the CPU does not know the number and falls back to its oldest x86-64 kernels:
// Debian 12's 0.3.21 on a 5th-generation Xeon runs SSE3 code on a core with AVX-512, and every
// matmul of the CPU backend is 2-3x slower than it should be. So the engine does not link the
// library: the first call here asks the CPU which vector units it has (AVX-512, AVX2 + FMA),
// names the matching OpenBLAS kernel family in OPENBLAS_CORETYPE unless the user already set
// it, and loads the library. The library is process-wide, so is this: one load per process.
#pragma once

#include <cblas.h>

#include <string>

#include "core/error.h"

namespace pl::blas {

// Loads OpenBLAS if it is not loaded yet; an error names the library and why it failed. Every
// function below calls it; call it first where a failure must be reported (backend creation).
Result<void> load();

// The kernel family OpenBLAS runs ("SkylakeX", "Haswell", ...), or "" before a successful load.
std::string core_name();

// The CBLAS functions the engine uses, with CBLAS's arguments.
void sgemm(CBLAS_ORDER order, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, int m, int n, int k,
           float alpha, const float* a, int lda, const float* b, int ldb, float beta, float* c,
           int ldc);
void sgemv(CBLAS_ORDER order, CBLAS_TRANSPOSE trans, int m, int n, float alpha, const float* a,
           int lda, const float* x, int incx, float beta, float* y, int incy);

// OpenBLAS's own thread count (a process-wide setting of the library).
void set_threads(int threads);

}  // namespace pl::blas
