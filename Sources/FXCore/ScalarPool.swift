// SPDX-License-Identifier: MIT
/// The parts of number animations that vary in size, side by side: one
/// animation's (an evaluator's own), or a whole tree's (a sampling program's,
/// where the timing functions and spring motions are kept once each: most
/// animations of a large tree share a few curves).
struct ScalarPool {
    private(set) var numbers: [Double] = []
    private(set) var functions: [TimingFunction] = []
    private(set) var motions: [Spring.Motion] = []
    /// Where each function and motion lies, for a shared pool.
    private var functionIndex: [TimingFunction: Int32]?, motionIndex: [Spring.Motion: Int32]?

    /// `sharing`: keep each timing function and motion once.
    init(sharing: Bool = false) {
        if sharing { functionIndex = [:]; motionIndex = [:] }
    }

    /// Appends `values`; returns where they begin.
    mutating func add(_ values: [Double]) -> Int32 {
        defer { numbers += values }
        return Int32(numbers.count)
    }

    /// Appends `curves` (or, for one curve in a shared pool, finds it); returns where they begin.
    mutating func add(_ curves: [TimingFunction]) -> Int32 {
        if curves.count == 1, let at = functionIndex?[curves[0]] { return at }
        let at = Int32(functions.count)
        if curves.count == 1 { functionIndex?[curves[0]] = at }
        functions += curves
        return at
    }

    mutating func add(_ motion: Spring.Motion) -> Int32 {
        if let at = motionIndex?[motion] { return at }
        let at = Int32(motions.count)
        motionIndex?[motion] = at
        motions.append(motion)
        return at
    }

    /// The pool as buffers, for reading while `body` runs.
    struct Parts {
        let numbers: UnsafeBufferPointer<Double>
        let functions: UnsafeBufferPointer<TimingFunction>
        let motions: UnsafeBufferPointer<Spring.Motion>
    }

    func withParts<R>(_ body: (Parts) -> R) -> R {
        numbers.withUnsafeBufferPointer { n in
            functions.withUnsafeBufferPointer { f in
                motions.withUnsafeBufferPointer { m in body(Parts(numbers: n, functions: f, motions: m)) }
            }
        }
    }
}
