// SPDX-License-Identifier: MIT
/// After Effects' repeater ("ty": "rp"): the items listed before it in its
/// group become copies, copy i drawn through the repeater's transform applied
/// i + offset times — position × t, rotation × t, scale to the power t, about
/// the anchor — at opacity start + (end − start) × i / copies. This is the rule
/// of Skia's Skottie (`modules/skottie/src/layers/shapelayer/Repeater.cpp`,
/// whose note says After Effects divides by the number of copies, not one
/// less) and of rlottie (`LOTRepeaterItem::update`, `LOTRepeaterTransform::matrix`).
/// Composite ("m"): 2, "above", draws each copy over the one before it (the
/// last copy on top), as rlottie and lottie-ios's `RepeaterLayer`s always do;
/// 1, After Effects' default "below", draws each under the one before it
/// (the first copy on top), as Skottie does.
struct RepeaterItem {
    var copies: Animated<Double>
    var offset: Animated<Double>
    var anchor: Animated<[Double]>
    var position: Animated<[Double]>
    var scale: Animated<[Double]>
    var rotation: Animated<Double>
    var startOpacity: Animated<Double>
    var endOpacity: Animated<Double>
    var above: Bool
}
