// SPDX-License-Identifier: MIT
import CFX

/// A path being built (UIBezierPath's verbs), by handle. Setting it as a
/// value copies its current shape.
public final class Path: ValueConvertible {
    public let handle: fx_path

    public init() throws(PluginError) {
        var h: fx_path = 0
        try Host.check(Host.api.path_create(&h))
        handle = h
    }

    deinit { _ = Host.table?.pointee.path_release(handle) }

    public func move(to p: Point) throws(PluginError) { try Host.check(Host.api.path_move_to(handle, p.x, p.y)) }
    public func line(to p: Point) throws(PluginError) { try Host.check(Host.api.path_line_to(handle, p.x, p.y)) }
    public func quad(to p: Point, control c: Point) throws(PluginError) {
        try Host.check(Host.api.path_quad_to(handle, c.x, c.y, p.x, p.y))
    }
    public func cubic(to p: Point, control1 a: Point, control2 b: Point) throws(PluginError) {
        try Host.check(Host.api.path_cubic_to(handle, a.x, a.y, b.x, b.y, p.x, p.y))
    }
    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public func arc(center c: Point, radius r: Double, startAngle a0: Double, endAngle a1: Double, clockwise: Bool) throws(PluginError) {
        try Host.check(Host.api.path_arc(handle, c.x, c.y, r, a0, a1, clockwise ? 1 : 0))
    }
    public func addRect(_ r: Rect) throws(PluginError) {
        try Host.check(Host.api.path_add_rect(handle, fx_rect(x: r.x, y: r.y, width: r.width, height: r.height)))
    }
    public func addRoundedRect(_ r: Rect, radius: Double) throws(PluginError) {
        try Host.check(Host.api.path_add_rounded_rect(handle, fx_rect(x: r.x, y: r.y, width: r.width, height: r.height), radius))
    }
    public func addEllipse(in r: Rect) throws(PluginError) {
        try Host.check(Host.api.path_add_ellipse(handle, fx_rect(x: r.x, y: r.y, width: r.width, height: r.height)))
    }
    public func close() throws(PluginError) { try Host.check(Host.api.path_close(handle)) }

    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        var v = fx_path_value(handle)
        return try body(&v)
    }
}

/// Pixels a layer can show as its contents, by handle.
public struct Image: ValueConvertible, Sendable {
    public let handle: fx_image
    public let width: Int
    public let height: Int

    /// Decodes a PNG file.
    public init(png path: String) throws(PluginError) {
        var h: fx_image = 0
        try Host.check(path.withCString { Host.api.image_load_png($0, &h) })
        var w: Int32 = 0, ht: Int32 = 0
        try Host.check(Host.api.image_size(h, &w, &ht))
        handle = h; width = Int(w); height = Int(ht)
    }

    /// fx.h 1.4 `image_decode_png`: decodes PNG bytes held in memory (an
    /// embedded image, an archive's entry) with the host's decoder and limits.
    /// A host older than 1.4 answers FX_ERR_NOT_FOUND, naming its version.
    public init(png bytes: [UInt8]) throws(PluginError) {
        guard Host.has(\.image_decode_png) else {
            let (major, minor) = Host.abiVersion
            throw PluginError("this host (fx.h \(major).\(minor)) cannot decode PNG bytes in memory; image_decode_png came in 1.4",
                              status: FX_ERR_NOT_FOUND)
        }
        var h: fx_image = 0
        try Host.check(bytes.withUnsafeBufferPointer { Host.api.image_decode_png($0.baseAddress, $0.count, &h) })
        var w: Int32 = 0, ht: Int32 = 0
        try Host.check(Host.api.image_size(h, &w, &ht))
        handle = h; width = Int(w); height = Int(ht)
    }

    /// An image the host handed back (`ReadValue.handle` of a layer's `contents`).
    public init(handle: fx_image) throws(PluginError) {
        var w: Int32 = 0, ht: Int32 = 0
        try Host.check(Host.api.image_size(handle, &w, &ht))
        self.handle = handle; width = Int(w); height = Int(ht)
    }

    /// From straight-alpha RGBA bytes, rows top to bottom.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(PluginError) {
        guard rgba.count == width * height * 4 else {
            throw PluginError("image needs \(width * height * 4) bytes, got \(rgba.count)", status: FX_ERR_BAD_ARGUMENT)
        }
        var h: fx_image = 0
        try Host.check(rgba.withUnsafeBufferPointer {
            Host.api.image_create_rgba(Int32(clamping: width), Int32(clamping: height), $0.baseAddress, &h)
        })
        handle = h; self.width = width; self.height = height
    }

    public func withValue<R>(_ body: (UnsafePointer<fx_value>) throws -> R) rethrows -> R {
        var v = fx_image_value(handle)
        return try body(&v)
    }
}
