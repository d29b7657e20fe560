// SPDX-License-Identifier: GPL-3.0-or-later
#include "tps_spline.hpp"
#include "tps_system.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <numbers>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define SANDTABLE_TPS_AVX2 1
#endif

namespace sandtable::geo::detail {
namespace {

/// Kernel sums over the spline's points at (pu, pv), normalised units: sum w K and, for the Jacobian,
/// sum w dK/du, sum w dK/dv, for the x and y weights.
struct Sums {
    double x = 0, y = 0, xu = 0, xv = 0, yu = 0, yv = 0;
};

/// The smallest squared distance put into the logarithm (a kernel centre itself, r = 0): r^2 log r^2 is
/// then 0 * log(1e-300) = 0, as GDAL's 0 at r = 0, and its derivative 2 (log r^2 + 1) * 0 = 0.
constexpr double kTinySquare = 1e-300;

template <bool Jacobian>
Sums scalarSums(const double* u, const double* v, const double* wx, const double* wy, std::size_t n, double pu, double pv)
{
    Sums s;
    for (std::size_t j = 0; j < n; ++j) {
        const double du = pu - u[j], dv = pv - v[j];
        const double r2 = du * du + dv * dv;
        const double l = std::log(std::max(r2, kTinySquare));
        const double k = r2 * l;
        s.x += wx[j] * k;
        s.y += wy[j] * k;
        if constexpr (Jacobian) {
            const double g = 2.0 * (l + 1.0);
            s.xu += wx[j] * g * du;
            s.xv += wx[j] * g * dv;
            s.yu += wy[j] * g * du;
            s.yv += wy[j] * g * dv;
        }
    }
    return s;
}

#ifdef SANDTABLE_TPS_AVX2
/// log of 4 positive normal doubles: x = m 2^e with m in (sqrt(1/2), sqrt(2)], log m = 2 atanh(s),
/// s = (m - 1) / (m + 1), |s| <= 0.172, by its series to s^23 (the next term below 2^-56 of the sum).
__attribute__((target("avx2,fma"))) inline __m256d log4(__m256d x)
{
    const __m256i bits = _mm256_castpd_si256(x);
    const __m256i biased = _mm256_srli_epi64(bits, 52);
    // The biased exponent as a double: its bits under 2^52's, less 2^52 and the bias.
    __m256d e = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(biased, _mm256_set1_epi64x(0x4330000000000000LL))),
        _mm256_set1_pd(4503599627370496.0 + 1023.0));
    __m256d m = _mm256_castsi256_pd(_mm256_or_si256(
        _mm256_and_si256(bits, _mm256_set1_epi64x(0x000FFFFFFFFFFFFFLL)), _mm256_set1_epi64x(0x3FF0000000000000LL)));
    const __m256d big = _mm256_cmp_pd(m, _mm256_set1_pd(std::numbers::sqrt2), _CMP_GT_OQ);
    m = _mm256_blendv_pd(m, _mm256_mul_pd(m, _mm256_set1_pd(0.5)), big);
    e = _mm256_add_pd(e, _mm256_and_pd(big, _mm256_set1_pd(1.0)));
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d s = _mm256_div_pd(_mm256_sub_pd(m, one), _mm256_add_pd(m, one));
    const __m256d s2 = _mm256_mul_pd(s, s);
    __m256d p = _mm256_set1_pd(1.0 / 23);
    for (int k = 10; k >= 0; --k)
        p = _mm256_fmadd_pd(p, s2, _mm256_set1_pd(1.0 / (2 * k + 1)));
    const __m256d logM = _mm256_mul_pd(_mm256_add_pd(s, s), p);
    return _mm256_fmadd_pd(e, _mm256_set1_pd(std::numbers::ln2), logM);
}

__attribute__((target("avx2,fma"))) inline double horizontal(__m256d a)
{
    const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(a), _mm256_extractf128_pd(a, 1));
    return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

/// As scalarSums(), four points at a time; n a multiple of 4.
template <bool Jacobian>
__attribute__((target("avx2,fma"))) Sums avx2Sums(
    const double* u, const double* v, const double* wx, const double* wy, std::size_t n, double pu, double pv)
{
    const __m256d px = _mm256_set1_pd(pu), py = _mm256_set1_pd(pv), tiny = _mm256_set1_pd(kTinySquare);
    const __m256d one = _mm256_set1_pd(1.0), two = _mm256_set1_pd(2.0);
    __m256d sx = _mm256_setzero_pd(), sy = sx, sxu = sx, sxv = sx, syu = sx, syv = sx;
    for (std::size_t j = 0; j < n; j += 4) {
        const __m256d du = _mm256_sub_pd(px, _mm256_loadu_pd(u + j));
        const __m256d dv = _mm256_sub_pd(py, _mm256_loadu_pd(v + j));
        const __m256d r2 = _mm256_fmadd_pd(du, du, _mm256_mul_pd(dv, dv));
        const __m256d l = log4(_mm256_max_pd(r2, tiny));
        const __m256d k = _mm256_mul_pd(r2, l);
        const __m256d a = _mm256_loadu_pd(wx + j), b = _mm256_loadu_pd(wy + j);
        sx = _mm256_fmadd_pd(a, k, sx);
        sy = _mm256_fmadd_pd(b, k, sy);
        if constexpr (Jacobian) {
            const __m256d g = _mm256_mul_pd(two, _mm256_add_pd(l, one));
            const __m256d gu = _mm256_mul_pd(g, du), gv = _mm256_mul_pd(g, dv);
            sxu = _mm256_fmadd_pd(a, gu, sxu);
            sxv = _mm256_fmadd_pd(a, gv, sxv);
            syu = _mm256_fmadd_pd(b, gu, syu);
            syv = _mm256_fmadd_pd(b, gv, syv);
        }
    }
    Sums s;
    s.x = horizontal(sx);
    s.y = horizontal(sy);
    if constexpr (Jacobian) {
        s.xu = horizontal(sxu);
        s.xv = horizontal(sxv);
        s.yu = horizontal(syu);
        s.yv = horizontal(syv);
    }
    return s;
}

bool haveAvx2()
{
    static const bool have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return have;
}
#endif

template <bool Jacobian>
Sums sums(const double* u, const double* v, const double* wx, const double* wy, std::size_t n, double pu, double pv)
{
#ifdef SANDTABLE_TPS_AVX2
    if (haveAvx2())
        return avx2Sums<Jacobian>(u, v, wx, wy, n, pu, pv);
#endif
    return scalarSums<Jacobian>(u, v, wx, wy, n, pu, pv);
}

} // namespace

TpsSpline::TpsSpline(const std::vector<core::Coordinate>& from, const std::vector<core::Coordinate>& to)
{
    const std::size_t n = from.size();
    if (n < 3 || to.size() != n)
        return;
    TpsSystem built = tpsSystem(from, to);
    m_cx = built.cx;
    m_cy = built.cy;
    m_scale = built.scale;
    m_ox = built.ox;
    m_oy = built.oy;
    m_u = std::move(built.u);
    m_v = std::move(built.v);
    const Eigen::MatrixXd& system = built.system;
    const Eigen::MatrixXd& values = built.values;
    const Eigen::PartialPivLU<Eigen::MatrixXd> lu(system);
    const Eigen::MatrixXd solution = lu.solve(values);
    // Partial pivoting reports no singular system: a solution that does not solve it (to 1e-9 of the
    // values' size) is refused.
    const double residual = (system * solution - values).cwiseAbs().maxCoeff();
    const double magnitude = std::max(values.cwiseAbs().maxCoeff(), 1e-300);
    if (!solution.allFinite() || !(residual <= 1e-9 * magnitude))
        return;
    const std::size_t padded = (n + 3) / 4 * 4;
    m_wx.assign(padded, 0.0);
    m_wy.assign(padded, 0.0);
    for (std::size_t j = 0; j < n; ++j) {
        m_wx[j] = solution(static_cast<Eigen::Index>(j), 0);
        m_wy[j] = solution(static_cast<Eigen::Index>(j), 1);
    }
    m_u.resize(padded, 0.0);
    m_v.resize(padded, 0.0);
    for (int t = 0; t < 3; ++t) {
        m_ax[static_cast<std::size_t>(t)] = solution(static_cast<Eigen::Index>(n) + t, 0);
        m_ay[static_cast<std::size_t>(t)] = solution(static_cast<Eigen::Index>(n) + t, 1);
    }
    m_solved = true;
}

template <bool Jacobian>
core::Coordinate TpsSpline::evaluate(double x, double y, std::array<double, 4>* jacobian) const
{
    const double u = (x - m_cx) / m_scale, v = (y - m_cy) / m_scale;
    const Sums s = sums<Jacobian>(m_u.data(), m_v.data(), m_wx.data(), m_wy.data(), m_u.size(), u, v);
    if constexpr (Jacobian)
        *jacobian = {(m_ax[1] + s.xu) / m_scale, (m_ax[2] + s.xv) / m_scale, (m_ay[1] + s.yu) / m_scale, (m_ay[2] + s.yv) / m_scale};
    return {m_ox + m_ax[0] + m_ax[1] * u + m_ax[2] * v + s.x, m_oy + m_ay[0] + m_ay[1] * u + m_ay[2] * v + s.y};
}

core::Coordinate TpsSpline::at(double x, double y) const { return evaluate<false>(x, y, nullptr); }

core::Coordinate TpsSpline::at(double x, double y, std::array<double, 4>& jacobian) const { return evaluate<true>(x, y, &jacobian); }

} // namespace sandtable::geo::detail
