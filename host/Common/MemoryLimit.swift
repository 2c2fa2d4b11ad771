// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import Glibc

/// The limit a run's memory budget checks each frame against (docs/isolation.md, "Memory budget"):
/// `--memory-limit`, else the machine's own limit on fxhost (the memory cgroup's, or the
/// address-space limit, whichever is lower), else `fallback`.
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
        let cgroup = cgroupLimit()
        var rl = rlimit()
        let addressSpace = getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &rl) == 0 && rl.rlim_cur < UInt(Int.max)
            ? Int(rl.rlim_cur) : nil
        if let addressSpace, addressSpace <= (cgroup?.bytes ?? .max) {
            return MemoryBudget(limit: addressSpace, measure: .addressSpace, source: "the address-space limit, ulimit -v", usage: inUse)
        }
        if let cgroup { return MemoryBudget(limit: cgroup.bytes, measure: .resident, source: "the memory cgroup's \(cgroup.file)", usage: inUse) }
        return MemoryBudget(limit: fallback, measure: .resident, source: "the default without a cgroup or address-space limit", usage: inUse)
    }

    /// Bytes the process uses now (`/proc/self/statm`: pages of address space, then resident
    /// pages), as `measure` counts them; 0 where it cannot be read.
    @Sendable static func inUse(_ measure: MemoryBudget.Measure) -> Double {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        close(fd)
        let fields = String(decoding: buffer[0..<max(0, n)], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let size = Double(fields[0]), let resident = Double(fields[1]) else { return 0 }
        return (measure == .addressSpace ? size : resident) * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The memory cgroup's limit (v2 `memory.max`, v1 `memory.limit_in_bytes`), when one is set.
    static func cgroupLimit() -> (bytes: Int, file: String)? {
        for file in ["memory.max", "memory/memory.limit_in_bytes"] {
            guard let text = readSmallFile("/sys/fs/cgroup/" + file) else { continue }
            let word = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
            // "max", or v1's largest page-aligned number, mean no limit.
            guard let n = Int(word), n > 0, n < 1 << 60 else { return nil }
            return (n, file.split(separator: "/").last.map(String.init) ?? file)
        }
        return nil
    }

    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
    }
}
