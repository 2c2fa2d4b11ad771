// SPDX-License-Identifier: MIT
import FXToolbox

/// A Lottie file's problem: where in the JSON (a path such as
/// `$.layers[2].ks.p.k[0].s`) and what was wrong there.
struct LottieError: Error {
    let path: String
    let message: String
}

/// A JSON value with the path that leads to it, so that every refusal can
/// say where it is.
struct Node {
    let json: JSON
    let path: String

    init(_ json: JSON, path: String) { self.json = json; self.path = path }

    func fail(_ message: String) -> LottieError { LottieError(path: path, message: message) }

    /// The member `key`, if present and not null.
    subscript(key: String) -> Node? {
        guard let v = json[key] else { return nil }
        if case .null = v { return nil }
        return Node(v, path: path + "." + key)
    }

    func require(_ key: String) throws(LottieError) -> Node {
        guard let n = self[key] else { throw fail("the member \"\(key)\" is missing") }
        return n
    }

    func number() throws(LottieError) -> Double {
        switch json {
        case .number(let v): return v
        case .bool(let b): return b ? 1 : 0
        // Some exporters wrap a scalar in a one-element array.
        case .array(let a) where a.count == 1: return try Node(a[0], path: path + "[0]").number()
        default: throw fail("expected a number, found \(json.kind)")
        }
    }

    /// A number within `range`, so that no later arithmetic meets an absurd value.
    func number(in range: ClosedRange<Double>) throws(LottieError) -> Double {
        let v = try number()
        guard range.contains(v) else { throw fail("\(v) is out of range (\(range.lowerBound) to \(range.upperBound))") }
        return v
    }

    func number(_ key: String, default d: Double, in range: ClosedRange<Double> = -1e7...1e7) throws(LottieError) -> Double {
        guard let n = self[key] else { return d }
        return try n.number(in: range)
    }

    func string(_ key: String) throws(LottieError) -> String? {
        guard let n = self[key] else { return nil }
        guard case .string(let s) = n.json else { throw n.fail("expected a string, found \(n.json.kind)") }
        return s
    }

    func items() throws(LottieError) -> [Node] {
        guard case .array(let a) = json else { throw fail("expected an array, found \(json.kind)") }
        return a.enumerated().map { Node($0.element, path: path + "[\($0.offset)]") }
    }

    /// An array of numbers within `range` (a single number reads as one).
    func numbers(in range: ClosedRange<Double> = -1e7...1e7) throws(LottieError) -> [Double] {
        if case .number(let v) = json { return [v] }
        let list = try items()
        guard list.count <= 100_000 else { throw fail("an array of \(list.count) numbers; the limit is 100000") }
        var out: [Double] = []
        out.reserveCapacity(list.count)
        for n in list { out.append(try n.number(in: range)) }
        return out
    }

    func requireObject() throws(LottieError) {
        guard json.isObject else { throw fail("expected an object, found \(json.kind)") }
    }
}
