// SPDX-License-Identifier: MIT
import Glibc

/// One fill, stroke or gradient fill of a shape layer at one frame: what it
/// paints (in the layer's coordinates) and how. A layer's paints keep their
/// number and order across frames, so paint k of every frame is one fx layer.
struct Paint {
    enum Style {
        case fill
        case stroke(cap: String, join: String, miterLimit: Double)
        case gradient(type: Int)
        case gradientStroke(type: Int, cap: String, join: String, miterLimit: Double)
    }
    var style: Style
    var contours: [Contour]
    var evenOdd = false
    /// Straight-alpha RGBA, opacities (the item's and its groups') multiplied into alpha.
    var color: [Double] = [0, 0, 0, 1]
    var width = 0.0
    var dashes: [Double] = []
    var dashPhase = 0.0
    /// Gradient stops (location, RGBA) and its ends, in the layer's coordinates.
    var stops: [(location: Double, color: [Double])] = []
    var start = Vec(0, 0), end = Vec(0, 0)
    /// A radial gradient's focal point (`RadialFocus`), in the layer's coordinates: `start` when centred.
    var focal = Vec(0, 0)
    /// The map from the paint's group to the layer: a stroke is stroked, and a gradient laid out, in
    /// the group's space and then mapped, as After Effects draws them (see `GroupSpace`).
    var space = Affine.identity
}

/// A trim's values at one frame, in Lottie's units (percent, degrees).
struct TrimValues {
    var start: Double, end: Double, offset: Double, individually: Bool
}

/// Lays out a shape layer's items at one frame, as lottie-web and rlottie
/// read them: a style paints every shape listed before it in its group and
/// in the groups before it; items listed first draw on top; a trim cuts the
/// shapes listed before it; group transforms and opacities apply to
/// everything inside.
enum PaintLayout {
    static let kappa = 0.5519150244935105707435627

    static func paints(_ items: [ShapeItem], at f: Double) -> [Paint] {
        paints(items, f, .identity, opacity: 1, trims: [])
    }

    /// The paints of a group, back to front.
    static func paints(_ items: [ShapeItem], _ f: Double, _ m: Affine, opacity: Double, trims: [PathModifier]) -> [Paint] {
        let items = RepeaterItem.expand(items, at: f)
        var out: [Paint] = []
        for idx in stride(from: items.count - 1, through: 0, by: -1) {
            switch items[idx] {
            case .group(let inner, let t):
                let inherited = items[(idx + 1)...].compactMap { modifier($0, f, m) } + trims
                out += paints(inner, f, t.matrix(at: f).then(m), opacity: opacity * t.opacity.at(f) / 100, trims: inherited)
            case .fill(let c, let o, let evenOdd):
                var p = Paint(style: .fill, contours: geometry(items, before: idx, f, m, trims))
                p.evenOdd = evenOdd
                p.color = rgba(c.at(f), opacity * o.at(f) / 100)
                out.append(p)
            case .stroke(let s):
                var p = Paint(style: .stroke(cap: s.cap, join: s.join, miterLimit: s.miterLimit),
                              contours: geometry(items, before: idx, f, m, trims))
                p.color = rgba(s.color.at(f), opacity * s.opacity.at(f) / 100)
                let k = m.lengthScale
                p.width = max(0, s.width.at(f)) * k
                p.dashes = s.dashes.map { max(0, $0.at(f)) * k }
                p.dashPhase = s.dashOffset.at(f) * k
                p.space = m
                out.append(p)
            case .gradientFill(let g, let o, let evenOdd):
                var p = Paint(style: .gradient(type: g.type), contours: geometry(items, before: idx, f, m, trims))
                p.evenOdd = evenOdd
                p.color = [1, 1, 1, opacity * o.at(f) / 100]
                p.stops = g.colors(at: f)
                let s = g.start.at(f), e = g.end.at(f)
                p.start = m.apply(Vec(s))
                p.end = m.apply(Vec(e))
                p.focal = m.apply(RadialFocus.focal(g, at: f))
                p.space = m
                out.append(p)
            case .gradientStroke(let g, let s):
                out.append(GradientStroke.paint(g, s, contours: geometry(items, before: idx, f, m, trims), f, m, opacity: opacity))
            default: break
            }
        }
        return out
    }

    static func rgba(_ c: [Double], _ opacity: Double) -> [Double] {
        let clamp = { (v: Double) in min(1, max(0, v)) }
        let a = c.count > 3 ? c[3] : 1
        return [clamp(c.first ?? 0), clamp(c.count > 1 ? c[1] : 0), clamp(c.count > 2 ? c[2] : 0), clamp(a * opacity)]
    }

    /// The modifier (trim, rounded corners) item `k` of a group is, if it is one; `m` maps the group to
    /// the layer, whose units a corner radius is given in.
    static func modifier(_ item: ShapeItem, _ f: Double, _ m: Affine) -> PathModifier? {
        switch item {
        case .trim(let s, let e, let o, let individually):
            return .trim(TrimValues(start: s.at(f), end: e.at(f), offset: o.at(f), individually: individually))
        case .roundCorners(let r):
            return .round(radius: max(0, r.at(f)) * m.lengthScale)
        default:
            return nil
        }
    }

    /// Every shape listed before item `end` of a group (nested groups' too), in the coordinates `m` maps
    /// to, each changed by the modifiers listed after it in the group, in list order (After Effects: a
    /// modifier acts on every path above it). A modifier takes the shapes above it together, so that a
    /// trim of multiple shapes "individually" runs along them as one outline, in their order.
    static func geometry(_ items: [ShapeItem], before end: Int, _ f: Double, _ m: Affine, _ trims: [PathModifier]) -> [Contour] {
        // The shapes so far, each run with the index of the last item it holds: a modifier at k takes
        // the runs before k and leaves one run.
        var runs: [(last: Int, shapes: [Contour])] = []
        for idx in 0..<end {
            var shapes: [Contour]
            switch items[idx] {
            case .group(let inner, let t):
                let inner = RepeaterItem.expand(inner, at: f)
                shapes = geometry(inner, before: inner.count, f, t.matrix(at: f).then(m), [])
            case .path(let shape, let reversed):
                shapes = [orient(shape.at(f), reversed).transformed(m)]
            case .rect(let p, let s, let r, let reversed):
                shapes = [orient(rect(p.at(f), s.at(f), r.at(f)), reversed).transformed(m)]
            case .ellipse(let p, let s, let reversed):
                shapes = [orient(ellipse(p.at(f), s.at(f)), reversed).transformed(m)]
            case .polystar(let star):
                shapes = [star.contour(at: f).transformed(m)]
            default: continue
            }
            runs.append((idx, shapes))
        }
        for k in 0..<items.count {
            guard let modifier = modifier(items[k], f, m), runs.contains(where: { $0.last < k }) else { continue }
            let before = runs.filter { $0.last < k }, after = runs.filter { $0.last >= k }
            runs = [(k, modifier.apply(to: before.flatMap(\.shapes)))] + after
        }
        var out = runs.flatMap(\.shapes)
        for t in trims { out = t.apply(to: out) }
        return out
    }

    static func orient(_ c: Contour, _ reversed: Bool) -> Contour {
        guard reversed, c.vertices.count > 1 else { return c }
        // The same outline traversed the other way, from the same first vertex.
        let n = c.vertices.count
        let order = [0] + (1..<n).reversed()
        return Contour(vertices: order.map { c.vertices[$0] }, inTangents: order.map { c.outTangents[$0] },
                       outTangents: order.map { c.inTangents[$0] }, closed: c.closed)
    }

    /// After Effects' rectangle: from the top right corner, clockwise; rounded corners as quarter ellipses.
    static func rect(_ p: [Double], _ s: [Double], _ roundness: Double) -> Contour {
        let cx = p.first ?? 0, cy = p.count > 1 ? p[1] : 0
        let w = (s.first ?? 0) / 2, h = (s.count > 1 ? s[1] : 0) / 2
        let r = min(max(0, roundness), w, h)
        if r <= 0 {
            let v = [Vec(cx + w, cy - h), Vec(cx + w, cy + h), Vec(cx - w, cy + h), Vec(cx - w, cy - h)]
            return Contour(vertices: v, inTangents: Array(repeating: Vec(0, 0), count: 4),
                           outTangents: Array(repeating: Vec(0, 0), count: 4), closed: true)
        }
        let k = r * kappa
        let v = [Vec(cx + w, cy - h + r), Vec(cx + w, cy + h - r), Vec(cx + w - r, cy + h), Vec(cx - w + r, cy + h),
                 Vec(cx - w, cy + h - r), Vec(cx - w, cy - h + r), Vec(cx - w + r, cy - h), Vec(cx + w - r, cy - h)]
        let i = [Vec(0, -k), Vec(0, 0), Vec(k, 0), Vec(0, 0), Vec(0, k), Vec(0, 0), Vec(-k, 0), Vec(0, 0)]
        let o = [Vec(0, 0), Vec(0, k), Vec(0, 0), Vec(-k, 0), Vec(0, 0), Vec(0, -k), Vec(0, 0), Vec(k, 0)]
        return Contour(vertices: v, inTangents: i, outTangents: o, closed: true)
    }

    /// After Effects' ellipse: from the top, clockwise, four cubic quarters.
    static func ellipse(_ p: [Double], _ s: [Double]) -> Contour {
        let cx = p.first ?? 0, cy = p.count > 1 ? p[1] : 0
        let rx = (s.first ?? 0) / 2, ry = (s.count > 1 ? s[1] : 0) / 2
        let kx = rx * kappa, ky = ry * kappa
        return Contour(vertices: [Vec(cx, cy - ry), Vec(cx + rx, cy), Vec(cx, cy + ry), Vec(cx - rx, cy)],
                       inTangents: [Vec(-kx, 0), Vec(0, -ky), Vec(kx, 0), Vec(0, ky)],
                       outTangents: [Vec(kx, 0), Vec(0, ky), Vec(-kx, 0), Vec(0, -ky)], closed: true)
    }
}

/// Trim paths: keeps the part of the outlines between start and end (percent
/// of their length), shifted by offset (degrees: 360 is the whole length);
/// each outline on its own ("simultaneously") or all as one ("individually").
enum Trim {
    static func apply(_ t: TrimValues, to shapes: [Contour]) -> [Contour] {
        var s = min(1, max(0, t.start / 100)), e = min(1, max(0, t.end / 100))
        if s > e { swap(&s, &e) }
        if e - s >= 1 - 1e-9 { return shapes }
        if e - s <= 1e-9 { return [] }
        let shift = t.offset / 360
        var a = (s + shift).truncatingRemainder(dividingBy: 1)
        if a < 0 { a += 1 }
        let b = a + (e - s)
        let ranges = b <= 1 ? [(a, b)] : [(a, 1.0), (0.0, b - 1)]
        if !t.individually {
            return shapes.flatMap { c in cut([c], ranges) }
        }
        return cut(shapes, ranges)
    }

    /// The parts of `shapes`, taken as one sequence, between fractions of their total length.
    static func cut(_ shapes: [Contour], _ ranges: [(Double, Double)]) -> [Contour] {
        let segs = shapes.map(\.segments)
        let lengths = segs.map { $0.map { cubicLength($0) } }
        let total = lengths.reduce(0) { $0 + $1.reduce(0, +) }
        guard total > 0 else { return [] }
        var pieces: [Contour] = []
        for (r0, r1) in ranges {
            let from = r0 * total, to = r1 * total
            var at = 0.0
            for (ci, list) in segs.enumerated() {
                var piece: [[Vec]] = []
                for (si, seg) in list.enumerated() {
                    let len = lengths[ci][si]
                    let s0 = at, s1 = at + len
                    at = s1
                    guard s1 > from, s0 < to, len > 0 else { continue }
                    let u0 = from <= s0 ? 0 : cubicParameter(seg, atFraction: (from - s0) / len)
                    let u1 = to >= s1 ? 1 : cubicParameter(seg, atFraction: (to - s0) / len)
                    piece.append(cubicPart(seg, u0, u1))
                }
                if !piece.isEmpty { pieces.append(contour(piece)) }
            }
        }
        // A closed outline cut across its start comes back as its tail and its head, which meet there: one piece.
        if ranges.count == 2, shapes.count == 1, shapes[0].closed, pieces.count == 2,
           let tv = pieces[0].vertices.last, let hv = pieces[1].vertices.first, (tv - hv).length < 1e-6 {
            var tail = pieces[0], head = pieces[1]
            tail.vertices.removeLast()
            let jointIn = tail.inTangents.removeLast()
            tail.outTangents.removeLast()
            head.inTangents[0] = jointIn
            tail.vertices += head.vertices
            tail.inTangents += head.inTangents
            tail.outTangents += head.outTangents
            pieces = [tail]
        }
        return pieces
    }

    static func contour(_ segments: [[Vec]]) -> Contour {
        var c = Contour()
        c.vertices = [segments[0][0]]
        c.inTangents = [Vec(0, 0)]
        c.outTangents = []
        for s in segments {
            c.outTangents.append(s[1] - s[0])
            c.vertices.append(s[3])
            c.inTangents.append(s[2] - s[3])
        }
        c.outTangents.append(Vec(0, 0))
        return c
    }
}
