// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// A layer with auto-orient (`ao`) whose position the host plays along a path with
/// `rotationMode` "auto", as Core Animation turns a layer to its path's tangent, so that a
/// sample between two frames turns with the curve rather than blending two frames' angles.
///
/// Lottie's matrix is −anchor, scale, skew, rotate, auto-orient, +position, then the parents';
/// the host's is the presented `transform`, then the turn, then `position` (`Layer.plain`'s
/// anchor is its top left corner). The two agree when the parents' map is still and a
/// similarity (a uniform scale and a turn, maybe a mirror, which a turn commutes with up to its
/// sign) and the parents' translation rides with the position. The `transform` is the layer's
/// matrix without its position and with the host's turn undone, so at every played frame the
/// product is the model's to rounding, whatever the turn; between frames the turn is the
/// tangent's, plus the blend of the two frames' small remainders.
extension Builder {
    /// How far the host's turn may be from lottie-web's auto-orient at a played frame or halfway
    /// between two, in radians (0.05°). lottie-web measures the direction over a short chord (0.01
    /// frames back, 0.05 into the last keyframe), which differs from the tangent by half the turn
    /// along the chord: within this for paths turning up to 10° a frame (2° a frame into the last
    /// keyframe). A corner at a keyframe (the host turns to the next segment at the key, lottie-web
    /// to the segment that arrives), a hold, a still stretch between moves (0° in both, but not at
    /// their ends) or a parent's turn over a still stretch differ by far more, and are baked.
    static let orientTolerance = 0.05 * Double.pi / 180

    /// Plays the layer's position along a turning path and the rest of its matrix, and returns
    /// true; false, playing nothing, when the layer has no auto-orient or its position does not
    /// move between played frames, its parents move or stretch it, the path cannot be planned, or
    /// at some checked frame the host's turn is not lottie-web's within `orientTolerance`.
    func playOrientedPosition(_ x: Layer, _ l: LottieLayer, _ layers: [LottieLayer], frames: [Double],
                              matrices: [Affine], path: String) throws -> Bool {
        let transform = l.transform, position = transform.position, k = position.keyframes
        guard transform.autoOrient, k.count > 1, let grid = PlayedFrames(frames) else { return false }
        let chain = try parents(of: l, in: layers, path)
        func parentMatrix(_ f: Double) -> Affine { chain.reduce(Affine.identity) { $0.then($1.transform.matrix(at: f)) } }
        let map = parentMatrix(frames[0])
        let rowX = map.a * map.a + map.b * map.b, rowY = map.c * map.c + map.d * map.d
        guard rowX > 0, abs(rowX - rowY) <= 1e-9 * rowX, abs(map.a * map.c + map.b * map.d) <= 1e-9 * rowX,
              frames.dropFirst().allSatisfy({ parentMatrix($0) == map }) else { return false }
        let offset = Vec(map.tx, map.ty)
        func mapped(_ f: Double) -> Vec {
            let p = position.at(f)
            return map.applyVector(Vec(p))
        }
        let positions = frames.map(mapped)
        guard positions.contains(where: { $0 != positions[0] }) else { return false }
        let first = max(grid.first, k[0].time), last = min(grid.last, k[k.count - 1].time)
        guard last > first,
              let plan = PositionPath.make(frames: frames, played: positions, at: mapped, position: position, map: map,
                                           keepStraight: true),
              let motion = OrientedPath(plan, from: grid.keyTime(first), to: grid.keyTime(last)) else { return false }

        func hostAngle(_ f: Double) -> Double { motion.angle(atKeyTime: grid.keyTime(f)) }
        // lottie-web's direction in the layer's parent space, as the turn after the parents' map.
        func modelAngle(_ f: Double) -> Double {
            let r = transform.orientation(at: f) * .pi / 180
            let d = map.applyVector(Vec(cos(r), sin(r)))
            return atan2(d.y, d.x)
        }
        let checks = frames + zip(frames, frames.dropFirst()).map { ($0 + $1) / 2 }
        guard checks.allSatisfy({ abs((hostAngle($0) - modelAngle($0)).remainder(dividingBy: 2 * .pi)) <= Builder.orientTolerance })
        else { return false }

        func rest(_ m: Affine, _ p: Vec, _ angle: Double) -> [Double] {
            let cs = cos(angle), sn = sin(angle)
            let unturned = Affine(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx - p.x - offset.x, ty: m.ty - p.y - offset.y)
                .then(Affine(a: cs, b: -sn, c: sn, d: cs))
            return [unturned.a, unturned.b, unturned.c, unturned.d, unturned.tx, unturned.ty]
        }
        let rests = frames.indices.map { rest(matrices[$0], positions[$0], hostAngle(frames[$0])) }
        func restAt(_ f: Double) -> [Double] { rest((try? self.worldMatrix(l, layers, f, path)) ?? .identity, mapped(f), hostAngle(f)) }
        try playRest(x, drivers: ([l] + chain).flatMap { $0.transform.drivers }, frames: frames, rests: rests, at: restAt)
        try timeline.play(x, "position", along: motion.path(shiftedBy: offset), turning: true, window: motion.window)
        return true
    }
}
