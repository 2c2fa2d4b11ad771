// SPDX-License-Identifier: MIT
import FXToolbox
import Glibc

/// A plugin runs on fxhost's own Swift runtime. fxhost imports neither Swift's concurrency library
/// nor its string processing (Package.swift), so it no longer has them loaded when a plugin built
/// with the defaults needs them; the loader would then look for them along the plugin's own
/// RUNPATH, the toolchain it was built with, and an installed fxhost that carries its runtime
/// (`install.sh --bundle-swift-runtime`, the Debian package) would run the plugin on two runtimes,
/// or on none where no toolchain is installed. So, before a plugin is opened, each library it
/// needs (its DT_NEEDED entries) that fxhost's runtime folder (where libswiftCore.so was loaded
/// from) holds is loaded from there; the plugin's own needs are then met by those (the loader
/// matches them by name).
enum PluginRuntime {
    /// Loads from fxhost's runtime folder what the plugin at `path` needs and this process has not loaded.
    static func prepare(forPluginAt path: String) {
        let missing = neededLibraries(path).filter { !$0.contains("/") && dlopen($0, RTLD_LAZY | RTLD_NOLOAD) == nil }
        guard !missing.isEmpty, let folder = runtimeFolder else { return }
        for name in missing where access(folder + "/" + name, R_OK) == 0 {
            _ = dlopen(folder + "/" + name, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)
        }
        dlerror()
    }

    /// The folder of the libswiftCore.so this process runs on (from /proc/self/maps); nil if it cannot be told.
    static let runtimeFolder: String? = {
        guard let maps = readFile("/proc/self/maps") else { return nil }
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") where line.hasSuffix("/libswiftCore.so") {
            guard let start = line.firstIndex(of: "/"), let slash = line.lastIndex(of: "/") else { continue }
            return String(line[start..<slash])
        }
        return nil
    }()

    /// The DT_NEEDED names of a 64-bit little-endian ELF shared object, in order; [] for a file
    /// that is not one or is damaged (its dlopen then says what is wrong).
    static func neededLibraries(_ path: String) -> [String] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 64, st.st_size < 1 << 31 else { return [] }
        let size = Int(st.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return [] }
        defer { munmap(base, size) }
        return neededLibraries(in: UnsafeRawBufferPointer(start: base, count: size))
    }

    /// `neededLibraries(_:)` over the file's bytes; every offset is checked against them.
    static func neededLibraries(in file: UnsafeRawBufferPointer) -> [String] {
        func integer<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T? {
            guard at >= 0, at <= file.count - MemoryLayout<T>.size else { return nil }
            return T(littleEndian: file.loadUnaligned(fromByteOffset: at, as: T.self))
        }
        guard file.count > 64, file[0] == 0x7F, file[1] == 0x45, file[2] == 0x4C, file[3] == 0x46,
              file[4] == 2, file[5] == 1,  // ELFCLASS64, ELFDATA2LSB
              let tableOffset = integer(32, UInt64.self), let entrySize = integer(54, UInt16.self), let count = integer(56, UInt16.self),
              entrySize >= 56, tableOffset < UInt64(file.count) else { return [] }
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: Int, size: Int)?
        for i in 0..<Int(count) {
            let at = Int(tableOffset) + i * Int(entrySize)
            guard let type = integer(at, UInt32.self), let offset = integer(at + 8, UInt64.self),
                  let address = integer(at + 16, UInt64.self), let size = integer(at + 32, UInt64.self) else { return [] }
            if type == 1 { loads.append((address, offset, size)) }  // PT_LOAD
            if type == 2, offset < UInt64(file.count), size < UInt64(file.count) { dynamic = (Int(offset), Int(size)) }  // PT_DYNAMIC
        }
        guard let dynamic else { return [] }
        var needed: [UInt64] = [], table: UInt64?, tableSize: UInt64?
        for at in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
            guard let tag = integer(at, Int64.self), let value = integer(at + 8, UInt64.self), tag != 0 else { break }  // DT_NULL
            if tag == 1 { needed.append(value) }  // DT_NEEDED
            if tag == 5 { table = value }  // DT_STRTAB
            if tag == 10 { tableSize = value }  // DT_STRSZ
        }
        guard let table, let tableSize,
              let load = loads.first(where: { table >= $0.address && table - $0.address < $0.size }) else { return [] }
        let start = table - load.address + load.offset
        guard start < UInt64(file.count), tableSize <= UInt64(file.count) - start else { return [] }
        return needed.compactMap { name in
            guard name < tableSize else { return nil }
            let from = Int(start + name), end = Int(start + tableSize)
            guard let zero = file[from..<end].firstIndex(of: 0) else { return nil }
            return String(decoding: file[from..<zero], as: UTF8.self)
        }
    }
}
