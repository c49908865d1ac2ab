// half_matmul's vector kernels, written once against the lane type V (simd_lanes.h). Not a
// header: half_matmul.cpp includes it once per instruction set, inside that set's target region
// and a namespace whose V adds widen<Bf16>(p), kLanes 16-bit weights widened to floats.

// Four rows at a time share each load of x; a row left over runs alone. Every row keeps one
// accumulator and sums in the same order either way, so its result does not depend on where a
// task boundary falls.
template <bool Bf16>
void gemv(float* out, const float* x, const HalfMatrix& w, int r0, int r1) {
    constexpr int L = V::kLanes;
    const int K = w.cols, kv = K & ~(L - 1);
    int r = r0;
    for (; r + 4 <= r1; r += 4) {
        const uint16_t *a0 = w.row(r), *a1 = w.row(r + 1), *a2 = w.row(r + 2), *a3 = w.row(r + 3);
        typename V::T s0 = V::zero(), s1 = s0, s2 = s0, s3 = s0;
        // The next four rows are fetched while these are summed: a row is a few cache lines,
        // too short for the hardware prefetcher to reach full speed on its own.
        const int rn = std::min(r + 4, r1 - 1);
        const char *p0 = reinterpret_cast<const char*>(w.row(rn)),
                   *p1 = reinterpret_cast<const char*>(w.row(std::min(rn + 1, r1 - 1))),
                   *p2 = reinterpret_cast<const char*>(w.row(std::min(rn + 2, r1 - 1))),
                   *p3 = reinterpret_cast<const char*>(w.row(std::min(rn + 3, r1 - 1)));
        for (int k = 0; k < kv; k += L) {
            if ((k * 2) % 64 == 0) {
                _mm_prefetch(p0 + 2 * k, _MM_HINT_T0);
                _mm_prefetch(p1 + 2 * k, _MM_HINT_T0);
                _mm_prefetch(p2 + 2 * k, _MM_HINT_T0);
                _mm_prefetch(p3 + 2 * k, _MM_HINT_T0);
            }
            const typename V::T xv = V::load(x + k);
            s0 = V::fmadd(V::template widen<Bf16>(a0 + k), xv, s0);
            s1 = V::fmadd(V::template widen<Bf16>(a1 + k), xv, s1);
            s2 = V::fmadd(V::template widen<Bf16>(a2 + k), xv, s2);
            s3 = V::fmadd(V::template widen<Bf16>(a3 + k), xv, s3);
        }
        out[r] = V::sum(s0) + tail_dot<Bf16>(a0, x, kv, K);
        out[r + 1] = V::sum(s1) + tail_dot<Bf16>(a1, x, kv, K);
        out[r + 2] = V::sum(s2) + tail_dot<Bf16>(a2, x, kv, K);
        out[r + 3] = V::sum(s3) + tail_dot<Bf16>(a3, x, kv, K);
    }
    for (; r < r1; ++r) {
        const uint16_t* a = w.row(r);
        typename V::T s = V::zero();
        for (int k = 0; k < kv; k += L)
            s = V::fmadd(V::template widen<Bf16>(a + k), V::load(x + k), s);
        out[r] = V::sum(s) + tail_dot<Bf16>(a, x, kv, K);
    }
}

template <bool Bf16>
void widen(float* out, const uint16_t* in, int n) {
    int i = 0;
    for (; i + V::kLanes <= n; i += V::kLanes)
        V::store(out + i, V::template widen<Bf16>(in + i));
    widen_scalar<Bf16>(out + i, in + i, n - i);
}
