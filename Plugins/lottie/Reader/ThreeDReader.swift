// SPDX-License-Identifier: MIT
/// A 3D layer's rotations, orientation and depth, and a camera layer's zoom, from the file.
enum ThreeDReader {
    static func depth(_ n: Node?) throws(LottieError) -> Depth3D {
        var z: Animated<Double>?
        if let p = n?["p"], p.json["s"].map({ if case .bool(true) = $0 { true } else { false } }) ?? false, let pz = p["z"] {
            z = try PropertyReader.scalar(pz, default: 0)
        }
        return Depth3D(rotationX: try PropertyReader.scalar(n?["rx"], default: 0),
                       rotationY: try PropertyReader.scalar(n?["ry"], default: 0),
                       orientation: try PropertyReader.vector(n?["or"], default: [0, 0, 0]),
                       positionZ: z)
    }

    /// A camera layer (`ty` 13): its zoom (`pe`; absent, the default camera's) and whether its
    /// transform names a point of interest (`ks.a`).
    static func camera(_ n: Node) throws(LottieError) -> LottieCamera {
        LottieCamera(zoom: try n["pe"].map { v throws(LottieError) in try PropertyReader.scalar(v, default: 0) },
                     hasPointOfInterest: n["ks"]?["a"] != nil)
    }
}
