// SPDX-License-Identifier: MIT
/// A layer's time as the builder samples it.
extension LottieLayer {
    /// A precomp's own frame at comp frame `f`: start time and stretch apply to
    /// what a precomp layer shows, not to the layer's own keyframes, which
    /// Bodymovin writes in the composition's frames (as rlottie and lottie-ios's
    /// PreCompositionLayer read them).
    func innerFrame(_ f: Double) -> Double { (f - startTime) / stretch }
}
