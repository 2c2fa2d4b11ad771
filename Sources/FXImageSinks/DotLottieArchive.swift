// SPDX-License-Identifier: MIT
import CDeflate

/// A dotLottie archive (dotlottie.io, version 1): a ZIP file (PKWARE's APPNOTE)
/// holding `manifest.json` and the animation as `animations/NAME.json`, each
/// entry deflated by libdeflate, with fixed timestamps so the same document
/// gives the same bytes.
enum DotLottieArchive {
    static func bytes(animation name: String, json: [UInt8]) -> [UInt8] {
        let manifest = "{\"version\":\"1\",\"generator\":\"fxhost\",\"author\":\"fxhost\",\"animations\":[{\"id\":" + LottieJSON.string(name)
            + ",\"speed\":1,\"loop\":true,\"autoplay\":true}],\"activeAnimationId\":" + LottieJSON.string(name) + "}"
        return zip([("manifest.json", Array(manifest.utf8)), ("animations/" + name + ".json", json)])
    }

    /// A ZIP of `entries` (name, bytes), deflated.
    static func zip(_ entries: [(String, [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: UInt32, _ into: inout [UInt8]) { into += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
        for (name, data) in entries {
            let nameBytes = Array(name.utf8)
            let crc = data.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            let packed = deflate(data)
            let offset = out.count
            // Local file header: version 2.0, no flags, deflate, 1980-01-01 00:00.
            var header: [UInt8] = []
            u32(0x0403_4B50, &header); u16(20, &header); u16(0, &header); u16(8, &header)
            u16(0, &header); u16(0x21, &header)
            u32(crc, &header); u32(UInt32(packed.count), &header); u32(UInt32(data.count), &header)
            u16(nameBytes.count, &header); u16(0, &header)
            out += header + nameBytes + packed
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0, &central); u16(8, &central)
            u16(0, &central); u16(0x21, &central)
            u32(crc, &central); u32(UInt32(packed.count), &central); u32(UInt32(data.count), &central)
            u16(nameBytes.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u32(0, &central); u32(UInt32(offset), &central)
            central += nameBytes
        }
        let centralOffset = out.count
        out += central
        var end: [UInt8] = []
        u32(0x0605_4B50, &end); u16(0, &end); u16(0, &end); u16(entries.count, &end); u16(entries.count, &end)
        u32(UInt32(central.count), &end); u32(UInt32(centralOffset), &end); u16(0, &end)
        return out + end
    }

    /// Raw DEFLATE (RFC 1951), as ZIP's method 8 holds it.
    private static func deflate(_ data: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(9) else { fatalError("libdeflate: out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_deflate_compress_bound(compressor, data.count))
        let size = out.withUnsafeMutableBytes { dst in
            data.withUnsafeBytes { src in libdeflate_deflate_compress(compressor, src.baseAddress, src.count, dst.baseAddress, dst.count) }
        }
        precondition(size > 0, "libdeflate: the bound was too small")
        return Array(out[..<size])
    }
}
