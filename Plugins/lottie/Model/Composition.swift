// SPDX-License-Identifier: MIT
/// A mask on a layer ("masksProperties").
struct LottieMask {
    /// "a" add, "s" subtract, "i" intersect, "n" none, and others.
    var mode: String
    var inverted: Bool
    var shape: Animated<Contour>
    var opacity: Animated<Double>
    /// Points the shape grows by (shrinks, when negative).
    var expansion: Animated<Double>
}

/// One layer of a composition, as far as the plugin plays it.
struct LottieLayer {
    enum Kind { case precomp(String), solid(color: [Double], width: Double, height: Double), null, shape([ShapeItem]), image(String), text(TextDocument), unsupported }

    var name: String
    var index: Int?
    var parent: Int?
    var kind: Kind
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    var transform: LottieTransform
    var masks: [LottieMask]
    /// The track matte this layer takes from the layer above it: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
    var matte: Int
    /// Whether this layer is only a matte for the layer below it.
    var isMatte: Bool
    var hidden: Bool
    var timeRemap: Animated<Double>?
    /// The precomp's size, clipping its content.
    var precompSize: (Double, Double)
    /// A 3D layer (`ddd` 1): drawn through its composition's camera (ThreeD.swift).
    var is3D = false
    /// What a camera layer (`ty` 13, of kind `.null`: it draws nothing) sees with.
    var camera: LottieCamera? = nil
}

/// A whole file: the main composition, its precomp assets and markers.
struct Composition {
    var width: Double
    var height: Double
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var layers: [LottieLayer]
    var assets: [String: [LottieLayer]]
    var markers: [(name: String, time: Double, duration: Double)]
    var images: [String: ImageAsset] = [:]
}
