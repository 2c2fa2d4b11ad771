// SPDX-License-Identifier: MIT
// Generated from FXCore's property catalog (Sources/FXCore/Property.swift) by scripts/generate.sh:
// do not edit; change the catalog and run the script.
import FXPluginKit

/// The engine's property catalog, as the facade needs it.
enum Catalog {
    /// Whether Apple's pages mark `key` animatable, among the properties
    /// the facade has. A `switch`, not a `Set<String>`: the set's first use made
    /// its generic type by mangled name and hashed every key, about 40,000
    /// instructions inside the build that first changed a layer.
    static func isAnimatable(_ key: String) -> Bool {
        switch key {
        case "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform", "opacity", "hidden",
             "backgroundColor", "cornerRadius", "borderWidth", "borderColor", "masksToBounds", "contents",
             "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "colors", "locations", "startPoint",
             "endPoint", "focalOffset", "path", "fillColor", "strokeColor", "lineWidth", "miterLimit",
             "lineDashPhase", "strokeStart", "strokeEnd", "fontSize", "foregroundColor", "instanceCount",
             "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
             "instanceBlueOffset", "instanceAlphaOffset", "emitterPosition", "emitterZPosition", "emitterSize",
             "emitterDepth", "birthRate", "lifetime", "velocity", "scale", "spin":
            true
        default:
            false
        }
    }

    /// What the host's new layer holds for the keys `HeldLook` holds.
    static let backgroundColor = Color(red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0)
    static let foregroundColor = Color(red: 1.0, green: 1.0, blue: 1.0, alpha: 1.0)
    static let fontSize = 36.0
    static let opacity = 1.0
}
