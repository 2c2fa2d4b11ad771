// SPDX-License-Identifier: MIT
import Glibc

/// What the machine allows fxhost's memory, and what the process uses now: the readings a
/// run's memory budget is made of (docs/isolation.md, "Memory budget"; the command line's
/// `MemoryLimit` chooses among them and names the choice).
public enum MachineMemory {
    /// The memory cgroup's limit (v2 `memory.max`, v1 `memory.limit_in_bytes`), when one is set,
    /// with the name of the file that says it.
    public static func cgroupLimit() -> (bytes: Int, file: String)? {
        for file in ["memory.max", "memory/memory.limit_in_bytes"] {
            guard let text = readSmallFile("/sys/fs/cgroup/" + file) else { continue }
            let word = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
            // "max", or v1's largest page-aligned number, mean no limit.
            guard let n = Int(word), n > 0, n < 1 << 60 else { return nil }
            return (n, file.split(separator: "/").last.map(String.init) ?? file)
        }
        return nil
    }

    /// The address-space limit (`ulimit -v`), when one is set.
    public static func addressSpaceLimit() -> Int? {
        var rl = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &rl) == 0 && rl.rlim_cur < UInt(Int.max)
            ? Int(rl.rlim_cur) : nil
    }

    /// Bytes the process uses now (`/proc/self/statm`: pages of address space, then resident
    /// pages); nil where it cannot be read.
    public static func inUse() -> (addressSpace: Double, resident: Double)? {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        close(fd)
        let fields = String(decoding: buffer[0..<max(0, n)], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let size = Double(fields[0]), let resident = Double(fields[1]) else { return nil }
        let page = Double(sysconf(Int32(_SC_PAGESIZE)))
        return (size * page, resident * page)
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
