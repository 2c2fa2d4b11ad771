// SPDX-License-Identifier: MIT
import CFX
import FXCore

/// Converting values across the ABI. Everything read from the plugin is
/// copied; everything handed back lives in `scratch` until the next host call.
extension HostSession {
    func value(from v: fx_value) throws(FXAPIError) -> Value {
        // Finiteness is checked where the value is used, so that the message names the key path or field.
        switch v.type {
        case FX_VALUE_NUMBER:
            return .number(v.u.number)
        case FX_VALUE_POINT:
            return .point(Point(v.u.point.x, v.u.point.y))
        case FX_VALUE_SIZE:
            return .size(Size(v.u.size.width, v.u.size.height))
        case FX_VALUE_RECT:
            return .rect(Rect(v.u.rect.x, v.u.rect.y, v.u.rect.width, v.u.rect.height))
        case FX_VALUE_COLOR:
            return .color(Color(red: v.u.color.red, green: v.u.color.green, blue: v.u.color.blue, alpha: v.u.color.alpha))
        case FX_VALUE_TRANSFORM:
            var t = v.u.transform
            let entries = withUnsafeBytes(of: &t.m) { Array($0.bindMemory(to: Double.self)) }
            return .transform(Transform3D(entries: entries))
        case FX_VALUE_STRING:
            guard let s = v.u.string else { throw FXAPIError(.badArgument, "string value is NULL") }
            return .string(try text(s, what: "string value", kept: true))
        case FX_VALUE_BOOL:
            return .bool(v.u.boolean != 0)
        case FX_VALUE_NUMBERS:
            try checkCount(v.count, "numbers")
            guard v.count == 0 || v.u.numbers != nil else { throw FXAPIError(.badArgument, "numbers value has \(v.count) elements but a NULL pointer") }
            return .numbers(v.count == 0 ? [] : Array(UnsafeBufferPointer(start: v.u.numbers, count: Int(v.count))))
        case FX_VALUE_COLORS:
            try checkCount(v.count, "colors")
            guard v.count == 0 || v.u.colors != nil else { throw FXAPIError(.badArgument, "colors value has \(v.count) elements but a NULL pointer") }
            let cs = v.count == 0 ? [] : UnsafeBufferPointer(start: v.u.colors, count: Int(v.count)).map {
                Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha)
            }
            return .colors(cs)
        case FX_VALUE_PATH:
            return .path(try paths.get(v.u.path))
        case FX_VALUE_IMAGE:
            return .image(v.u.image == 0 ? nil : try images.get(v.u.image))
        default:
            throw FXAPIError(.badType, "unknown value type tag \(v.type)")
        }
    }

    private func checkCount(_ n: UInt32, _ what: String) throws(FXAPIError) {
        guard Int(n) <= limits.maxArrayElements else {
            throw FXAPIError(.limit, "\(what) value has \(n) elements; the limit is \(limits.maxArrayElements)")
        }
        try charge(Int(n) * (what == "colors" ? MemoryLayout<Color>.stride : MemoryLayout<Double>.stride), for: "a \(what) value")
    }

    /// Counts `bytes` copied from the plugin against `Limits.maxPluginDataBytes`.
    func charge(_ bytes: Int, for what: String) throws(FXAPIError) {
        try affordCharge(bytes, for: what)
        pluginDataBytes += bytes
    }

    /// Refuses, as `charge` would, data that does not fit in what is left, without charging it:
    /// for a size known before the work that makes the data (an image's header before its pixels).
    func affordCharge(_ bytes: Int, for what: String) throws(FXAPIError) {
        guard bytes <= limits.maxPluginDataBytes - pluginDataBytes else {
            throw FXAPIError(.limit, "\(what) of \(bytes) bytes would take the data copied from the plugin in this run past \(limits.maxPluginDataBytes / (1024 * 1024)) MiB; that is the limit (strings, arrays, paths and pixels, all together)")
        }
    }

    /// Copies a plugin string, refusing invalid UTF-8 and absurd lengths.
    /// A string the host keeps (`kept`: a name, a key, a value) counts against
    /// `Limits.maxPluginStringBytes`; one only looked up or printed does not.
    func text(_ p: UnsafePointer<CChar>, what: String, kept: Bool = false) throws(FXAPIError) -> String {
        let length = strnlen(p, limits.maxStringBytes + 1)
        guard length <= limits.maxStringBytes else {
            throw FXAPIError(.limit, "\(what) is longer than \(limits.maxStringBytes) bytes")
        }
        if kept {
            guard length <= limits.maxPluginStringBytes - pluginStringBytes else {
                throw FXAPIError(.limit, "\(what) of \(length) bytes would take the strings kept from the plugin in this run past \(limits.maxPluginStringBytes / (1024 * 1024)) MiB; that is the limit")
            }
            try charge(length, for: what)
            pluginStringBytes += length
        }
        let bytes = UnsafeRawBufferPointer(start: p, count: length)
        guard let s = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw FXAPIError(.badValue, "\(what) is not valid UTF-8")
        }
        return s
    }

    /// A model value as the plugin receives it. Handing back a path makes a new
    /// path handle the plugin owns; when the path table is full that fails with
    /// FX_ERR_LIMIT, reported to the plugin, never a silent handle 0.
    func value(to v: Value) throws(FXAPIError) -> fx_value {
        var r = fx_value()
        switch v {
        case .number(let n): r.type = FX_VALUE_NUMBER; r.u.number = n
        case .point(let p): r.type = FX_VALUE_POINT; r.u.point = fx_point(x: p.x, y: p.y)
        case .size(let s): r.type = FX_VALUE_SIZE; r.u.size = fx_size(width: s.width, height: s.height)
        case .rect(let q):
            r.type = FX_VALUE_RECT
            r.u.rect = fx_rect(x: q.origin.x, y: q.origin.y, width: q.size.width, height: q.size.height)
        case .color(let c):
            r.type = FX_VALUE_COLOR; r.u.color = fx_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        case .transform(let t):
            r.type = FX_VALUE_TRANSFORM
            withUnsafeMutableBytes(of: &r.u.transform.m) { raw in
                for (i, e) in t.entries.enumerated() { raw.storeBytes(of: e, toByteOffset: i * 8, as: Double.self) }
            }
        case .string(let s): r.type = FX_VALUE_STRING; r.u.string = UnsafePointer(scratchString(s))
        case .choice(let c): r.type = FX_VALUE_STRING; r.u.string = UnsafePointer(scratchString(c.rawValue))
        case .bool(let b): r.type = FX_VALUE_BOOL; r.u.boolean = b ? 1 : 0
        case .numbers(let a):
            r.type = FX_VALUE_NUMBERS; r.count = UInt32(a.count)
            let p = scratchAllocate(Double.self, a.count)
            p.initialize(from: a, count: a.count)
            r.u.numbers = UnsafePointer(p)
        case .colors(let a):
            r.type = FX_VALUE_COLORS; r.count = UInt32(a.count)
            let p = scratchAllocate(fx_color.self, a.count)
            for (i, c) in a.enumerated() { p[i] = fx_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
            r.u.colors = UnsafePointer(p)
        case .path(let path):
            r.type = FX_VALUE_PATH
            r.u.path = try paths.insert(path)
        case .image(let image):
            r.type = FX_VALUE_IMAGE
            r.u.image = image.flatMap { img in imageHandles.first { $0.1 === img }?.0 } ?? 0
        }
        return r
    }
}

import Glibc
