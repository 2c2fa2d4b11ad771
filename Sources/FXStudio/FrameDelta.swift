// SPDX-License-Identifier: MIT
import Glibc

/// The rectangle where a frame differs from an earlier one of the same size (straight RGBA, 4 bytes
/// a pixel, rows top to bottom): the page keeps the frame it has and replaces only that rectangle
/// (docs/STUDIO.md, `GET /api/frame.rgba` with `since`). Empty (every field 0) when nothing changed.
struct FrameDelta: Equatable {
    var x = 0
    var y = 0
    var width = 0
    var height = 0

    /// The whole frame: what is sent when the page has no frame to change.
    static func whole(_ width: Int, _ height: Int) -> FrameDelta { FrameDelta(x: 0, y: 0, width: width, height: height) }

    /// The smallest box holding every pixel where `new` differs from `old`; both are `width`×`height`.
    static func box(from old: [UInt8], to new: [UInt8], width: Int, height: Int) -> FrameDelta {
        precondition(old.count == width * height * 4 && new.count == old.count)
        return old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                let stride = width * 4
                func rowDiffers(_ row: Int) -> Bool { memcmp(a.baseAddress! + row * stride, b.baseAddress! + row * stride, stride) != 0 }
                guard let top = (0..<height).first(where: rowDiffers) else { return FrameDelta() }
                let bottom = (top..<height).last(where: rowDiffers)!
                let pa = a.bindMemory(to: UInt32.self), pb = b.bindMemory(to: UInt32.self)
                var left = width, right = -1
                for row in top...bottom {
                    let base = row * width
                    // Only the columns outside the box found so far can widen it.
                    var x = 0
                    while x < left && pa[base + x] == pb[base + x] { x += 1 }
                    if x < left && x < width { left = x }
                    var z = width - 1
                    while z > right && pa[base + z] == pb[base + z] { z -= 1 }
                    if z > right { right = z }
                }
                return FrameDelta(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
            }
        }
    }

    /// The box's rows cut out of `pixels`, a frame `frameWidth` pixels wide.
    func rows(of pixels: [UInt8], frameWidth: Int) -> [UInt8] {
        if x == 0 && width == frameWidth { return Array(pixels[(y * frameWidth * 4)..<((y + height) * frameWidth * 4)]) }
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * frameWidth + x) * 4
            out.append(contentsOf: pixels[start..<(start + width * 4)])
        }
        return out
    }

    /// `x,y,width,height`, as the X-FX-Box header says it.
    var text: String { "\(x),\(y),\(width),\(height)" }
}

/// The frames the studio last sent each page (a tab names itself), so that the next one is sent
/// as a `FrameDelta` against one the page has. Bounded: `framesPerTab` frames for each of the
/// `maxTabs` tabs last served; the oldest go first. Ids are the studio's own, never reused.
final class FrameHistory: @unchecked Sendable {
    struct Sent {
        let id: UInt64
        let frame: FrameWorker.Frame
    }

    /// A page playing has `playAhead` (3, studio.js) frames asked for at once, each against the
    /// newest it has: three kept are enough for the oldest of them to find its frame.
    static let framesPerTab = 3
    static let maxTabs = 8

    private var lock = pthread_mutex_t()
    /// Tabs in the order they were last served, the latest last.
    private var tabs: [(name: String, sent: [Sent])] = []
    private var lastID: UInt64 = 0

    init() { pthread_mutex_init(&lock, nil) }

    /// `frame` for `tab` as its id and the box to send (`rows` of it): against frame `since` when the
    /// tab was sent that one and it has the same size, else the whole frame. Kept as the tab's newest.
    func delta(tab: String, since: UInt64?, frame: FrameWorker.Frame) -> (id: UInt64, box: FrameDelta) {
        pthread_mutex_lock(&lock)
        let base = since.flatMap { id in tabs.first { $0.name == tab }?.sent.first { $0.id == id } }
        pthread_mutex_unlock(&lock)
        let box: FrameDelta
        if let base, base.frame.width == frame.width, base.frame.height == frame.height {
            box = FrameDelta.box(from: base.frame.bytes, to: frame.bytes, width: frame.width, height: frame.height)
        } else {
            box = .whole(frame.width, frame.height)
        }
        pthread_mutex_lock(&lock)
        lastID += 1
        let id = lastID
        var sent = tabs.firstIndex { $0.name == tab }.map { tabs.remove(at: $0).sent } ?? []
        sent.append(Sent(id: id, frame: frame))
        if sent.count > FrameHistory.framesPerTab { sent.removeFirst(sent.count - FrameHistory.framesPerTab) }
        tabs.append((tab, sent))
        if tabs.count > FrameHistory.maxTabs { tabs.removeFirst(tabs.count - FrameHistory.maxTabs) }
        pthread_mutex_unlock(&lock)
        return (id, box)
    }
}
