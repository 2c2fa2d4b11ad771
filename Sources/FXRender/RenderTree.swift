// SPDX-License-Identifier: MIT
import FXCore

/// A snapshot's layers with their children (in drawing order: by zPosition,
/// ties kept in sublayer order) and masks looked up once per frame.
struct RenderTree {
    let layers: [PresentedLayer]
    let children: [[Int]]
    let mask: [Int?]

    init(_ layers: [PresentedLayer]) {
        self.layers = layers
        var children = [[Int]](repeating: [], count: layers.count)
        var mask = [Int?](repeating: nil, count: layers.count)
        for (i, l) in layers.enumerated() where l.parent >= 0 {
            if l.isMask { mask[l.parent] = i } else { children[l.parent].append(i) }
        }
        for i in children.indices where children[i].count > 1 {
            let z = children[i].map { layers[$0].number(.zPosition) }
            if z.contains(where: { $0 != z[0] }) {
                children[i] = zip(children[i], z).enumerated()
                    .sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map { $0.element.0 }
            }
        }
        self.children = children
        self.mask = mask
    }
}
