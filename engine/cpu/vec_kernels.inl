// vec_math's exp and attention kernels, written once against the lane type V (simd_lanes.h). Not a
// header: vec_math.cpp includes it once per instruction set, inside that set's target region.

// exp(x) = 2^n e^r with n = round(x / ln 2), r = x - n ln 2 in [-ln2/2, ln2/2] (ln 2 split in a
// high part exact in float and a low correction), e^r by a degree-6 polynomial (the classic
// minimax coefficients for float), 2^n by writing n into the exponent bits. Above the range the
// result is exp(88); below it, 0 (libm would give a subnormal there, and a softmax weight that
// small times a value is a subnormal product: an FMA on one costs a hundred cycles on Intel).
inline typename V::T exp(typename V::T x) {
    const auto normal = V::ge(x, V::set1(kExpLo));
    x = V::min(V::max(x, V::set1(kExpLo)), V::set1(kExpHi));
    const typename V::T n = V::round(V::mul(x, V::set1(kLog2e)));
    typename V::T r = V::fnmadd(n, V::set1(kLn2Hi), x);
    r = V::fnmadd(n, V::set1(kLn2Lo), r);
    typename V::T p = V::set1(kP0);
    p = V::fmadd(p, r, V::set1(kP1));
    p = V::fmadd(p, r, V::set1(kP2));
    p = V::fmadd(p, r, V::set1(kP3));
    p = V::fmadd(p, r, V::set1(kP4));
    p = V::fmadd(p, r, V::set1(kP5));
    const typename V::T r2 = V::mul(r, r);
    const typename V::T e = V::add(V::fmadd(p, r2, r), V::set1(1.0f));
    return V::mul_where(normal, e, V::pow2(n));
}

// One query against a block of keys, and probabilities times a block of values. NV (the head
// size in vectors) is a template argument so that the query and the sums live in registers; with
// a run-time count (or loops left rolled) the compiler keeps them on the stack and every FMA
// waits on a store.
template <int NV>
void dot_rows(float* scores, const float* q, const float* k, int ldk, int rows, float scale) {
    constexpr int L = V::kLanes;
    typename V::T qv[NV];
#pragma GCC unroll 16
    for (int j = 0; j < NV; ++j)
        qv[j] = V::load(q + L * j);
    for (int r = 0; r < rows; ++r) {
        const float* kr = k + static_cast<long>(r) * ldk;
        typename V::T acc = V::mul(qv[0], V::load(kr));
#pragma GCC unroll 16
        for (int j = 1; j < NV; ++j)
            acc = V::fmadd(qv[j], V::load(kr + L * j), acc);
        scores[r] = scale * V::sum(acc);
    }
}

template <int NV>
void accumulate_rows(float* acc, const float* w, const float* v, int ldv, int rows) {
    constexpr int L = V::kLanes;
    typename V::T a[NV];
#pragma GCC unroll 16
    for (int j = 0; j < NV; ++j)
        a[j] = V::load(acc + L * j);
    for (int r = 0; r < rows; ++r) {
        const float* vr = v + static_cast<long>(r) * ldv;
        const typename V::T wr = V::set1(w[r]);
#pragma GCC unroll 16
        for (int j = 0; j < NV; ++j)
            a[j] = V::fmadd(wr, V::load(vr + L * j), a[j]);
    }
#pragma GCC unroll 16
    for (int j = 0; j < NV; ++j)
        V::store(acc + L * j, a[j]);
}
