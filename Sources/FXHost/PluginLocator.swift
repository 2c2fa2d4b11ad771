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

    /// The file for `--plugin X`.
    public func resolve(_ name: String) throws -> String {
        if name.isEmpty { throw HostError.usage("--plugin needs a plugin name or path") }
        if name.contains("/") || PluginLocator.isFile(name) { return name }
        let stem = name.hasSuffix(".so") ? String(name.dropLast(3)) : name
        let candidates = [name, stem + ".so", "lib" + stem + ".so"]
        for folder in folders {
            for c in candidates where PluginLocator.isFile(folder + "/" + c) { return folder + "/" + c }
        }
        let searched = folders.isEmpty ? "no plugin folders" : folders.joined(separator: ", ")
        throw HostError.usage("no plugin named '\(name)' (looked for \(candidates.joined(separator: ", ")) in \(searched)); give a path, or set FX_PLUGIN_PATH")
    }

    /// Every `.so` file in the plugin folders, sorted within each folder,
    /// first occurrence of a file name winning.
    public func all() -> [String] {
        var seen: [String] = []
        var out: [String] = []
        for folder in folders {
            guard let dir = opendir(folder) else { continue }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".so") { names.append(name) }
            }
            closedir(dir)
            for name in names.sorted() where !seen.contains(name) && PluginLocator.isFile(folder + "/" + name) {
                seen.append(name)
                out.append(folder + "/" + name)
            }
        }
        return out
    }
}
