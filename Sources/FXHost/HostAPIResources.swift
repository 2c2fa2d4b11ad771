// SPDX-License-Identifier: MIT
import CFX
import FXCore

extension HostAPI {
    static func installTimersEventsImagesPaths(_ api: inout fx_api) {
        // MARK: timers and events
        api.timer_add = { delay, fn, user, out in
            HostSession.serve("timer_add") { s throws(FXAPIError) in
                guard let fn else { throw FXAPIError(.badArgument, "timer function is NULL") }
                let stage = try s.requireStage()
                let id = try HostAPI.core { () throws(FXError) in
                    try stage.addTimer(after: delay) { [unowned s] in
                        try s.callPlugin("a timer callback at t = \(stage.now)") { fn(user) }
                    }
                }
                out?.pointee = UInt64(id)
            }
        }
        api.timer_cancel = { id in
            HostSession.serve("timer_cancel") { s throws(FXAPIError) in
                guard id <= UInt64(Int.max), try s.requireStage().cancelTimer(Int(id)) else {
                    throw FXAPIError(.notFound, "no pending timer \(id)")
                }
            }
        }
        api.event_on = { name, fn, user in
            HostSession.serve("event_on") { s throws(FXAPIError) in
                let n = try HostAPI.string(s, name, "event name", kept: true)
                guard let fn else { throw FXAPIError(.badArgument, "event function is NULL") }
                let stage = try s.requireStage()
                guard stage.handlerCount < s.limits.maxEventHandlers else {
                    throw FXAPIError(.limit, "\(s.limits.maxEventHandlers) event handlers are registered; that is the limit")
                }
                stage.on(n) { [unowned s] in
                    try s.callPlugin("the '\(n)' event callback at t = \(stage.now)") {
                        n.withCString { fn(user, $0) }
                    }
                }
            }
        }

        // MARK: images
        api.image_load_png = { path, out in
            HostSession.serve("image_load_png") { s throws(FXAPIError) in
                let p = try HostAPI.string(s, path, "image path")
                let o = try HostAPI.out(out, "image")
                let image: Image
                do { image = try s.decodePNG(p) } catch {
                    throw FXAPIError(.notFound, "\(error)")
                }
                try s.charge(image.width * image.height * 4, for: "the image '\(p)'")
                o.pointee = try s.addImage(image)
            }
        }
        api.image_create_rgba = { width, height, rgba, out in
            HostSession.serve("image_create_rgba") { s throws(FXAPIError) in
                let o = try HostAPI.out(out, "image")
                guard width > 0, height > 0, Int(width) <= s.limits.maxImageSide, Int(height) <= s.limits.maxImageSide else {
                    throw FXAPIError(.limit, "image size \(width)×\(height) is outside 1…\(s.limits.maxImageSide) on a side")
                }
                guard let rgba else { throw FXAPIError(.badArgument, "pixels are NULL") }
                let count = Int(width) * Int(height) * 4
                try s.charge(count, for: "an image")
                var pixels = Array(UnsafeBufferPointer(start: rgba, count: count))
                for i in stride(from: 0, to: count, by: 4) {
                    let a = UInt16(pixels[i + 3])
                    for c in 0..<3 { pixels[i + c] = UInt8((UInt16(pixels[i + c]) * a + 127) / 255) }
                }
                o.pointee = try s.addImage(Image(width: Int(width), height: Int(height), pixels: pixels, label: "generated"))
            }
        }
        api.image_size = { image, width, height in
            HostSession.serve("image_size") { s throws(FXAPIError) in
                let i = try s.images.get(image)
                width?.pointee = Int32(i.width)
                height?.pointee = Int32(i.height)
            }
        }

        // MARK: paths
        api.path_create = { out in
            HostSession.serve("path_create") { s throws(FXAPIError) in
                try HostAPI.out(out, "path").pointee = try s.paths.insert(Path())
            }
        }
        api.path_move_to = { p, x, y in HostAPI.editPath("path_move_to", p, x, y) { $0.move(to: Point(x, y)) } }
        api.path_line_to = { p, x, y in HostAPI.editPath("path_line_to", p, x, y) { $0.line(to: Point(x, y)) } }
        api.path_quad_to = { p, cx, cy, x, y in
            HostAPI.editPath("path_quad_to", p, cx, cy, x, y) { $0.quad(to: Point(x, y), control: Point(cx, cy)) }
        }
        api.path_cubic_to = { p, c1x, c1y, c2x, c2y, x, y in
            HostAPI.editPath("path_cubic_to", p, c1x, c1y, c2x, c2y, x, y) {
                $0.cubic(to: Point(x, y), control1: Point(c1x, c1y), control2: Point(c2x, c2y))
            }
        }
        api.path_arc = { p, cx, cy, r, a0, a1, cw in
            HostAPI.editPath("path_arc", p, cx, cy, r, a0, a1) {
                $0.arc(center: Point(cx, cy), radius: r, startAngle: a0, endAngle: a1, clockwise: cw != 0)
            }
        }
        api.path_add_rect = { p, r in
            HostAPI.editPath("path_add_rect", p, r.x, r.y, r.width, r.height) { $0.addRect(Rect(r.x, r.y, r.width, r.height)) }
        }
        api.path_add_rounded_rect = { p, r, radius in
            HostAPI.editPath("path_add_rounded_rect", p, r.x, r.y, r.width, r.height, radius) {
                $0.addRoundedRect(Rect(r.x, r.y, r.width, r.height), radius: radius)
            }
        }
        api.path_add_ellipse = { p, r in
            HostAPI.editPath("path_add_ellipse", p, r.x, r.y, r.width, r.height) { $0.addEllipse(in: Rect(r.x, r.y, r.width, r.height)) }
        }
        api.path_close = { p in HostAPI.editPath("path_close", p) { $0.close() } }
        api.path_release = { p in
            HostSession.serve("path_release", needsStage: false) { s throws(FXAPIError) in try s.paths.remove(p) }
        }
    }

    /// One path edit: finite arguments, the element limit, a live handle.
    static func editPath(_ function: String, _ handle: fx_path, _ numbers: Double..., edit: @escaping (inout Path) -> Void) -> Int32 {
        HostSession.serve(function, needsStage: false) { s throws(FXAPIError) in
            guard numbers.allSatisfy(\.isFinite) else { throw FXAPIError(.badValue, "path coordinates must be finite numbers") }
            try s.paths.update(handle) { path throws(FXAPIError) in
                guard path.elements.count < s.limits.maxPathElements else {
                    throw FXAPIError(.limit, "the path has \(path.elements.count) elements; the limit is \(s.limits.maxPathElements)")
                }
                try s.charge(MemoryLayout<Path.Element>.stride, for: "a path element")
                edit(&path)
            }
        }
    }
}

extension HostSession {
    func addImage(_ image: Image) throws(FXAPIError) -> UInt64 {
        let h = try images.insert(image)
        imageHandles.append((h, image))
        return h
    }
}
