// SPDX-License-Identifier: MIT
import CFX
import FXIsolation
import Glibc

/// Opens plugin files. A Swift plugin must never be unmapped (its type
/// metadata would dangle), so every plugin is opened with RTLD_NODELETE and
/// never closed; "unloading" a plugin is simply not calling it again.
public enum PluginLoader {
    /// The ABI this host speaks, "major.minor".
    public static let abiVersion = "\(FX_ABI_MAJOR).\(FX_ABI_MINOR)"

    /// Loads the plugin at `path` for `session`: open, find the entry, call it
    /// with the function table, check the ABI version before reading anything
    /// else, then read and check the descriptor. A plugin refused at any step
    /// leaves nothing behind in the host. `hostOptions` are the names of the host's own command-line
    /// options (without dashes): a plugin with a parameter of one of those names is refused.
    public static func load(_ path: String, session: HostSession, hostOptions: Set<String>) throws -> PluginInfo {
        let file = DescriptorReader.baseName(path)
        var st = stat()
        guard stat(path, &st) == 0 else {
            throw HostError.usage("plugin file '\(path)' does not exist (fxhost --list shows the plugins it can find)")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw HostError.usage("plugin '\(path)' is not a regular file") }
        guard access(path, R_OK) == 0 else { throw HostError.usage("plugin file '\(path)' cannot be read (permission denied)") }

        // dlopen resolves a bare name through the library path, not the current folder.
        let openPath = path.contains("/") ? path : "./" + path
        Isolation.note("plugin", file)
        PluginRuntime.prepare(forPluginAt: openPath)
        dlerror()
        // Loading runs the plugin's constructors: that is plugin code too.
        Isolation.enter("the loading of '\(file)' (its constructors)")
        let opened = dlopen(openPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)
        Isolation.leave()
        guard let handle = opened else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw HostError.plugin("cannot load plugin '\(path)': \(why) (is it a shared object built for this machine?)")
        }
        dlerror()
        guard let symbol = dlsym(handle, FX_ENTRY_SYMBOL) else {
            throw HostError.plugin("plugin '\(path)' has no entry symbol '\(FX_ENTRY_SYMBOL)': declare it with FX_PLUGIN_ENTRY from fx.h (nm -D '\(path)' lists what it exports)")
        }
        let entry = unsafeBitCast(symbol, to: fx_entry_fn.self)
        session.pluginName = file
        var descriptor: UnsafePointer<fx_plugin>?
        session.valueBuilds = [:]
        session.inEntry = true
        defer { session.inEntry = false }
        try session.callPlugin("the entry function") {
            descriptor = entry(HostAPI.table)
            return FX_OK
        }
        session.inEntry = false
        guard let d = descriptor else {
            throw HostError.plugin("plugin '\(path)': its entry function returned NULL (the plugin declined to load)")
        }
        // The version fields sit at the same place in every minor; check them before anything else.
        let major = Int(d.pointee.abi_major), minor = Int(d.pointee.abi_minor)
        guard major == Int(FX_ABI_MAJOR) else {
            throw HostError.plugin("plugin '\(path)' was built for fxhost ABI \(major).\(minor), but this fxhost speaks ABI \(FX_ABI_MAJOR).\(FX_ABI_MINOR): rebuild it against this fx.h")
        }
        let info = try DescriptorReader.read(d, path: path, hostOptions: hostOptions, valueBuilds: session.valueBuilds)
        session.pluginName = info.name
        session.pluginMinor = info.abiMinor
        Isolation.note("plugin", info.name)
        return info
    }
}
