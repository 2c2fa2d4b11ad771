// SPDX-License-Identifier: MIT
import Glibc

/// Watches files with inotify, by their folders: a compiler or an editor often writes a new file
/// and renames it over the old one, which a watch on the file itself would lose. Trees (a
/// package's sources) are watched folder by folder, as they are when the watch starts.
final class FileWatch: @unchecked Sendable {
    private let fd: Int32
    /// Watch descriptor → (folder, the names watched in it; nil: every name but hidden ones).
    private var folders: [Int32: (String, Set<String>?)] = [:]
    private let changed: @Sendable (String) -> Void

    /// Quiet time after the last change before `changed` is called: a linker writes its output in many pieces.
    static let settle = 0.15

    init?(_ paths: [String], trees: [String] = [], changed: @escaping @Sendable (String) -> Void) {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.changed = changed
        var byFolder: [String: Set<String>] = [:]
        for path in paths {
            let absolute = FileWatch.absolute(path)
            guard let slash = absolute.lastIndex(of: "/") else { continue }
            let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
            byFolder[folder, default: []].insert(String(absolute[absolute.index(after: slash)...]))
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for (folder, names) in byFolder {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { folders[wd] = (folder, names) }
        }
        var pending = trees.map(FileWatch.absolute)
        while let folder = pending.popLast(), folders.count < 4096 {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 { folders[wd] = (folder, nil) }
            guard let dir = opendir(folder) else { continue }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix("."), Int32(entry.pointee.d_type) == Int32(DT_DIR) { pending.append(folder + "/" + name) }
            }
            closedir(dir)
        }
    }

    /// Reads changes on a thread of its own until the process ends.
    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { raw in
            Unmanaged<FileWatch>.fromOpaque(raw!).takeRetainedValue().loop()
            return nil
        }, box)
        pthread_detach(thread)
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var pending: String?
        while true {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, pending == nil ? -1 : Int32(FileWatch.settle * 1000))
            if ready == 0, let path = pending {
                pending = nil
                changed(path)
                continue
            }
            guard ready > 0 else { continue }
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { continue }
            var offset = 0
            buffer.withUnsafeBytes { raw in
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<min(n, nameStart + Int(event.len))].prefix { $0 != 0 }
                    let name = String(decoding: nameBytes, as: UTF8.self)
                    if let (folder, names) = folders[event.wd], names?.contains(name) ?? !name.hasPrefix(".") { pending = folder + "/" + name }
                    offset = nameStart + Int(event.len)
                }
            }
        }
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }
}
