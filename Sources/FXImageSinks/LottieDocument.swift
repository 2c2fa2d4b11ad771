// SPDX-License-Identifier: MIT
import FXCore
import FXSinks
import Glibc

/// A captured run written as one Bodymovin JSON document: a shape layer for
/// each background, gradient, shape and border, an image layer for each image
/// a layer shows (embedded as a PNG data URI), front to back; each property
/// as the fewest linear keyframes that reproduce its samples (`KeyframeFit`)
/// within a quarter of a point for geometry (so that position, rotation and
/// scale together stay within half a point), half a level of 255 for colour
/// channels and opacity.
struct LottieDocument {
    let capture: LottieCapture
    let width: Double, height: Double
    let fps: Double
    /// Refuse a document larger than this many bytes (checked while it is written).
    let maxSize: Int

    static let geometryTolerance = 0.25
    static let colorTolerance = 0.5 / 255
    static let opacityTolerance = 50.0 / 255

    /// The document's bytes, or a refusal when they would pass `maxSize`.
    func json() throws -> [UInt8] {
        var out = Output(limit: maxSize)
        let frames = capture.frameNumbers
        let ip = frames.first ?? 0
        let op = (frames.last ?? 0) + 1
        try out.add("{\"v\":\"5.7.4\",\"fr\":\(LottieJSON.number(fps)),\"ip\":\(ip),\"op\":\(op),\"w\":\(LottieJSON.number(width)),\"h\":\(LottieJSON.number(height)),\"nm\":\"fxhost\",\"ddd\":0,\"assets\":[")
        for (n, img) in capture.images.enumerated() {
            let png = PNGEncoder.png(img.pixels, width: img.width, height: img.height)
            try out.add((n > 0 ? "," : "") + "{\"id\":\"image_\(n)\",\"w\":\(img.width),\"h\":\(img.height),\"u\":\"\",\"p\":\"data:image/png;base64,")
            try out.add(LottieJSON.base64(png) + "\",\"e\":1}")
        }
        try out.add("],\"layers\":[")
        let written = capture.order.reversed().filter { capture.pieces[$0]?.frames.contains { $0 != nil } ?? false }
        let parenting = LottieParenting(capture, pieces: written, firstIndex: written.count + 1)
        let extents = parentExtents(written, parenting)
        var index = 1
        for key in written {
            guard let layer = layerJSON(key, capture.pieces[key]!, index: index, parenting) else { continue }
            try out.add((index > 1 ? "," : "") + layer)
            index += 1
        }
        for key in parenting.parents {
            try out.add((index > 1 ? "," : "") + nullJSON(key, index: parenting.index[key]!, parenting, extent: extents[key] ?? 1))
            index += 1
        }
        try out.add("],\"fonts\":{\"list\":[")
        try out.add(fonts(used: capture.order).map {
            "{\"fName\":" + LottieJSON.string($0) + ",\"fFamily\":" + LottieJSON.string($0) + ",\"fStyle\":\"Regular\",\"ascent\":75}"
        }.joined(separator: ","))
        try out.add("]},\"markers\":[]}")
        return out.bytes
    }

    /// Bytes gathered with a ceiling.
    struct Output {
        let limit: Int
        var bytes: [UInt8] = []
        mutating func add(_ s: String) throws {
            bytes += s.utf8
            if bytes.count > limit { throw SizeLimit() }
        }
    }

    struct SizeLimit: Error {}

    // MARK: - Layers

    private func layerJSON(_ key: LottieCapture.Key, _ piece: LottieCapture.Piece, index: Int, _ parenting: LottieParenting) -> String? {
        let count = capture.frameNumbers.count
        let frames: [LottieCapture.Frame?] = (0..<count).map { $0 < piece.frames.count ? piece.frames[$0] : nil }
        guard let first = frames.firstIndex(where: { $0 != nil }), let last = frames.lastIndex(where: { $0 != nil }) else { return nil }
        let firstFrame = frames[first]!
        let numbers = capture.frameNumbers
        let ip = numbers[first], op = numbers[last] + 1

        // The anchor: the layer's anchor point (an image's centre), so that rotation and scale move
        // the content least; the extent: how far the content reaches from it.
        let anchor: Point
        var extent = 1.0
        switch key.role {
        case .image(let n), .particle(let n, _, _):
            let img = capture.images[n]
            anchor = Point(Double(img.width) / 2, Double(img.height) / 2)
            extent = max(extent, (Double(img.width * img.width + img.height * img.height)).squareRoot() / 2)
        default:
            anchor = Self.anchor(of: firstFrame.layer)
            for f in frames.compactMap({ $0 }) {
                for c in contentPoints(key, f) { extent = max(extent, ((c.x - anchor.x) * (c.x - anchor.x) + (c.y - anchor.y) * (c.y - anchor.y)).squareRoot()) }
            }
        }
        let (parent, maps) = parenting.maps(frames.map { $0.map { (owner: $0.owner, local: $0.local, world: $0.world) } })
        var opacity: [[Double]?] = []
        for (k, f) in frames.enumerated() {
            opacity.append(k < first || k > last ? nil : [f.map { $0.opacity * 100 } ?? 0])
        }
        let g = Self.geometryTolerance / Double(parenting.depth) / parenting.stageScale(of: parent)
        let transform = transformJSON(maps, opacity: opacity, anchor: anchor, extent: extent, tolerance: g)
        var s = "{\"ddd\":0,\"ind\":\(index),\"ty\":"
        switch key.role {
        case .image(let n), .particle(let n, _, _): s += "2,\"refId\":\"image_\(n)\""
        case .text: s += "5"
        default: s += "4"
        }
        s += ",\"nm\":" + LottieJSON.string(piece.name) + ",\"sr\":1,\"ks\":" + transform + ",\"ao\":0"
        if let parent { s += ",\"parent\":\(parenting.index[parent]!)" }
        if key.matteOf != nil { s += ",\"td\":1" }
        if piece.matteMode > 0 { s += ",\"tt\":\(piece.matteMode)" }
        if let masks = masksJSON(frames) { s += ",\"hasMask\":true,\"masksProperties\":" + masks }
        if let shadow = dropShadowJSON(frames, piece.shadows) { s += ",\"ef\":[" + shadow + "]" }
        switch key.role {
        case .background: s += ",\"shapes\":" + mattedShapes(backgroundShapes(frames), piece)
        case .border: s += ",\"shapes\":" + mattedShapes(borderShapes(frames), piece)
        case .content: s += ",\"shapes\":" + mattedShapes(contentShapes(frames), piece)
        case .text: s += ",\"t\":" + textJSON(frames)
        case .image, .particle: break
        }
        return s + ",\"ip\":\(ip),\"op\":\(op),\"st\":0,\"bm\":0}"
    }

    /// rlottie 0.1 draws nothing of a matted shape layer that paints a single item (its
    /// matte cuts all of it); a second item, a one-point square a million points away, which no
    /// player can show (at a scale small enough to bring it on the stage it covers less than
    /// 1/1000 of a pixel), makes it draw the layer.
    private func mattedShapes(_ shapes: String, _ piece: LottieCapture.Piece) -> String {
        guard piece.matteMode > 0, shapes.hasSuffix("]") else { return shapes }
        let far = "{\"ty\":\"gr\",\"nm\":\"rlottie matte\",\"it\":[{\"ty\":\"rc\",\"d\":1,\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[1,1]},\"r\":{\"a\":0,\"k\":0}},{\"ty\":\"fl\",\"c\":{\"a\":0,\"k\":[0,0,0,1]},\"o\":{\"a\":0,\"k\":100},\"r\":1},"
            + "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[-1000000,-1000000]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}"
        return String(shapes.dropLast()) + (shapes == "[]" ? "" : ",") + far + "]"
    }

    static func corners(_ r: Rect) -> [Point] {
        [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
    }

    private func track(_ frames: [LottieCapture.Frame?], _ value: (LottieCapture.Frame) -> [Double]?) -> [[Double]?] {
        frames.map { $0.flatMap(value) }
    }

    private func numbers(_ samples: [[Double]?], _ tolerance: Double, decimals: Int = 3) -> String {
        KeyframeFit.numbers(samples, tolerance: [tolerance], frames: capture.frameNumbers, decimals: decimals)
    }

    private func still(_ v: Double) -> String { "{\"a\":0,\"k\":" + LottieJSON.number(v) + "}" }

    /// A Core Animation layer's anchor point in its own space.
    static func anchor(of l: PresentedLayer) -> Point {
        let b = l.drawnBounds, a = l.point(.anchorPoint)
        return Point(b.origin.x + a.x * b.size.width, b.origin.y + a.y * b.size.height)
    }

    /// The points that bound what a piece draws, in its own space.
    private func contentPoints(_ key: LottieCapture.Key, _ f: LottieCapture.Frame) -> [Point] {
        if let n = key.role.image {
            let img = capture.images[n]
            return Self.corners(Rect(0, 0, Double(img.width), Double(img.height)))
        }
        var corners = Self.corners(f.layer.drawnBounds)
        if key.role == .content, case .path(let p) = f.layer[.path] { corners += p.points }
        return corners
    }

    /// How far what each parent's subtree draws reaches from the parent's anchor, in the parent's
    /// own space (what an error of its rotation or scale is multiplied by).
    private func parentExtents(_ pieces: [LottieCapture.Key], _ parenting: LottieParenting) -> [LottieCapture.NodeKey: Double] {
        var extents: [LottieCapture.NodeKey: Double] = [:]
        guard !parenting.parents.isEmpty else { return extents }
        var anchors: [LottieCapture.NodeKey: Point] = [:]
        for key in parenting.parents {
            if let l = capture.nodes[key]?.frames.first(where: { $0 != nil })??.layer { anchors[key] = Self.anchor(of: l) }
        }
        for key in pieces {
            for (f, frame) in capture.pieces[key]!.frames.enumerated() {
                guard let frame else { continue }
                let points = contentPoints(key, frame).map { frame.world.apply($0) }
                var cur: LottieCapture.NodeKey? = frame.owner
                while let c = cur, let nf = capture.nodes[c]?.frames[f] {
                    if let anchor = anchors[c], let inverse = nf.world.inverted {
                        for p in points {
                            let q = inverse.apply(p)
                            extents[c] = max(extents[c] ?? 1, ((q.x - anchor.x) * (q.x - anchor.x) + (q.y - anchor.y) * (q.y - anchor.y)).squareRoot())
                        }
                    }
                    cur = nf.parent
                }
            }
        }
        return extents
    }

    /// A parent: a null layer (`ty` 3) with the layer's map into its own parent's space, for the whole run.
    private func nullJSON(_ key: LottieCapture.NodeKey, index: Int, _ parenting: LottieParenting, extent: Double) -> String {
        let node = capture.nodes[key]!
        let count = capture.frameNumbers.count
        let frames: [LottieCapture.NodeFrame?] = (0..<count).map { $0 < node.frames.count ? node.frames[$0] : nil }
        let anchor = Self.anchor(of: frames.first { $0 != nil }!!.layer)
        let (parent, maps) = parenting.maps(frames.map { $0.map { (owner: $0.parent, local: $0.local, world: $0.world) } })
        let g = Self.geometryTolerance / Double(parenting.depth) / parenting.stageScale(of: parent)
        let transform = transformJSON(maps, opacity: maps.map { $0 == nil ? nil : [100] }, anchor: anchor, extent: extent, tolerance: g)
        var s = "{\"ddd\":0,\"ind\":\(index),\"ty\":3,\"nm\":" + LottieJSON.string(node.name) + ",\"sr\":1,\"ks\":" + transform + ",\"ao\":0"
        if let parent { s += ",\"parent\":\(parenting.index[parent]!)" }
        let numbers = capture.frameNumbers
        return s + ",\"ip\":\(numbers.first ?? 0),\"op\":\((numbers.last ?? 0) + 1),\"st\":0,\"bm\":0}"
    }

    /// Position, rotation, scale (and skew when any sample has one) of a Lottie layer's map into
    /// its parent's space (`maps`, one a sample) about `anchor`, within `tolerance` in that space;
    /// `opacity` in percent, one a sample.
    private func transformJSON(_ maps: [PlaneAffine?], opacity: [[Double]?], anchor: Point, extent: Double, tolerance g: Double) -> String {
        var rotation: [[Double]?] = [], scale: [[Double]?] = [], shear: [[Double]?] = [], position: [[Double]?] = []
        var previous: Double?
        var largestScale = 1e-9, sheared = false
        for m in maps {
            guard let m else { rotation.append(nil); scale.append(nil); shear.append(nil); position.append(nil); continue }
            var parts = m.parts
            // Unwrapped: the turn nearest the previous sample's, so that keyframes turn the short way.
            parts.rotation = Self.nearestTurn(parts.rotation, to: previous)
            previous = parts.rotation
            largestScale = max(largestScale, abs(parts.scaleX), abs(parts.scaleY))
            if abs(parts.shear) > 1e-9 { sheared = true }
            let p = m.apply(anchor)
            rotation.append([parts.rotation]); scale.append([parts.scaleX * 100, parts.scaleY * 100])
            shear.append([-atan(parts.shear) * 180 / .pi]); position.append([p.x, p.y])
        }
        let angle = g / (extent * largestScale) * 180 / .pi
        var s = "{\"a\":{\"a\":0,\"k\":" + LottieJSON.array([anchor.x, anchor.y]) + "}"
        s += ",\"p\":" + numbers(position, g)
        s += ",\"s\":" + numbers(scale, 100 * g / extent)
        s += ",\"r\":" + numbers(rotation, angle)
        if sheared { s += ",\"sk\":" + numbers(shear, angle) + ",\"sa\":{\"a\":0,\"k\":0}" }
        s += ",\"o\":" + numbers(opacity, Self.opacityTolerance, decimals: 2)
        return s + "}"
    }

    /// The clipping rectangles of `masksToBounds` as masks, each in the piece's own space:
    /// the first added, the others intersected with it.
    private func masksJSON(_ frames: [LottieCapture.Frame?]) -> String? {
        let most = frames.map { $0?.clips.count ?? 0 }.max() ?? 0
        guard most > 0 else { return nil }
        var masks: [String] = []
        let everything = LottiePath.roundedRect(Rect(-1e5, -1e5, 2e5, 2e5), radius: 0)
        for j in 0..<most {
            var structure: [Int] = []
            let samples: [[Double]?] = frames.map { f in
                guard let f, let inverse = f.world.inverted else { structure.append(0); return nil }
                let path: LottiePath
                if j < f.clips.count {
                    let c = f.clips[j]
                    path = LottiePath.roundedRect(c.rect, radius: c.radius).mapped(c.world.then(inverse))
                } else {
                    path = everything
                }
                structure.append(path.structure)
                return path.numbers
            }
            let pt = KeyframeFit.property(samples, tolerance: [Self.geometryTolerance], structure: structure, frames: capture.frameNumbers,
                                          still: LottiePath.json(numbers:), keyed: { "[" + LottiePath.json(numbers: $0) + "]" })
            masks.append("{\"inv\":false,\"mode\":\"\(j == 0 ? "a" : "i")\",\"pt\":" + pt + ",\"o\":{\"a\":0,\"k\":100},\"x\":{\"a\":0,\"k\":0},\"nm\":\"bounds\"}")
        }
        return "[" + masks.joined(separator: ",") + "]"
    }

    /// A piece's shadow as Lottie's drop shadow effect (`ty` 25; its values by the names and in the
    /// order After Effects gives them, which lottie-android reads by name and lottie-web by place),
    /// mapped as lottie-ios maps that effect back to a CALayer shadow: opacity 0…255 is
    /// `shadowOpacity` × 255, softness is 5 × `shadowRadius`, and the offset (dx, dy) is the
    /// distance √(dx² + dy²) at the direction atan2(dy, dx) + 90° (0° up, clockwise). Where the
    /// piece is drawn without a shadow the effect's opacity is 0.
    private func dropShadowJSON(_ frames: [LottieCapture.Frame?], _ shadows: [LottieCapture.Shadow?]) -> String? {
        guard shadows.contains(where: { $0 != nil }) else { return nil }
        let g = Self.geometryTolerance
        func track(_ value: (LottieCapture.Shadow?) -> [Double]) -> [[Double]?] {
            frames.indices.map { k in frames[k] == nil ? nil : value(k < shadows.count ? shadows[k] : nil) }
        }
        var previous: Double?
        let direction = track { sh in
            guard let sh, sh.offset.x != 0 || sh.offset.y != 0 else { return [previous ?? 180] }
            let d = Self.nearestTurn(atan2(sh.offset.y, sh.offset.x) * 180 / .pi + 90, to: previous)
            previous = d
            return [d]
        }
        let distance = track { [$0.map { hypot($0.offset.x, $0.offset.y) } ?? 0] }
        let longest = distance.compactMap { $0?[0] }.max() ?? 0
        func value(_ type: Int, _ name: String, _ n: Int, _ v: String) -> String {
            "{\"ty\":\(type),\"nm\":\"\(name)\",\"mn\":\"ADBE Drop Shadow-000\(n)\",\"ix\":\(n),\"v\":" + v + "}"
        }
        let color = track { sh in sh.map { let c = $0.color.clamped; return [c.red, c.green, c.blue, 1] } ?? [0, 0, 0, 1] }
        let items = [
            value(2, "Shadow Color", 1, numbers(color, Self.colorTolerance, decimals: 4)),
            value(0, "Opacity", 2, numbers(track { [($0?.opacity ?? 0) * 255] }, 0.5, decimals: 2)),
            value(1, "Direction", 3, numbers(direction, g / max(longest, 1) * 180 / .pi)),
            value(0, "Distance", 4, numbers(distance, g)),
            value(0, "Softness", 5, numbers(track { [($0?.radius ?? 0) * 5] }, 5 * g)),
            value(7, "Shadow Only", 6, "{\"a\":0,\"k\":0}"),
        ]
        return "{\"ty\":25,\"nm\":\"Drop Shadow\",\"mn\":\"ADBE Drop Shadow\",\"ix\":1,\"en\":1,\"ef\":[" + items.joined(separator: ",") + "]}"
    }

    // MARK: - Shapes

    /// A rectangle item (`rc`) of `rect` with corner `radius`, both per sample.
    private func rectangle(_ frames: [LottieCapture.Frame?], _ rect: (LottieCapture.Frame) -> (Rect, Double)?) -> String {
        let g = Self.geometryTolerance
        let p = track(frames) { f in rect(f).map { [$0.0.midX, $0.0.midY] } }
        let s = track(frames) { f in rect(f).map { [$0.0.size.width, $0.0.size.height] } }
        let r = track(frames) { f in rect(f).map { [$0.1] } }
        return "{\"ty\":\"rc\",\"d\":1,\"p\":" + numbers(p, g) + ",\"s\":" + numbers(s, g) + ",\"r\":" + numbers(r, g) + "}"
    }

    /// Colour (`c`) and opacity (`o`) members of a fill or stroke, per sample.
    private func paint(_ frames: [LottieCapture.Frame?], _ color: (LottieCapture.Frame) -> Color?) -> String {
        let c = track(frames) { f in color(f).map { let k = $0.clamped; return [k.red, k.green, k.blue, 1] } }
        let o = track(frames) { f in color(f).map { [$0.clamped.alpha * 100] } }
        return "\"c\":" + numbers(c, Self.colorTolerance, decimals: 4) + ",\"o\":" + numbers(o, Self.opacityTolerance, decimals: 2)
    }

    private static let groupTransform = "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}"

    private func backgroundShapes(_ frames: [LottieCapture.Frame?]) -> String {
        "[" + rectangle(frames) { ($0.layer.drawnBounds, $0.layer.drawnCornerRadius) }
            + ",{\"ty\":\"fl\"," + paint(frames) { $0.layer.color(.backgroundColor) } + ",\"r\":1}]"
    }

    /// The border: between the rounded bounds and the same inset by the width, even-odd, as the
    /// renderer fills it.
    private func borderShapes(_ frames: [LottieCapture.Frame?]) -> String {
        let outer = rectangle(frames) { ($0.layer.drawnBounds, $0.layer.drawnCornerRadius) }
        let inner = rectangle(frames) { f in
            let b = f.layer.drawnBounds, w = f.layer.number(.borderWidth)
            let inset = Rect(b.origin.x + w, b.origin.y + w, max(0, b.size.width - 2 * w), max(0, b.size.height - 2 * w))
            return (inset, max(0, f.layer.drawnCornerRadius - w))
        }
        return "[" + outer + "," + inner + ",{\"ty\":\"fl\"," + paint(frames) { $0.layer.color(.borderColor) } + ",\"r\":2}]"
    }

    private func contentShapes(_ frames: [LottieCapture.Frame?]) -> String {
        guard let layer = frames.compactMap({ $0 }).first?.layer else { return "[]" }
        return layer.kind == .gradient ? gradientShapes(frames) : pathShapes(frames)
    }

    /// `degrees` plus the whole turns that bring it nearest `previous` (the angle a track had at the
    /// frame before), so that an angle crossing ±180° between frames keeps turning the short way.
    static func nearestTurn(_ degrees: Double, to previous: Double?) -> Double {
        guard let previous else { return degrees }
        return degrees + ((previous - degrees) / 360).rounded() * 360
    }

    /// The gradient fills the rounded bounds. A radial one is an ellipse in Core Animation and a
    /// circle in Lottie: it is drawn in a group scaled vertically by the ellipse's ratio, with the
    /// rectangle and the centre scaled back. Its focal point (`focalOffset`) is the highlight: `h`
    /// its distance from the centre in percent of the radius, `a` its angle from the line start →
    /// end (lottie-web's rule, docs/LOTTIE.md).
    private func gradientShapes(_ frames: [LottieCapture.Frame?]) -> String {
        struct Geometry {
            let rect: Rect; let radius: Double; let start: Point; let end: Point; let ratio: Double; let stops: [Double]; let count: Int
            var highlight = (length: 0.0, angle: 0.0)
        }
        func geometry(_ f: LottieCapture.Frame) -> Geometry? {
            let l = f.layer
            guard case .colors(let colors) = l[.colors], !colors.isEmpty else { return nil }
            var locations: [Double] = []
            if case .numbers(let locs) = l[.locations], locs.count == colors.count { locations = locs }
            if locations.isEmpty {
                locations = colors.count == 1 ? [0] : (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
            }
            let b = l.drawnBounds
            let s = l.point(.startPoint), e = l.point(.endPoint)
            let sx = b.origin.x + s.x * b.size.width, sy = b.origin.y + s.y * b.size.height
            let ex = b.origin.x + e.x * b.size.width, ey = b.origin.y + e.y * b.size.height
            var stops: [Double] = []
            for (c, loc) in zip(colors, locations) { let k = c.clamped; stops += [loc, k.red, k.green, k.blue] }
            for (c, loc) in zip(colors, locations) { stops += [loc, c.clamped.alpha] }
            if l.gradientType == .radial {
                let rx = max(abs(ex - sx), 1e-6), ry = max(abs(ey - sy), 1e-6)
                let k = ry / rx
                let rect = Rect(b.origin.x, b.origin.y / k, b.size.width, b.size.height / k)
                var g = Geometry(rect: rect, radius: l.drawnCornerRadius, start: Point(sx, sy / k), end: Point(sx + rx, sy / k),
                                 ratio: k, stops: stops, count: colors.count)
                let f = l.point(.focalOffset), fx = f.x * b.size.width, fy = f.y * b.size.height / k
                if fx != 0 || fy != 0 { g.highlight = (hypot(fx, fy) / rx * 100, atan2(fy, fx) * 180 / .pi) }
                return g
            }
            return Geometry(rect: b, radius: l.drawnCornerRadius, start: Point(sx, sy), end: Point(ex, ey), ratio: 1, stops: stops, count: colors.count)
        }
        let geometries = frames.map { $0.flatMap(geometry) }
        let radial = frames.compactMap { $0 }.first!.layer.gradientType == .radial
        let g = Self.geometryTolerance
        let count = geometries.compactMap { $0 }.first?.count ?? 1
        let rect = rectangle(frames) { f in geometry(f).map { ($0.rect, $0.radius) } }
        let start = numbers(geometries.map { $0.map { [$0.start.x, $0.start.y] } }, g)
        let end = numbers(geometries.map { $0.map { [$0.end.x, $0.end.y] } }, g)
        let stops = KeyframeFit.property(geometries.map { $0?.stops }, tolerance: [Self.colorTolerance],
                                         structure: geometries.map { $0?.count ?? 0 }, frames: capture.frameNumbers,
                                         still: { LottieJSON.array($0, 4) }, keyed: { LottieJSON.array($0, 4) })
        // An angle that turns past ±180° between frames is kept continuous, so that keyframes between them turn the short way.
        var angles: [Double?] = [], previous: Double?
        for g in geometries {
            guard let g else { angles.append(nil); continue }
            let a = Self.nearestTurn(g.highlight.angle, to: previous)
            angles.append(a)
            previous = a
        }
        let length = numbers(geometries.map { $0.map { [$0.highlight.length] } }, 0.01)
        let angle = numbers(angles.map { $0.map { [$0] } }, 0.01)
        let fill = "{\"ty\":\"gf\",\"o\":{\"a\":0,\"k\":100},\"r\":1,\"s\":" + start + ",\"e\":" + end
            + ",\"t\":\(radial ? 2 : 1),\"h\":" + length + ",\"a\":" + angle + ",\"g\":{\"p\":\(count),\"k\":" + stops + "}}"
        let ratio = numbers(geometries.map { $0.map { [100, $0.ratio * 100] } }, 0.01)
        let tr = "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":" + ratio + ",\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}"
        return "[{\"ty\":\"gr\",\"it\":[" + rect + "," + fill + "," + tr + "]}]"
    }

    /// A shape layer's path, filled (with its fill rule) under its stroke (with caps, joins,
    /// miter limit, dashes, and `strokeStart`/`strokeEnd` as a trim that applies to the stroke alone).
    private func pathShapes(_ frames: [LottieCapture.Frame?]) -> String {
        let subpaths: [[LottiePath]?] = frames.map { f in
            guard let f, case .path(let p) = f.layer[.path] else { return nil }
            return LottiePath.subpaths(of: p)
        }
        let most = subpaths.map { $0?.count ?? 0 }.max() ?? 0
        guard most > 0 else { return "[]" }
        var items: [String] = []
        for j in 0..<most {
            var structure: [Int] = []
            let samples: [[Double]?] = subpaths.map { list in
                guard let list else { structure.append(0); return nil }
                // A subpath missing in this sample: a single point, which draws nothing.
                let path = j < list.count ? list[j] : LottiePath(vertices: [list.first?.vertices.first ?? .zero], inTangents: [.zero], outTangents: [.zero])
                structure.append(path.structure)
                return path.numbers
            }
            let ks = KeyframeFit.property(samples, tolerance: [Self.geometryTolerance], structure: structure, frames: capture.frameNumbers,
                                          still: LottiePath.json(numbers:), keyed: { "[" + LottiePath.json(numbers: $0) + "]" })
            items.append("{\"ty\":\"sh\",\"d\":1,\"ks\":" + ks + "}")
        }
        let present = frames.compactMap { $0 }
        let l = present[0].layer
        var groups: [String] = []
        let strokes = present.contains { $0.layer.color(.strokeColor).alpha > 0 && $0.layer.number(.lineWidth) > 0 }
        if strokes {
            var it = items
            let trimmed = present.contains { $0.layer.number(.strokeStart) > 0 || $0.layer.number(.strokeEnd) < 1 }
            if trimmed {
                var length = 0.0
                if case .path(let p) = l[.path] {
                    for line in p.flattened() { for k in line.indices.dropFirst() { length += hypot(line[k].x - line[k - 1].x, line[k].y - line[k - 1].y) } }
                }
                let tol = 100 * Self.geometryTolerance / max(length, 1)
                let s = track(frames) { [max(0, min(1, $0.layer.number(.strokeStart))) * 100] }
                let e = track(frames) { [max(0, min(1, $0.layer.number(.strokeEnd))) * 100] }
                it.append("{\"ty\":\"tm\",\"s\":" + numbers(s, tol) + ",\"e\":" + numbers(e, tol) + ",\"o\":{\"a\":0,\"k\":0},\"m\":\(most > 1 ? 2 : 1)}")
            }
            let cap = switch l.lineCap { case .butt: 1; case .round: 2; case .square: 3 }
            let join = switch l.lineJoin { case .miter: 1; case .round: 2; case .bevel: 3 }
            var stroke = "{\"ty\":\"st\"," + paint(frames) { f in
                f.layer.number(.strokeEnd) > f.layer.number(.strokeStart) ? f.layer.color(.strokeColor) : .clear
            }
            stroke += ",\"w\":" + numbers(track(frames) { [$0.layer.number(.lineWidth)] }, Self.geometryTolerance)
            stroke += ",\"lc\":\(cap),\"lj\":\(join),\"ml\":" + LottieJSON.number(l.number(.miterLimit))
            if case .numbers(let pattern) = l[.lineDashPattern], pattern.contains(where: { $0 > 0 }) {
                let even = pattern.count % 2 == 0 ? pattern : pattern + pattern
                var dashes: [String] = []
                for (k, v) in even.enumerated() {
                    dashes.append("{\"n\":\"\(k % 2 == 0 ? "d" : "g")\",\"nm\":\"\(k % 2 == 0 ? "dash" : "gap")\(k / 2)\",\"v\":" + still(max(0, v)) + "}")
                }
                dashes.append("{\"n\":\"o\",\"nm\":\"offset\",\"v\":" + numbers(track(frames) { [$0.layer.number(.lineDashPhase)] }, Self.geometryTolerance) + "}")
                stroke += ",\"d\":[" + dashes.joined(separator: ",") + "]"
            }
            it.append(stroke + "}")
            it.append(Self.groupTransform)
            groups.append("{\"ty\":\"gr\",\"nm\":\"stroke\",\"it\":[" + it.joined(separator: ",") + "]}")
        }
        if present.contains(where: { $0.layer.color(.fillColor).alpha > 0 }) {
            var it = items
            it.append("{\"ty\":\"fl\"," + paint(frames) { $0.layer.color(.fillColor) } + ",\"r\":\(l.fillRule == .evenOdd ? 2 : 1)}")
            it.append(Self.groupTransform)
            groups.append("{\"ty\":\"gr\",\"nm\":\"fill\",\"it\":[" + it.joined(separator: ",") + "]}")
        }
        return "[" + groups.joined(separator: ",") + "]"
    }

    // MARK: - Text

    /// The fonts the text layers name, in order of first use.
    private func fonts(used order: [LottieCapture.Key]) -> [String] {
        var names: [String] = []
        for key in order where key.role == .text {
            for f in capture.pieces[key]?.frames ?? [] {
                if let f, !names.contains(f.layer.string(.font)) { names.append(f.layer.string(.font)) }
            }
        }
        return names
    }

    /// A Core Animation text layer as Lottie paragraph text: its bounds as the box (`sz`, `ps`),
    /// wrapped there by the player, with the font, size, colour and alignment; a new document
    /// (a held keyframe) wherever one of them changes.
    private func textJSON(_ frames: [LottieCapture.Frame?]) -> String {
        var documents: [String] = []
        var previous: String?
        for (k, f) in frames.enumerated() {
            guard let f else { continue }
            let l = f.layer
            let c = l.color(.foregroundColor).clamped, b = l.drawnBounds, size = l.number(.fontSize)
            let j = switch l.alignmentMode { case .right: 1; case .center: 2; default: 0 }
            let text = String(l.string(.string).map { $0 == "\n" ? "\r" : $0 })
            let s = "{\"s\":" + LottieJSON.number(size) + ",\"f\":" + LottieJSON.string(l.string(.font)) + ",\"t\":" + LottieJSON.string(text)
                + ",\"j\":\(j),\"tr\":0,\"lh\":" + LottieJSON.number(size * 1.2) + ",\"ls\":0,\"fc\":" + LottieJSON.array([c.red, c.green, c.blue], 4)
                + ",\"sz\":" + LottieJSON.array([b.size.width, b.size.height]) + ",\"ps\":" + LottieJSON.array([b.origin.x, b.origin.y]) + "}"
            if s != previous { documents.append("{\"s\":" + s + ",\"t\":\(capture.frameNumbers[k])}") }
            previous = s
        }
        return "{\"d\":{\"k\":[" + documents.joined(separator: ",") + "]},\"p\":{},\"m\":{\"g\":1,\"a\":{\"a\":0,\"k\":[0,0]}},\"a\":[]}"
    }
}
