// SPDX-License-Identifier: MIT
/// A layer's own part of its path (docs/jsonl.md): its name; an unnamed
/// layer's kind and its position among its siblings (`layer2`); and a name an
/// earlier sibling already has, with its position appended the same way
/// (`CAShapeLayer2`, the QuartzCore facade naming every layer by its class),
/// so that each path names one layer.
public enum PathName {
    /// `taken`: the parts given to the earlier siblings; this one's is added.
    public static func of(name: String, kind: LayerKind, ordinal: Int, taken: inout Set<String>) -> String {
        var own = name.isEmpty ? "\(kind.rawValue)\(ordinal)" : name
        if taken.contains(own) { own = "\(name.isEmpty ? kind.rawValue : name)\(ordinal)" }
        taken.insert(own)
        return own
    }
}
