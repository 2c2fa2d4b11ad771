// SPDX-License-Identifier: MIT
import CFX
import FXCore

extension HostAPI {
    static func installAnimations(_ api: inout fx_api) {
        api.animation_create = { kind, keyPath, out in
            HostSession.serve("animation_create") { s throws(FXAPIError) in
                let o = try HostAPI.out(out, "animation")
                let kp = try keyPath.map { p throws(FXAPIError) in try HostAPI.keyPath(s, p) }
                let animation: Animation
                switch kind {
                case FX_ANIMATION_BASIC, FX_ANIMATION_SPRING, FX_ANIMATION_KEYFRAME:
                    guard let kp else { throw FXAPIError(.badArgument, "this animation kind needs a key path") }
                    switch kind {
                    case FX_ANIMATION_BASIC: animation = .basic(kp)
                    case FX_ANIMATION_SPRING: animation = .spring(kp)
                    default: animation = .keyframe(kp, Keyframes(values: []))
                    }
                case FX_ANIMATION_GROUP: animation = .group([])
                case FX_ANIMATION_TRANSITION: animation = .transition(Transition())
                default:
                    throw FXAPIError(.badValue, "unknown animation kind \(kind) (expected FX_ANIMATION_BASIC … FX_ANIMATION_TRANSITION)")
                }
                o.pointee = try s.animations.insert(animation)
            }
        }
        api.animation_set = { handle, field, value in
            HostSession.serve("animation_set") { s throws(FXAPIError) in
                let name = try HostAPI.string(s, field, "field name")
                guard let value else { throw FXAPIError(.badArgument, "value for field '\(name)' is NULL") }
                if value.pointee.type == FX_VALUE_NONE {
                    try s.animations.update(handle) { a throws(FXAPIError) in try AnimationFields.clear(&a, name) }
                    return
                }
                let v = try s.value(from: value.pointee)
                try s.animations.update(handle) { a throws(FXAPIError) in try AnimationFields.set(&a, name, v) }
            }
        }
        api.animation_set_values = { handle, values, count in
            HostSession.serve("animation_set_values") { s throws(FXAPIError) in
                guard Int(count) <= s.limits.maxArrayElements else {
                    throw FXAPIError(.limit, "\(count) keyframe values; the limit is \(s.limits.maxArrayElements)")
                }
                guard count == 0 || values != nil else { throw FXAPIError(.badArgument, "values is NULL") }
                var converted: [Value] = []
                for i in 0..<Int(count) { converted.append(try s.value(from: values![i])) }
                try s.animations.update(handle) { a throws(FXAPIError) in
                    if let kp = a.keyPath {
                        for i in converted.indices { converted[i] = try HostAPI.core { () throws(FXError) in try kp.admit(converted[i]) } }
                    }
                    try AnimationFields.keyframes(&a, "values") { k in k.values = converted }
                }
            }
        }
        api.animation_set_timing_functions = { handle, names, count in
            HostSession.serve("animation_set_timing_functions") { s throws(FXAPIError) in
                guard count == 0 || names != nil else { throw FXAPIError(.badArgument, "names is NULL") }
                var fs: [TimingFunction] = []
                for i in 0..<Int(min(count, 100_000)) {
                    let name = try HostAPI.string(s, names![i], "timing function name")
                    fs.append(try AnimationFields.timingFunction(.string(name)))
                }
                try s.animations.update(handle) { a throws(FXAPIError) in
                    try AnimationFields.keyframes(&a, "timingFunctions") { k in k.timingFunctions = fs }
                }
            }
        }
        api.animation_group_add = { group, child in
            HostSession.serve("animation_group_add") { s throws(FXAPIError) in
                let c = try s.animations.get(child)
                try s.animations.update(group) { g throws(FXAPIError) in
                    guard case .group(var children) = g.kind else {
                        throw FXAPIError(.badArgument, "animation \(group) is a \(g.className), not a group")
                    }
                    children.append(c)
                    g.kind = .group(children)
                }
            }
        }
        api.animation_set_callbacks = { handle, didStart, didStop, user in
            HostSession.serve("animation_set_callbacks") { s throws(FXAPIError) in
                try s.animations.update(handle) { a throws(FXAPIError) in
                    let described = (a.keyPath.map { "'\($0)' " } ?? "") + a.className
                    if let didStart {
                        a.didStart = { [unowned s] in
                            let t = s.stage?.now ?? 0
                            try s.callPlugin("the did-start callback of the \(described) at t = \(t)") { didStart(user) }
                        }
                    } else {
                        a.didStart = nil
                    }
                    if let didStop {
                        a.didStop = { [unowned s] finished in
                            let t = s.stage?.now ?? 0
                            try s.callPlugin("the did-stop callback of the \(described) at t = \(t)") {
                                didStop(user, finished ? 1 : 0)
                            }
                        }
                    } else {
                        a.didStop = nil
                    }
                }
            }
        }
        api.animation_release = { handle in
            HostSession.serve("animation_release") { s throws(FXAPIError) in try s.animations.remove(handle) }
        }
        api.layer_add_animation = { layer, handle, key in
            HostSession.serve("layer_add_animation") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let a = try s.animations.get(handle)
                let k = try key.map { p throws(FXAPIError) in try s.text(p, what: "animation key", kept: true) }
                guard s.attachedAnimations < s.limits.maxAttachedAnimations else {
                    throw FXAPIError(.limit, "\(s.limits.maxAttachedAnimations) animations have been added; that is the limit")
                }
                if case .keyframe(let kf) = a.kind {
                    if kf.isEmpty {
                        throw FXAPIError(.badArgument, "keyframe animation has no values: call animation_set_values (or set 'path') first")
                    }
                    if let reason = kf.keyTimesIgnoredReason {
                        s.log("\(s.pluginName): warning: keyTimes of the '\(a.keyPath.map { "\($0)" } ?? "")' keyframe animation are ignored, as Core Animation ignores keyTimes that do not fit: \(reason)")
                    }
                }
                try HostAPI.withCallbacks(s) { try l.add(a, forKey: k) }
                s.attachedAnimations += 1
            }
        }
        api.layer_remove_animation = { layer, key in
            HostSession.serve("layer_remove_animation") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let k = try HostAPI.string(s, key, "animation key")
                var found = false
                try HostAPI.withCallbacks(s) { found = try l.removeAnimation(forKey: k) }
                guard found else { throw FXAPIError(.notFound, "no animation under key '\(k)'") }
            }
        }
        api.layer_remove_all_animations = { layer in
            HostSession.serve("layer_remove_all_animations") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                try HostAPI.withCallbacks(s) { try l.removeAllAnimations() }
            }
        }
        api.layer_animation_count = { layer, out in
            HostSession.serve("layer_animation_count") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                try HostAPI.out(out, "count").pointee = UInt32(l.animationKeys.count)
            }
        }
        api.layer_animation_key = { layer, index, out in
            HostSession.serve("layer_animation_key") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let o = try HostAPI.out(out, "key")
                let keys = l.animationKeys
                guard Int(index) < keys.count else {
                    throw FXAPIError(.notFound, "index \(index) is past the layer's \(keys.count) keyed animations")
                }
                o.pointee = UnsafePointer(s.scratchString(keys[Int(index)]))
            }
        }
    }
}
