/// sin, cos, asin and log for `Double`, in Swift: the domain imports Foundation only, whose
/// core (FoundationEssentials) brings no libm, and results that do not depend on the platform's
/// libm keep seeded populations the same everywhere.
///
/// Ported from FreeBSD's msun (fdlibm): k_sin.c, k_cos.c, e_rem_pio2.c (the medium-size path),
/// e_asin.c, e_log.c. Errors below one ulp, as there.
///
/// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
/// Developed at SunPro, a Sun Microsystems, Inc. business.
/// Permission to use, copy, modify, and distribute this software is freely granted,
/// provided that this notice is preserved.
package enum Elementary {
    /// Largest |x| the argument reduction of `sin` and `cos` is exact for (2²⁰·π/2); angles
    /// here are at most a few turns.
    package static let trigonometricLimit = 1_647_099.0

    /// Sine of `x` radians, |x| ≤ `trigonometricLimit`.
    package static func sin(_ x: Double) -> Double {
        if x.magnitude.bitPattern >> 32 <= 0x3FE9_21FB { return kernelSin(x, 0, tail: false) }  // |x| ≤ ~π/4
        if !x.isFinite { return x - x }
        let (n, y0, y1) = reduce(x)
        switch n & 3 {
        case 0: return kernelSin(y0, y1, tail: true)
        case 1: return kernelCos(y0, y1)
        case 2: return -kernelSin(y0, y1, tail: true)
        default: return -kernelCos(y0, y1)
        }
    }

    /// Cosine of `x` radians, |x| ≤ `trigonometricLimit`.
    package static func cos(_ x: Double) -> Double {
        if x.magnitude.bitPattern >> 32 <= 0x3FE9_21FB { return kernelCos(x, 0) }
        if !x.isFinite { return x - x }
        let (n, y0, y1) = reduce(x)
        switch n & 3 {
        case 0: return kernelCos(y0, y1)
        case 1: return -kernelSin(y0, y1, tail: true)
        case 2: return -kernelCos(y0, y1)
        default: return kernelSin(y0, y1, tail: true)
        }
    }

    /// Arc sine in radians, NaN outside [-1, 1].
    package static func asin(_ x: Double) -> Double {
        let pio2Hi = 1.57079632679489655800e+00, pio2Lo = 6.12323399573676603587e-17
        let pio4Hi = 7.85398163397448278999e-01
        let magnitude = x.magnitude
        if magnitude >= 1 {
            if magnitude == 1 { return x * pio2Hi + x * pio2Lo }
            return .nan
        }
        if magnitude < 0.5 {
            if magnitude < 0x1p-26 { return x }
            let t = x * x
            return x + x * asinRatio(t)
        }
        // 0.5 ≤ |x| < 1: asin(x) = π/2 - 2·asin(√((1-x)/2)).
        let t = (1 - magnitude) * 0.5
        let s = t.squareRoot()
        let result: Double
        if magnitude.bitPattern >> 32 >= 0x3FEF_3333 {  // |x| > 0.975
            result = pio2Hi - (2 * (s + s * asinRatio(t)) - pio2Lo)
        } else {
            let w = Double(bitPattern: s.bitPattern & 0xFFFF_FFFF_0000_0000)  // s with its low word cleared
            let c = (t - w * w) / (s + w)
            let p = 2 * s * asinRatio(t) - (pio2Lo - 2 * c)
            let q = pio4Hi - 2 * w
            result = pio4Hi - (p - q)
        }
        return x > 0 ? result : -result
    }

    /// Natural logarithm; -∞ at 0, NaN below.
    package static func log(_ value: Double) -> Double {
        let ln2Hi = 6.93147180369123816490e-01, ln2Lo = 1.90821492927058770002e-10
        var x = value
        var high = Int32(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 32)
        var k: Int32 = 0
        if high < 0x0010_0000 {  // x < 2⁻¹⁰²² or negative
            if x == 0 { return -.infinity }
            if x < 0 || x.isNaN { return .nan }
            k -= 54
            x *= 0x1p54  // subnormal: scale up
            high = Int32(truncatingIfNeeded: Int64(bitPattern: x.bitPattern) >> 32)
        }
        if high >= 0x7FF0_0000 { return x + x }
        k += (high >> 20) - 1023
        high &= 0x000F_FFFF
        let i = (high &+ 0x95F64) & 0x10_0000
        // x, or x/2, normalised into [√2/2, √2).
        let normalisedHigh = UInt64(UInt32(bitPattern: high | (i ^ 0x3FF0_0000)))
        x = Double(bitPattern: normalisedHigh << 32 | (x.bitPattern & 0xFFFF_FFFF))
        k += i >> 20
        let f = x - 1
        let dk = Double(k)
        if (0x000F_FFFF & (2 &+ high)) < 3 {  // -2⁻²⁰ ≤ f < 2⁻²⁰
            if f == 0 { return k == 0 ? 0 : dk * ln2Hi + dk * ln2Lo }
            let r = f * f * (0.5 - 0.33333333333333333 * f)
            return k == 0 ? f - r : dk * ln2Hi - ((r - dk * ln2Lo) - f)
        }
        let s = f / (2 + f)
        let z = s * s
        let w = z * z
        let t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01))
        let t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01
            + w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)))
        let r = t2 + t1
        if ((high &- 0x6147A) | (0x6B851 &- high)) > 0 {
            let hfsq = 0.5 * f * f
            return k == 0 ? f - (hfsq - s * (hfsq + r)) : dk * ln2Hi - ((hfsq - (s * (hfsq + r) + dk * ln2Lo)) - f)
        }
        return k == 0 ? f - s * (f - r) : dk * ln2Hi - ((s * (f - r) - dk * ln2Lo) - f)
    }

    /// sin on [-π/4, π/4] of `x + y` (y the tail of a reduced argument, when `tail`).
    private static func kernelSin(_ x: Double, _ y: Double, tail: Bool) -> Double {
        let s1 = -1.66666666666666324348e-01, s2 = 8.33333333332248946124e-03
        let s3 = -1.98412698298579493134e-04, s4 = 2.75573137070700676789e-06
        let s5 = -2.50507602534068634195e-08, s6 = 1.58969099521155010221e-10
        let z = x * x
        let w = z * z
        let r = s2 + z * (s3 + z * s4) + z * w * (s5 + z * s6)
        let v = z * x
        if !tail { return x + v * (s1 + z * r) }
        return x - ((z * (0.5 * y - v * r) - y) - v * s1)
    }

    /// cos on [-π/4, π/4] of `x + y`.
    private static func kernelCos(_ x: Double, _ y: Double) -> Double {
        let c1 = 4.16666666666666019037e-02, c2 = -1.38888888888741095749e-03
        let c3 = 2.48015872894767294178e-05, c4 = -2.75573143513906633035e-07
        let c5 = 2.08757232129817482790e-09, c6 = -1.13596475577881948265e-11
        let z = x * x
        let w = z * z
        let r = z * (c1 + z * (c2 + z * c3)) + w * w * (c4 + z * (c5 + z * c6))
        let hz = 0.5 * z
        let one = 1.0
        let v = one - hz
        return v + (((one - v) - hz) + (z * r - x * y))
    }

    /// x = n·π/2 + y0 + y1 with |y0 + y1| ≤ π/4, for |x| ≤ `trigonometricLimit`
    /// (π/2 taken in three parts, as many as the cancellation needs).
    private static func reduce(_ x: Double) -> (Int, Double, Double) {
        precondition(x.magnitude <= trigonometricLimit, "angle out of range")
        let invPio2 = 6.36619772367581382433e-01
        let pio2p1 = 1.57079632673412561417e+00, pio2p1Tail = 6.07710050650619224932e-11
        let pio2p2 = 6.07710050630396597660e-11, pio2p2Tail = 2.02226624879595063154e-21
        let pio2p3 = 2.02226624871116645580e-21, pio2p3Tail = 8.47842766036889956997e-32
        func exponent(_ value: Double) -> Int { Int((value.bitPattern >> 52) & 0x7FF) }
        let fn = (x * invPio2).rounded(.toNearestOrEven)
        let j = exponent(x)
        var r = x - fn * pio2p1
        var w = fn * pio2p1Tail
        var y0 = r - w
        if j - exponent(y0) > 16 {
            var t = r
            w = fn * pio2p2
            r = t - w
            w = fn * pio2p2Tail - ((t - r) - w)
            y0 = r - w
            if j - exponent(y0) > 49 {
                t = r
                w = fn * pio2p3
                r = t - w
                w = fn * pio2p3Tail - ((t - r) - w)
                y0 = r - w
            }
        }
        let y1 = (r - y0) - w
        return (Int(fn), y0, y1)
    }

    /// The rational approximation of (asin(x) - x)/x³ · x² at t = x², shared by both ranges.
    private static func asinRatio(_ t: Double) -> Double {
        let p = t * (1.66666666666666657415e-01 + t * (-3.25565818622400915405e-01 + t * (2.01212532134862925881e-01
            + t * (-4.00555345006794114027e-02 + t * (7.91534994289814532176e-04 + t * 3.47933107596021167570e-05)))))
        let q = 1 + t * (-2.40339491173441421878e+00 + t * (2.02094576023350569471e+00
            + t * (-6.88283971605453293030e-01 + t * 7.70381505559019352791e-02)))
        return p / q
    }
}
