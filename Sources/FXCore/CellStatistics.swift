// SPDX-License-Identifier: MIT
/// What one cell's live particles look like at an instant, summed up: how many,
/// and the mean, least and greatest of their scale, alpha and speed, and their
/// mean colour. Golden snapshots and JSON lines carry these, so a change to a
/// cell shows as numbers, without relying on pixels (docs/jsonl.md).
public struct CellStatistics: Sendable, Equatable {
    /// The cell's name, or `cellN` (N its place among all cells, depth first) when it has none.
    public let name: String
    public let count: Int
    /// Mean, least, greatest; nil when `count` is 0.
    public let scale, alpha, speed: Spread?
    /// The mean of each channel; nil when `count` is 0.
    public let color: Color?

    public struct Spread: Sendable, Equatable {
        public let mean, min, max: Double
    }
}

extension ParticleField {
    /// The name a cell goes by in outputs: its own, or `cellN` when it has none.
    public func cellName(_ i: Int) -> String { cells[i].name.isEmpty ? "cell\(i)" : cells[i].name }

    /// Every cell's statistics, in the order of `cells`.
    public var statistics: [CellStatistics] {
        var count = [Int](repeating: 0, count: cells.count)
        var sums = [[Double]](repeating: [Double](repeating: 0, count: 7), count: cells.count)
        var lows = [[Double]](repeating: [Double](repeating: .infinity, count: 3), count: cells.count)
        var highs = [[Double]](repeating: [Double](repeating: -.infinity, count: 3), count: cells.count)
        for p in particles where p.cell < cells.count {
            let c = p.cell
            count[c] += 1
            let values = [p.scale, p.color.alpha, p.speed, p.color.red, p.color.green, p.color.blue, p.color.alpha]
            for i in 0..<7 { sums[c][i] += values[i] }
            for i in 0..<3 { lows[c][i] = Swift.min(lows[c][i], values[i]); highs[c][i] = Swift.max(highs[c][i], values[i]) }
        }
        return cells.indices.map { c in
            let n = Double(count[c])
            func spread(_ i: Int) -> CellStatistics.Spread? {
                count[c] > 0 ? CellStatistics.Spread(mean: sums[c][i] / n, min: lows[c][i], max: highs[c][i]) : nil
            }
            let color = count[c] > 0 ? Color(red: sums[c][3] / n, green: sums[c][4] / n, blue: sums[c][5] / n, alpha: sums[c][6] / n) : nil
            return CellStatistics(name: cellName(c), count: count[c], scale: spread(0), alpha: spread(1), speed: spread(2), color: color)
        }
    }
}
