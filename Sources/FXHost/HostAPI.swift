// SPDX-License-Identifier: MIT
import CFX
import FXCore
import Glibc

/// The `fx_api` table the host hands to plugins. Each member is a C function
/// that serves the call on `HostSession.current`.
enum HostAPI {
    /// The table, filled once; plugins keep a pointer to it.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<fx_api> = {
        let p = UnsafeMutablePointer<fx_api>.allocate(capacity: 1)
        p.initialize(to: make())
        return p
    }()

    /// The answer of `last_error` where there is no session: a constant "".
    nonisolated(unsafe) static let noError: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    static func layerKind(_ k: fx_layer_kind) throws(FXAPIError) -> LayerKind {
        switch k {
        case FX_LAYER: .layer
        case FX_LAYER_GRADIENT: .gradient
        case FX_LAYER_SHAPE: .shape
        case FX_LAYER_TEXT: .text
        case FX_LAYER_REPLICATOR: .replicator
        case FX_LAYER_EMITTER: .emitter
        default: throw FXAPIError(.badValue, "unknown layer kind \(k) (expected FX_LAYER, FX_LAYER_GRADIENT, FX_LAYER_SHAPE, FX_LAYER_TEXT, FX_LAYER_REPLICATOR or FX_LAYER_EMITTER)")
        }
    }

    static func string(_ s: HostSession, _ p: UnsafePointer<CChar>?, _ what: String, kept: Bool = false) throws(FXAPIError) -> String {
        guard let p else { throw FXAPIError(.badArgument, "\(what) is NULL") }
        return try s.text(p, what: what, kept: kept)
    }

    static func keyPath(_ s: HostSession, _ p: UnsafePointer<CChar>?) throws(FXAPIError) -> KeyPath {
        let text = try string(s, p, "key path")
        if let known = s.parsedKeyPaths[text] { return known }
        let parsed: KeyPath
        do { parsed = try KeyPath(parsing: text) } catch { throw error.apiError }
        if s.parsedKeyPaths.count < HostSession.maxParsedKeyPaths { s.parsedKeyPaths[text] = parsed }
        return parsed
    }

    static func core<T>(_ body: () throws(FXError) -> T) throws(FXAPIError) -> T {
        do { return try body() } catch { throw error.apiError }
    }

    /// Runs model code that may call back into the plugin (did-stop of a
    /// removed animation). A failing callback is remembered for the host to
    /// report once the current plugin call returns.
    static func withCallbacks(_ s: HostSession, _ body: () throws -> Void) throws(FXAPIError) {
        do { try body() } catch let e as FXError {
            throw e.apiError
        } catch {
            s.pendingFailure = s.pendingFailure ?? error
            throw FXAPIError(.failed, "a callback failed: \(error)")
        }
    }

    static func out<T>(_ p: UnsafeMutablePointer<T>?, _ what: String) throws(FXAPIError) -> UnsafeMutablePointer<T> {
        guard let p else { throw FXAPIError(.badArgument, "\(what) output pointer is NULL") }
        return p
    }

    /// A plugin's fx_layer_timing, read only as far as its `struct_size`: at
    /// least the plugin's minor's size (`ABISizeTable`); fields past it read as 0.
    static func layerTiming(_ p: UnsafePointer<fx_layer_timing>, _ s: HostSession) throws(FXAPIError) -> fx_layer_timing {
        let size = PluginStruct.declaredSize(p)
        let minimum = ABISizeTable.frozen.minimum(forMinor: s.pluginMinor).layerTiming
        guard size >= minimum else {
            throw FXAPIError(.badArgument, "timing.struct_size is \(size), but ABI 1.\(min(s.pluginMinor, ABISizeTable.frozen.byMinor.count - 1))'s fx_layer_timing is \(minimum) bytes; set it to sizeof(fx_layer_timing)")
        }
        return PluginStruct.load(p, declared: size, over: fx_layer_timing())
    }

    static func finite(_ values: Double..., what: String) throws(FXAPIError) {
        guard values.allSatisfy(\.isFinite) else { throw FXAPIError(.badValue, "\(what) must be finite numbers") }
    }

    // swiftlint:disable:next function_body_length
    static func make() -> fx_api {
        var api = fx_api()
        api.struct_size = UInt32(MemoryLayout<fx_api>.size)
        api.abi_major = UInt16(FX_ABI_MAJOR)
        api.abi_minor = UInt16(FX_ABI_MINOR)

        // MARK: errors and logging
        // From a thread other than the session's, `current` is nil: last_error
        // answers "" and fail and log do nothing (docs/ABI.md, Threading).
        api.last_error = { HostSession.current?.lastErrorPointer ?? HostAPI.noError }
        api.fail = { message in
            guard let s = HostSession.current else { return }
            let text = message.flatMap { try? s.text($0, what: "failure message") } ?? "(no message)"
            s.setLastError(text)
        }
        api.log = { level, message in
            guard let s = HostSession.current, let message, let text = try? s.text(message, what: "log message") else { return }
            s.log(level == FX_LOG_WARNING ? "\(s.pluginName): warning: \(text)" : "\(s.pluginName): \(text)")
        }

        // MARK: stage and clock
        api.stage_size = { out in
            HostSession.serve("stage_size") { s throws(FXAPIError) in
                let size = try s.requireStage().size
                try HostAPI.out(out, "size").pointee = fx_size(width: size.width, height: size.height)
            }
        }
        api.now = { HostSession.current?.stage?.mediaTime ?? 0 }

        // MARK: layers
        api.layer_create = { kind, name, out in
            HostSession.serve("layer_create") { s throws(FXAPIError) in
                let k = try HostAPI.layerKind(kind)
                let n = try name.map { p throws(FXAPIError) in try s.text(p, what: "layer name", kept: true) } ?? ""
                let o = try HostAPI.out(out, "layer")
                let layer = try s.requireStage().makeLayer(k, name: n)
                o.pointee = try s.layers.insert(layer)
            }
        }
        api.layer_set = { layer, keyPath, value in
            HostSession.serve("layer_set") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let kp = try HostAPI.keyPath(s, keyPath)
                guard let value else { throw FXAPIError(.badArgument, "value for '\(kp)' is NULL") }
                if value.pointee.type == FX_VALUE_NONE {
                    guard kp.component == nil, let nilValue = kp.property.nilValue else {
                        throw FXAPIError(.badValue, "'\(kp)' cannot be nil (FX_VALUE_NONE): Core Animation has no nil for it; give a \(kp.type.rawValue)")
                    }
                    try HostAPI.core { () throws(FXError) in try l.set(kp, nilValue) }
                    return
                }
                let v = try s.value(from: value.pointee)
                try HostAPI.core { () throws(FXError) in try l.set(kp, v) }
            }
        }
        api.layer_get = { layer, keyPath, out in
            HostSession.serve("layer_get") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let kp = try HostAPI.keyPath(s, keyPath)
                let o = try HostAPI.out(out, "value")
                let v = try HostAPI.core { () throws(FXError) in try l.value(at: kp) }
                o.pointee = try s.value(to: v)
            }
        }
        api.layer_set_frame = { layer, frame in
            HostSession.serve("layer_set_frame") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                try HostAPI.finite(frame.x, frame.y, frame.width, frame.height, what: "frame")
                try HostAPI.core { () throws(FXError) in
                    try l.setFrame(Rect(frame.x, frame.y, frame.width, frame.height))
                }
            }
        }
        api.layer_add_sublayer = { parent, child in
            HostSession.serve("layer_add_sublayer") { s throws(FXAPIError) in
                let p = try s.layers.get(parent), c = try s.layers.get(child)
                try HostAPI.core { () throws(FXError) in try p.addSublayer(c) }
            }
        }
        api.layer_insert_sublayer = { parent, child, index in
            HostSession.serve("layer_insert_sublayer") { s throws(FXAPIError) in
                let p = try s.layers.get(parent), c = try s.layers.get(child)
                try HostAPI.core { () throws(FXError) in try p.insertSublayer(c, at: Int(index)) }
            }
        }
        api.layer_insert_above = { parent, child, sibling in
            HostSession.serve("layer_insert_above") { s throws(FXAPIError) in
                let p = try s.layers.get(parent), c = try s.layers.get(child), b = try s.layers.get(sibling)
                try HostAPI.core { () throws(FXError) in try p.insertSublayer(c, above: b) }
            }
        }
        api.layer_insert_below = { parent, child, sibling in
            HostSession.serve("layer_insert_below") { s throws(FXAPIError) in
                let p = try s.layers.get(parent), c = try s.layers.get(child), b = try s.layers.get(sibling)
                try HostAPI.core { () throws(FXError) in try p.insertSublayer(c, below: b) }
            }
        }
        api.layer_remove_from_superlayer = { layer in
            HostSession.serve("layer_remove_from_superlayer") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                guard l !== s.stage?.root else { throw FXAPIError(.badArgument, "the stage's root layer cannot be removed") }
                l.removeFromSuperlayer()
            }
        }
        api.layer_set_mask = { layer, mask in
            HostSession.serve("layer_set_mask") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let m = mask == 0 ? nil : try s.layers.get(mask)
                try HostAPI.core { () throws(FXError) in try l.setMask(m) }
            }
        }
        api.layer_set_timing = { layer, timing in
            HostSession.serve("layer_set_timing") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                guard let timing else { throw FXAPIError(.badArgument, "timing is NULL") }
                let t = try HostAPI.layerTiming(timing, s)
                try HostAPI.finite(t.begin_time, t.speed, t.time_offset, what: "layer timing")
                l.timing = LayerTiming(beginTime: t.begin_time, speed: t.speed, timeOffset: t.time_offset)
            }
        }
        api.layer_get_timing = { layer, out in
            HostSession.serve("layer_get_timing") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let o = try HostAPI.out(out, "timing")
                _ = try HostAPI.layerTiming(UnsafePointer(o), s)
                o.pointee.begin_time = l.timing.beginTime
                o.pointee.speed = l.timing.speed
                o.pointee.time_offset = l.timing.timeOffset
            }
        }
        api.layer_local_time = { layer, out in
            HostSession.serve("layer_local_time") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                try HostAPI.out(out, "time").pointee = l.localTime(atGlobal: try s.requireStage().now)
            }
        }

        installAnimations(&api)
        installTimersEventsImagesPaths(&api)
        installReadBack(&api)
        installEmitters(&api)
        installBuildValues(&api)
        installPreferences(&api)
        installImageBytes(&api)
        return api
    }
}
