import CPangoCairo
import FXCore
import FXRender

/// A contact sheet: up to `maxCells` frames, evenly spread over the run and
/// always including the first and the last, in a grid, each labelled with
/// its time. Written as one PNG when the run ends.
public final class ContactSheet: ImageSink {
    private let out: OutputFile
    private let maxCells: Int
    private let thumbWidth: Int
    private var kept: [(index: Int, frame: Frame)] = []
    private var last: (index: Int, frame: Frame)?
    private var keepEvery = 1

    public init(renderer: Renderer, output: OutputFile, maxCells: Int = 12, thumbnailWidth: Int = 240) {
        out = output
        self.maxCells = max(2, maxCells)
        thumbWidth = max(16, thumbnailWidth)
        super.init(renderer: renderer)
    }

    override func write(_ frame: Frame) throws {
        let index = frameCount - 1
        let thumb = ContactSheet.thumbnail(frame, width: min(thumbWidth, frame.width))
        last = (index, thumb)
        guard index % keepEvery == 0 else { return }
        kept.append((index, thumb))
        // Keep memory bounded however long the run: halve the kept frames, double the stride.
        if kept.count > 2 * maxCells {
            kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            keepEvery *= 2
        }
    }

    public override func finish() throws {
        guard let last else { throw OutputError("no frames for the contact sheet") }
        var frames = kept
        if frames.last?.index != last.index { frames.append(last) }
        if frames.count > maxCells {
            let picks = (0..<maxCells).map { Int((Double($0) * Double(frames.count - 1) / Double(maxCells - 1)).rounded()) }
            frames = picks.map { frames[$0] }
        }
        let columns = min(frames.count, 4)
        let rows = (frames.count + columns - 1) / columns
        let tw = frames[0].frame.width, th = frames[0].frame.height
        let pad = 8, label = 20
        let w = columns * tw + (columns + 1) * pad, h = rows * (th + label) + (rows + 1) * pad
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_set_source_rgb(cr, 0.12, 0.12, 0.13)
        cairo_paint(cr)
        for (n, cell) in frames.enumerated() {
            let x = pad + (n % columns) * (tw + pad), y = pad + (n / columns) * (th + label + pad)
            // A checkerboard shows transparency.
            for cy in stride(from: 0, to: th, by: 8) {
                for cx in stride(from: 0, to: tw, by: 8) {
                    let dark = ((cx / 8) + (cy / 8)) % 2 == 0
                    cairo_set_source_rgb(cr, dark ? 0.3 : 0.4, dark ? 0.3 : 0.4, dark ? 0.3 : 0.4)
                    cairo_rectangle(cr, Double(x + cx), Double(y + cy), Double(min(8, tw - cx)), Double(min(8, th - cy)))
                    cairo_fill(cr)
                }
            }
            let image = ContactSheet.surface(cell.frame)
            cairo_set_source_surface(cr, image, Double(x), Double(y))
            cairo_paint(cr)
            cairo_surface_destroy(image)
            let layout = pango_cairo_create_layout(cr)!
            let font = pango_font_description_from_string("DejaVu Sans 9")
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            pango_layout_set_text(layout, "t = \(ValueFormat.fixed(cell.frame.time)) s   #\(cell.index)", -1)
            cairo_set_source_rgb(cr, 0.85, 0.85, 0.85)
            cairo_move_to(cr, Double(x), Double(y + th + 3))
            pango_cairo_show_layout(cr, layout)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let s = Int(cairo_image_surface_get_stride(surface))
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for yy in 0..<h {
            let row = UnsafeRawPointer(data + yy * s).assumingMemoryBound(to: UInt32.self)
            for xx in 0..<w {
                let v = row[xx], i = (yy * w + xx) * 4
                rgba[i] = UInt8((v >> 16) & 0xFF); rgba[i + 1] = UInt8((v >> 8) & 0xFF)
                rgba[i + 2] = UInt8(v & 0xFF); rgba[i + 3] = UInt8(v >> 24)
            }
        }
        try out.write(PNGEncoder.png(rgba, width: w, height: h))
        try out.commit()
    }

    /// A cairo surface (caller destroys) holding a frame's pixels.
    static func surface(_ f: Frame) -> OpaquePointer {
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(f.width), Int32(f.height))!
        cairo_surface_flush(s)
        let data = cairo_image_surface_get_data(s)!
        let stride = Int(cairo_image_surface_get_stride(s))
        for y in 0..<f.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<f.width {
                let i = (y * f.width + x) * 4
                row[x] = UInt32(f.pixels[i + 3]) << 24 | UInt32(f.pixels[i]) << 16 | UInt32(f.pixels[i + 1]) << 8 | UInt32(f.pixels[i + 2])
            }
        }
        cairo_surface_mark_dirty(s)
        return s
    }

    /// A frame scaled to `width` pixels wide, aspect kept.
    static func thumbnail(_ f: Frame, width: Int) -> Frame {
        guard width < f.width else { return f }
        let height = max(1, Int((Double(f.height) * Double(width) / Double(f.width)).rounded()))
        let src = surface(f)
        let dst = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(dst)!
        cairo_scale(cr, Double(width) / Double(f.width), Double(height) / Double(f.height))
        cairo_set_source_surface(cr, src, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BEST)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(dst)
        let data = cairo_image_surface_get_data(dst)!
        let stride = Int(cairo_image_surface_get_stride(dst))
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let v = row[x], i = (y * width + x) * 4
                px[i] = UInt8((v >> 16) & 0xFF); px[i + 1] = UInt8((v >> 8) & 0xFF); px[i + 2] = UInt8(v & 0xFF); px[i + 3] = UInt8(v >> 24)
            }
        }
        cairo_surface_destroy(dst)
        cairo_surface_destroy(src)
        return Frame(width: width, height: height, pixels: px, time: f.time)
    }
}
