// SPDX-License-Identifier: MIT
import CFX
import FXCore
import Glibc
import Testing
@testable import FXHost

/// The host function table driven from Swift, as a plugin would drive it from C.
/// A C string that outlives the call it is passed to (tests only; never freed).
func cstr(_ s: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(s)!) }

/// Serialized: the function table serves one session at a time, like the host.
@Suite(.serialized) struct HostAPITests {
    let session: HostSession
    let stage: Stage
    let root: UInt64
    var api: fx_api { HostAPI.table.pointee }

    init() throws {
        session = HostSession(pluginName: "swift-test")
        stage = Stage(size: Size(200, 100))
        root = try session.attach(stage)
    }

    /// Runs `body` as plugin code (the table answers only inside a plugin call).
    func inPlugin(_ body: () -> Void) throws {
        try session.callPlugin("test") { body(); return FX_OK }
    }

    @Test func statusCodesMatchTheHeader() {
        #expect(FXAPIError.Code.badHandle.rawValue == FX_ERR_BAD_HANDLE)
        #expect(FXAPIError.Code.badKeyPath.rawValue == FX_ERR_BAD_KEY_PATH)
        #expect(FXAPIError.Code.badType.rawValue == FX_ERR_BAD_TYPE)
        #expect(FXAPIError.Code.badValue.rawValue == FX_ERR_BAD_VALUE)
        #expect(FXAPIError.Code.badArgument.rawValue == FX_ERR_BAD_ARGUMENT)
        #expect(FXAPIError.Code.notFound.rawValue == FX_ERR_NOT_FOUND)
        #expect(FXAPIError.Code.limit.rawValue == FX_ERR_LIMIT)
        #expect(FXAPIError.Code.notNow.rawValue == FX_ERR_NOT_NOW)
        #expect(FXAPIError.Code.failed.rawValue == FX_ERR_FAILED)
        #expect(api.struct_size == UInt32(MemoryLayout<fx_api>.size))
        #expect(api.abi_major == 1 && api.abi_minor == 6)
    }

    @Test func callsOutsideAPluginCallAreRefused() {
        var out: fx_layer = 0
        #expect(api.layer_create(FX_LAYER, "x", &out) == FX_ERR_NOT_NOW)
    }

    @Test func layersPropertiesAndTheTree() throws {
        try inPlugin {
            var l: fx_layer = 0
            #expect(api.layer_create(FX_LAYER_SHAPE, "arc", &l) == FX_OK)
            #expect(api.layer_add_sublayer(root, l) == FX_OK)
            var v = fx_number(0.25)
            #expect(api.layer_set(l, "strokeEnd", &v) == FX_OK)
            var p = fx_point_value(3, 4)
            #expect(api.layer_set(l, "position", &p) == FX_OK)
            var out = fx_value()
            #expect(api.layer_get(l, "position.y", &out) == FX_OK)
            #expect(out.type == FX_VALUE_NUMBER && out.u.number == 4)
            #expect(api.layer_get(l, "lineCap", &out) == FX_OK)
            #expect(out.type == FX_VALUE_STRING && String(cString: out.u.string) == "butt")
            var bad = fx_string_value(cstr("pointy"))
            #expect(api.layer_set(l, "lineCap", &bad) == FX_ERR_BAD_VALUE)
            #expect(String(cString: api.last_error()!).contains("expected one of butt, round, square"))
            #expect(api.layer_set_frame(l, fx_rect(x: 10, y: 20, width: 30, height: 40)) == FX_OK)
        }
        let arc = stage.root.sublayers[0]
        #expect(arc.name == "arc" && arc[.strokeEnd] == .number(0.25))
        #expect(arc[.position] == .point(Point(25, 40)) && arc.frame == Rect(10, 20, 30, 40))
    }

    @Test func handlesCarryGenerations() throws {
        try inPlugin {
            var a: fx_animation = 0, b: fx_animation = 0
            #expect(api.animation_create(FX_ANIMATION_BASIC, "opacity", &a) == FX_OK)
            #expect(api.animation_release(a) == FX_OK)
            #expect(api.animation_create(FX_ANIMATION_BASIC, "opacity", &b) == FX_OK)
            // The slot is reused, but the old handle does not reach the new animation.
            #expect(a & 0xFFFF_FFFF == b & 0xFFFF_FFFF && a != b)
            var d = fx_number(1)
            #expect(api.animation_set(a, "duration", &d) == FX_ERR_BAD_HANDLE)
            #expect(api.animation_set(b, "duration", &d) == FX_OK)
            #expect(api.layer_set(0xDEAD_BEEF, "opacity", &d) == FX_ERR_BAD_HANDLE)
            #expect(api.layer_set(0, "opacity", &d) == FX_ERR_BAD_HANDLE)
            #expect(api.animation_release(a) == FX_ERR_BAD_HANDLE)
        }
    }

    @Test func animationsAreTemplatesCopiedOnAdd() throws {
        var layer: fx_layer = 0
        try inPlugin {
            var a: fx_animation = 0
            _ = api.layer_create(FX_LAYER, "field", &layer)
            _ = api.layer_add_sublayer(root, layer)
            _ = api.animation_create(FX_ANIMATION_BASIC, "position.x", &a)
            var v = fx_number(-100); _ = api.animation_set(a, "from", &v)
            v = fx_number(100); _ = api.animation_set(a, "to", &v)
            v = fx_number(0.5); _ = api.animation_set(a, "duration", &v)
            var fill = fx_string_value(cstr("both")); _ = api.animation_set(a, "fillMode", &fill)
            v = fx_number(0.3); _ = api.animation_set(a, "beginTime", &v)
            #expect(api.layer_add_animation(layer, a, "first") == FX_OK)
            v = fx_number(0.4); _ = api.animation_set(a, "beginTime", &v)
            #expect(api.layer_add_animation(layer, a, "second") == FX_OK)
            var count: UInt32 = 0
            _ = api.layer_animation_count(layer, &count)
            #expect(count == 2)
            var wrong = fx_color_value(1, 0, 0, 1)
            #expect(api.animation_set(a, "to", &wrong) == FX_ERR_BAD_TYPE)
        }
        let l = session.layer(layer)!
        #expect(l.animations.map(\.timing.beginTime) == [0.3, 0.4])
    }

    @Test func keyframesSpringsGroupsAndTransitionsAreConfigurable() throws {
        try inPlugin {
            var k: fx_animation = 0, s: fx_animation = 0, g: fx_animation = 0, t: fx_animation = 0, l: fx_layer = 0
            _ = api.layer_create(FX_LAYER, "l", &l)
            _ = api.animation_create(FX_ANIMATION_KEYFRAME, "opacity", &k)
            var values = [fx_number(0), fx_number(1), fx_number(0.5)]
            #expect(api.animation_set_values(k, &values, 3) == FX_OK)
            var times: [Double] = [0, 0.2, 1]
            var kt = fx_numbers_value(&times, 3)
            #expect(api.animation_set(k, "keyTimes", &kt) == FX_OK)
            let names: [UnsafePointer<CChar>?] = [cstr("easeIn"), cstr("linear")]
            #expect(names.withUnsafeBufferPointer { api.animation_set_timing_functions(k, $0.baseAddress, 2) } == FX_OK)
            #expect(api.layer_add_animation(l, k, nil) == FX_OK)
            _ = api.animation_create(FX_ANIMATION_SPRING, "position.y", &s)
            var ratio = fx_number(0.5)
            #expect(api.animation_set(s, "dampingRatio", &ratio) == FX_OK)
            #expect(api.animation_set(k, "dampingRatio", &ratio) == FX_ERR_BAD_ARGUMENT)
            _ = api.animation_create(FX_ANIMATION_GROUP, nil, &g)
            #expect(api.animation_group_add(g, s) == FX_OK)
            #expect(api.animation_group_add(s, g) == FX_ERR_BAD_ARGUMENT)
            _ = api.animation_create(FX_ANIMATION_TRANSITION, nil, &t)
            var type = fx_string_value(cstr("cube"))
            #expect(api.animation_set(t, "type", &type) == FX_OK)
            var wrongType = fx_string_value(cstr("spin"))
            #expect(api.animation_set(t, "type", &wrongType) == FX_ERR_BAD_VALUE)
            var noPath: fx_animation = 0
            #expect(api.animation_create(FX_ANIMATION_BASIC, nil, &noPath) == FX_ERR_BAD_ARGUMENT)
        }
    }

    @Test func pathsAndImages() throws {
        try inPlugin {
            var p: fx_path = 0, l: fx_layer = 0, img: fx_image = 0
            _ = api.path_create(&p)
            #expect(api.path_arc(p, 0, 0, 10, -Double.pi / 2, 0, 1) == FX_OK)
            #expect(api.path_line_to(p, .nan, 0) == FX_ERR_BAD_VALUE)
            _ = api.layer_create(FX_LAYER_SHAPE, "s", &l)
            var v = fx_path_value(p)
            #expect(api.layer_set(l, "path", &v) == FX_OK)
            #expect(api.path_release(p) == FX_OK)
            #expect(api.path_close(p) == FX_ERR_BAD_HANDLE)
            var pixels: [UInt8] = [255, 0, 0, 128, 0, 255, 0, 255]
            #expect(api.image_create_rgba(2, 1, &pixels, &img) == FX_OK)
            var w: Int32 = 0, h: Int32 = 0
            _ = api.image_size(img, &w, &h)
            #expect(w == 2 && h == 1)
            #expect(api.image_create_rgba(0, 1, &pixels, &img) == FX_ERR_LIMIT)
            #expect(api.image_create_rgba(100_000, 1, &pixels, &img) == FX_ERR_LIMIT)
        }
        let image = session.images.count
        #expect(image == 1)
    }

    @Test func timersAndEventsCallBack() throws {
        final class Box: @unchecked Sendable { var log: [String] = [] }
        let box = Box()
        let user = Unmanaged.passRetained(box).toOpaque()
        defer { Unmanaged<Box>.fromOpaque(user).release() }
        try inPlugin {
            #expect(api.timer_add(0.5, { u in
                let b = Unmanaged<Box>.fromOpaque(u!).takeUnretainedValue()
                b.log.append("timer at \(HostAPI.table.pointee.now())")
                return FX_OK
            }, user, nil) == FX_OK)
            #expect(api.event_on("tap", { u, name in
                let b = Unmanaged<Box>.fromOpaque(u!).takeUnretainedValue()
                b.log.append("\(String(cString: name!)) at \(HostAPI.table.pointee.now())")
                return FX_OK
            }, user) == FX_OK)
            #expect(api.timer_add(.nan, nil, nil, nil) == FX_ERR_BAD_ARGUMENT)
        }
        try stage.schedule(event: "tap", at: 0.25)
        try stage.advance(to: 1)
        #expect(box.log == ["tap at 0.25", "timer at 0.5"])
    }

    @Test func aFailingCallbackStopsTheRunWithItsPhase() throws {
        try inPlugin {
            _ = api.timer_add(0.5, { _ in
                HostAPI.table.pointee.fail("timer broke")
                return FX_ERR_FAILED
            }, nil, nil)
        }
        do {
            try stage.advance(to: 1)
            Issue.record("expected a failure")
        } catch let e as HostError {
            #expect(e.message == "plugin 'swift-test': a timer callback at t = 0.5 failed: timer broke")
            #expect(e.exitCode == 1)
        }
    }
}
