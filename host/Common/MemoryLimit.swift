// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXIsolation

/// The limit a run's memory budget checks each frame against (docs/isolation.md, "Memory budget"):
/// `--memory-limit`, else the machine's own limit on fxhost (the memory cgroup's, or the
/// address-space limit, whichever is lower: `MachineMemory` reads them), else `fallback`.
enum MemoryLimit {
    static let fallback = 2 << 30

    /// `--memory-limit`'s value: whole bytes, or a number of KiB, MiB or GiB (`512MiB`, `1.5GiB`).
    static func parse(_ text: String) throws -> Int {
        let units: [(String, Double)] = [("KiB", 1024), ("MiB", 1_048_576), ("GiB", 1_073_741_824), ("TiB", 1_099_511_627_776), ("", 1)]
        for (unit, factor) in units where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count)
            guard let n = Double(number), n.isFinite, n > 0, number.first != "+" else { break }
            let bytes = n * factor
            guard bytes >= Double(minimum), bytes <= Double(1 << 50), unit != "" || n == n.rounded() else { break }
            return Int(bytes)
        }
        throw HostError.usage("--memory-limit: '\(text)' is not a size from 64MiB to 1024TiB: BYTES, or a number with KiB, MiB, GiB or TiB (e.g. 4GiB)")
    }

    /// Below this nothing but fxhost's own start fits.
    static let minimum = 64 << 20

    /// The budget for a run: `given` bytes of resident memory if given, else the machine's limit.
    static func budget(given: Int?) -> MemoryBudget {
        if let given { return MemoryBudget(limit: given, measure: .resident, source: "--memory-limit", usage: inUse) }
        let cgroup = MachineMemory.cgroupLimit()
        if let addressSpace = MachineMemory.addressSpaceLimit(), addressSpace <= (cgroup?.bytes ?? .max) {
            return MemoryBudget(limit: addressSpace, measure: .addressSpace, source: "the address-space limit, ulimit -v", usage: inUse)
        }
        if let cgroup { return MemoryBudget(limit: cgroup.bytes, measure: .resident, source: "the memory cgroup's \(cgroup.file)", usage: inUse) }
        return MemoryBudget(limit: fallback, measure: .resident, source: "the default without a cgroup or address-space limit", usage: inUse)
    }

    /// Bytes the process uses now, as `measure` counts them; 0 where it cannot be read.
    @Sendable static func inUse(_ measure: MemoryBudget.Measure) -> Double {
        guard let use = MachineMemory.inUse() else { return 0 }
        return measure == .addressSpace ? use.addressSpace : use.resident
    }
}
