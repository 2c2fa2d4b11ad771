// SPDX-License-Identifier: MIT
import CPango
import FXCore

/// A text layer's `foregroundColorRuns` as pango attributes on its layout:
/// each run's colour and alpha over its bytes of the string. pango's own
/// per-range attributes, so a run is laid out, shaped and kerned with its
/// neighbours exactly as the uncoloured string is.
enum TextRunAttributes {
    /// Applies `l`'s runs to `layout`, which holds `text`; does nothing when it has none.
    static func apply(_ l: PresentedLayer, text: String, to layout: OpaquePointer, _ p: fx_pango) {
        guard case .numbers(let numbers) = l[.foregroundColorRuns], !numbers.isEmpty,
              case .success(let runs) = TextRun.runs(numbers) else { return }
        let bytes = Array(text.utf8)
        guard let list = p.pango_attr_list_new() else { return }
        defer { p.pango_attr_list_unref(list) }
        for run in runs {
            let start = boundary(run.start, in: bytes), end = boundary(run.end, in: bytes)
            guard start < end else { continue }
            let c = run.color
            let channel = { (v: Double) in UInt16((min(1, max(0, v)) * 65535).rounded()) }
            // pango reads an alpha of 0 as "not set" (opaque): the least it draws is 1/65535, which no 8- or 16-bit pixel shows.
            for attribute in [p.pango_attr_foreground_new(channel(c.red), channel(c.green), channel(c.blue)),
                              p.pango_attr_foreground_alpha_new(max(1, channel(c.alpha)))] {
                guard let attribute else { continue }
                let head = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: fx_pango_attribute_head.self)
                head.pointee.start_index = UInt32(start)
                head.pointee.end_index = UInt32(end)
                p.pango_attr_list_insert(list, attribute)
            }
        }
        p.pango_layout_set_attributes(layout, list)
    }

    /// `offset` cut at the string's end and moved forward to the start of a character, so that no
    /// run splits a UTF-8 sequence (the string may have changed since the runs were set).
    static func boundary(_ offset: Int, in bytes: [UInt8]) -> Int {
        var i = min(max(0, offset), bytes.count)
        while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }
}
