// SPDX-License-Identifier: MIT
import Glibc

/// Where plugins are looked for, and how a name on the command line becomes a file.
///
/// `--plugin X` is a path when it names an existing file (or contains '/');
/// otherwise X, X.so and libX.so (with any ".so" on X dropped first) are
/// looked for in, in order: each folder of `FX_PLUGIN_PATH` (':'-separated),
/// the folder holding the fxhost executable (where `swift build` puts the
/// plugins), and `../lib/fxhost/plugins` beside it (an installed layout).
public struct PluginLocator: Sendable {
    public let folders: [String]

    public init(environment: String? = getenv("FX_PLUGIN_PATH").map { String(cString: $0) },
                executableFolder: String? = PluginLocator.executableFolder()) {
        var f: [String] = []
        if let environment { f += environment.split(separator: ":").map(String.init).filter { !$0.isEmpty } }
        if let executableFolder {
            f.append(executableFolder)
            f.append(executableFolder + "/../lib/fxhost/plugins")
        }
        folders = f
    }

    public init(folders: [String]) { self.folders = folders }

    /// The folder of the running executable (procfs), or nil.
    public static func executableFolder() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The file name of a path (how plugins are named before their descriptors are read).
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `--plugin X` names a file rather than a plugin to look for.
    public static func isPath(_ name: String) -> Bool { name.contains("/") || isFile(name) }

    /// The file names `--plugin X` looks for in each folder.
    static func candidates(_ name: String) -> [String] {
        let stem = name.hasSuffix(".so") ? String(name.dropLast(3)) : name
        return [name, stem + ".so", "lib" + stem + ".so"]
    }

    /// The file for `--plugin X`.
    public func resolve(_ name: String) throws -> String {
        if name.isEmpty { throw HostError.usage("--plugin needs a plugin name or path") }
        if PluginLocator.isPath(name) { return name }
        if let first = matches(name).first { return first }
        let candidates = PluginLocator.candidates(name)
        let searched = folders.isEmpty ? "no plugin folders" : folders.joined(separator: ", ")
        throw HostError.usage("no plugin named '\(name)' (looked for \(candidates.joined(separator: ", ")) in \(searched)); give a path, or set FX_PLUGIN_PATH")
    }

    /// Every file that answers to the name `X` (not a path), in the order
    /// `resolve` tries them: the first is the one it takes. The same file
    /// reached through two folders counts once.
    public func matches(_ name: String) -> [String] {
        var out: [String] = []
        var seen: [(UInt, UInt)] = []
        for folder in folders {
            for c in PluginLocator.candidates(name) where PluginLocator.isFile(folder + "/" + c) {
                var st = stat()
                guard stat(folder + "/" + c, &st) == 0 else { continue }
                let id = (UInt(st.st_dev), UInt(st.st_ino))
                if seen.contains(where: { $0 == id }) { continue }
                seen.append(id)
                out.append(folder + "/" + c)
            }
        }
        return out
    }

    /// A warning when more than one file answers to `--plugin X`, naming them; nil otherwise.
    public func ambiguity(_ name: String) -> String? {
        guard !PluginLocator.isPath(name) else { return nil }
        let files = matches(name)
        guard files.count > 1 else { return nil }
        return "\(files.count) plugin files answer to the name '\(name)': \(PluginLocator.listed(files)); using the first (rename or remove \(files.count == 2 ? "the other" : "the others"), or give a path)"
    }

    /// Files `all()` leaves out because a file of the same name in an earlier folder hides them,
    /// each with the file that hides it.
    public func hidden() -> [(hidden: String, by: String)] {
        var first: [String: String] = [:]
        var out: [(hidden: String, by: String)] = []
        for folder in folders {
            for name in PluginLocator.soFiles(folder) {
                let path = folder + "/" + name
                if let earlier = first[name] {
                    if !PluginLocator.sameFile(earlier, path) { out.append((path, earlier)) }
                } else {
                    first[name] = path
                }
            }
        }
        return out
    }

    static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// The `.so` regular files in a folder, sorted.
    static func soFiles(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".so") { names.append(name) }
        }
        closedir(dir)
        return names.sorted().filter { isFile(folder + "/" + $0) }
    }

    /// Every `.so` file in the plugin folders, sorted within each folder,
    /// first occurrence of a file name winning.
    public func all() -> [String] {
        var seen: [String] = []
        var out: [String] = []
        for folder in folders {
            for name in PluginLocator.soFiles(folder) where !seen.contains(name) {
                seen.append(name)
                out.append(folder + "/" + name)
            }
        }
        return out
    }

    /// Warnings for plugins that declare the same name, given each file's declared name in
    /// the order found: one per name, naming every file. Runs, check results and golden
    /// snapshots are all keyed by that name, so two such plugins cannot be told apart.
    public static func sameNameWarnings(_ declared: [(name: String, file: String)]) -> [String] {
        var order: [String] = []
        var files: [String: [String]] = [:]
        for d in declared {
            if files[d.name] == nil { order.append(d.name) }
            if !(files[d.name]?.contains(where: { sameFile($0, d.file) }) ?? false) { files[d.name, default: []].append(d.file) }
        }
        return order.compactMap { name in
            guard let f = files[name], f.count > 1 else { return nil }
            return "\(f.count) plugins are named '\(name)': \(listed(f)) (rename all but one: results and golden snapshots go by the name)"
        }
    }

    /// "a and b", "a, b and c".
    static func listed(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
