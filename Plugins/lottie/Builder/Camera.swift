// SPDX-License-Identifier: MIT
import FXPluginKit
import Glibc

/// What a composition's camera makes of its 3D layers, by After Effects' rules: the active camera
/// is the topmost camera layer (first in the file's list) that is on at the frame and not hidden;
/// without one, the composition's default view, which is the 50 mm camera preset (36 mm film)
/// at the composition's centre. The camera looks along its z axis; its zoom is the distance in
/// pixels from the eye to the plane that is drawn at 100 %, so a layer at z = 0 under the default
/// view looks as it would in 2D. Cameras see 3D layers only; 2D layers are drawn flat.
enum Camera {
    /// The zoom of the default view, After Effects' 50 mm preset: film 36 mm wide across the
    /// composition's width, so zoom = width × 50 / 36 (2,666.7 px for a 1920-wide composition).
    static func defaultZoom(width: Double) -> Double { width * 50 / 36 }

    /// Where the eye is and how it is turned (camera space, x right, y down, z the way it looks,
    /// to its parent's space): its rotations as a layer's, then, for a two-node camera, turned to
    /// face its point of interest while staying upright (a pitch about x, then a yaw about y, as
    /// lottie-web's HCameraElement aims it), then moved to its position.
    static func eye(_ t: LottieTransform, _ camera: LottieCamera, at f: Double) -> Transform {
        func part(_ v: [Double], _ i: Int) -> Double { i < v.count ? v[i] : 0 }
        let p = t.position.at(f), o = t.depth?.orientation.at(f) ?? []
        let eye = (x: part(p, 0), y: part(p, 1), z: t.depth?.positionZ?.at(f) ?? t.depthOfPosition(at: f))
        var m = Rotation.z(t.rotation.at(f)).concatenating(Rotation.y(t.depth?.rotationY.at(f) ?? 0))
            .concatenating(Rotation.x(t.depth?.rotationX.at(f) ?? 0))
            .concatenating(Rotation.z(part(o, 2))).concatenating(Rotation.y(part(o, 1))).concatenating(Rotation.x(part(o, 0)))
        if camera.hasPointOfInterest {
            let a = t.anchor.at(f)
            let d = (x: part(a, 0) - eye.x, y: part(a, 1) - eye.y, z: part(a, 2) - eye.z)
            let across = (d.x * d.x + d.z * d.z).squareRoot()
            if across > 0 || d.y != 0 {
                let pitch = atan2(-d.y, across) * 180 / .pi, yaw = atan2(d.x, d.z) * 180 / .pi
                m = m.concatenating(Rotation.x(pitch)).concatenating(Rotation.y(yaw))
            }
        }
        return m.concatenating(.translation(eye.x, eye.y, eye.z))
    }

    /// The map from the composition's 3D space to the screen at comp frame `f`: into the active
    /// camera's space (the inverse of its eye and its parents'), then the perspective that puts a
    /// point at depth z in front of the eye at the centre + zoom / z times its offset. As a
    /// row-vector matrix the perspective leaves x and y, adds centre × z / zoom to them and makes
    /// w = z / zoom (Core Animation's m34 perspective, with the depth the camera's). A zoom
    /// below 1 px is taken as 1; a camera whose pose cannot be inverted (a parent scaled to 0)
    /// gives the default view.
    static func view(_ layers: [LottieLayer], size: (Double, Double), at f: Double, builder: Builder, _ path: String) throws -> Transform {
        let (w, h) = size
        var zoom = defaultZoom(width: w)
        var view = Transform.translation(-w / 2, -h / 2, zoom)
        if let c = layers.first(where: { $0.camera != nil && !$0.hidden && f >= $0.inPoint && f < $0.outPoint }), let camera = c.camera {
            var pose = eye(c.transform, camera, at: f)
            for owner in try builder.parents(of: c, in: layers, path) { pose = pose.concatenating(builder.pose(of: owner, at: f)) }
            if let inverse = pose.inverted {
                view = inverse
                if let z = camera.zoom?.at(f) { zoom = z }
            }
        }
        zoom = max(1, zoom)
        let perspective = Transform([1, 0, 0, 0,
                                     0, 1, 0, 0,
                                     w / 2 / zoom, h / 2 / zoom, 1, 1 / zoom,
                                     0, 0, 0, 0])
        return view.concatenating(perspective)
    }
}
