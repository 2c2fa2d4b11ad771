// SPDX-License-Identifier: MIT
import CFX
import FXCore

/// The members fx.h 1.1 added: custom curves per keyframe segment, reading
/// back presented values and animation fields, and probes that never fail.
extension HostAPI {
    static func installReadBack(_ api: inout fx_api) {
        api.animation_set_timing_curves = { handle, points, count in
            HostSession.serve("animation_set_timing_curves") { s throws(FXAPIError) in
                guard Int(count) <= s.limits.maxArrayElements else {
                    throw FXAPIError(.limit, "\(count) timing curves; the limit is \(s.limits.maxArrayElements)")
                }
                guard count == 0 || points != nil else { throw FXAPIError(.badArgument, "control_points is NULL") }
                var curves: [TimingFunction] = []
                for i in 0..<Int(count) {
                    let p = points! + 4 * i
                    do throws(FXError) { curves.append(try TimingFunction(p[0], p[1], p[2], p[3])) } catch {
                        throw FXAPIError(.badValue, "curve \(i): \(error.message)")
                    }
                }
                try s.animations.update(handle) { a throws(FXAPIError) in
                    try AnimationFields.keyframes(&a, "timingFunctions") { k in k.timingFunctions = curves }
                }
            }
        }
        api.layer_get_presented = { layer, keyPath, out in
            HostSession.serve("layer_get_presented") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let kp = try HostAPI.keyPath(s, keyPath)
                try HostAPI.core { () throws(FXError) in try kp.check(appliesTo: l.kind) }
                let o = try HostAPI.out(out, "value")
                let presented = Sampler.presentation(of: l, at: try s.requireStage().now)
                o.pointee = try s.value(to: presented.value(at: kp))
            }
        }
        api.animation_get = { handle, field, out in
            HostSession.serve("animation_get") { s throws(FXAPIError) in
                let name = try HostAPI.string(s, field, "field name")
                let o = try HostAPI.out(out, "value")
                let a = try s.animations.get(handle)
                if let v = try AnimationFields.get(a, name) {
                    o.pointee = try s.value(to: v)
                } else {
                    o.pointee = fx_value()
                    o.pointee.type = FX_VALUE_NONE
                }
            }
        }
        api.animation_knows_field = { kind, field, out in
            HostSession.serve("animation_knows_field", needsStage: false) { s throws(FXAPIError) in
                let name = try HostAPI.string(s, field, "field name")
                let o = try HostAPI.out(out, "answer")
                let c: AnimationFields.Class
                switch kind {
                case FX_ANIMATION_BASIC: c = .basic
                case FX_ANIMATION_SPRING: c = .spring
                case FX_ANIMATION_KEYFRAME: c = .keyframe
                case FX_ANIMATION_GROUP: c = .group
                case FX_ANIMATION_TRANSITION: c = .transition
                default: o.pointee = 0; return
                }
                o.pointee = AnimationFields.knows(c, name) ? 1 : 0
            }
        }
        api.layer_knows_key_path = { kind, keyPath, out in
            HostSession.serve("layer_knows_key_path", needsStage: false) { s throws(FXAPIError) in
                let text = try HostAPI.string(s, keyPath, "key path")
                let o = try HostAPI.out(out, "answer")
                guard let k = try? HostAPI.layerKind(kind), let kp = try? KeyPath(parsing: text),
                      (try? kp.check(appliesTo: k)) != nil else {
                    o.pointee = 0
                    return
                }
                o.pointee = 1
            }
        }
    }
}
