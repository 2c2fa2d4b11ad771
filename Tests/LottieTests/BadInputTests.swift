// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import XCTest

/// Issue 26's bad input beyond PlayerTests' cases: wrong types deep in the
/// file, NaN and infinities, precomps that refer to each other in a ring or
/// multiply into more layers than any machine holds, embedded images broken
/// or giant, and files of hundreds of megabytes — each
/// refused with one line naming the file, the JSON path and what was wrong,
/// status 2, promptly (or, for what the plugin does not play, warned about).
final class BadInputTests: XCTestCase {
    var dir = ""
    override func setUpWithError() throws { dir = try TestSupport.temporaryFolder() }

    static let shapeLayer = #"{"ddd":0,"ty":4,"nm":"L","ind":1,"ip":0,"op":5,"st":0,"ks":{},"shapes":[{"ty":"rc","s":{"a":0,"k":[10,10]},"p":{"a":0,"k":[5,5]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#

    static func comp(layers: String, assets: String = "[]", op: Int = 5) -> String {
        #"{"v":"5.7.4","fr":10,"ip":0,"op":\#(op),"w":50,"h":50,"assets":\#(assets),"layers":\#(layers)}"#
    }

    static func precomp(_ ref: String, _ i: Int) -> String {
        #"{"ddd":0,"ty":0,"nm":"P\#(i)","refId":"\#(ref)","ind":\#(i + 1),"ip":0,"op":5,"st":0,"ks":{}}"#
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = dir + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Status 2, one line naming the file and each of `expected`, nothing on standard output, within `seconds`.
    func assertRefused(_ file: String, _ expected: [String], seconds: Double = 10, line: UInt = #line) throws {
        let start = Date()
        // AddressSanitizer's build is many times slower: there, only the refusal is checked, not its promptness.
        let sanitized = TestSupport.isSanitizerPass
        let r = try Lottie.run(["--file", file, "--time", "0", "--timeout", sanitized ? "600" : "60"])
        let took = Date().timeIntervalSince(start)
        XCTAssertEqual(r.status, 2, r.stderr, line: line)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr, line: line)
        XCTAssert(r.stderr.contains(file), "names the file: \(r.stderr)", line: line)
        for e in expected { XCTAssert(r.stderr.contains(e), "'\(e)' in \(r.stderr)", line: line) }
        XCTAssert(r.stdout.isEmpty, line: line)
        if !sanitized { XCTAssertLessThan(took, seconds, "refused promptly", line: line) }
    }

    func testWrongTypesDeepInTheFileNameTheirPath() throws {
        let rect = Self.shapeLayer
        try assertRefused(try write("layers.json", Self.comp(layers: "{}")), ["$.layers", "expected an array, found an object"])
        try assertRefused(try write("size.json", Self.comp(layers: "[" + rect.replacingOccurrences(of: #""s":{"a":0,"k":[10,10]}"#, with: #""s":{"a":0,"k":"big"}"#) + "]")),
                          ["$.layers[0].shapes[0].s.k", "found a string"])
        try assertRefused(try write("shapes.json", Self.comp(layers: "[" + rect.replacingOccurrences(of: #""shapes":["#, with: #""shapes":[7,"#) + "]")),
                          ["$.layers[0].shapes[0]", "expected an object, found a number"])
        try assertRefused(try write("parent.json", Self.comp(layers: "[" + rect.replacingOccurrences(of: #""ind":1"#, with: #""ind":1,"parent":"one""#) + "]")),
                          ["$.layers[0].parent", "expected a number, found a string"])
    }

    func testNamesFromTheFileKeepTheMessageOnOneLine() throws {
        // A member name with a line break (found by Fuzz/Sources/fuzz-lottie): the plugin's message
        // escapes it as FXToolbox's TerminalText does (a control character as \xHH), so it is one line
        // whichever host prints it.
        try assertRefused(try write("key.json", #"{"v":"5","a\nb" 1}"#), [#"expected ':' after member "a\x0ab""#])
    }

    func testNaNAndInfinitiesAndHugeNumbersAreRefused() throws {
        for (name, token, message) in [("nan", "NaN", "unexpected character 'N'"), ("inf", "Infinity", "unexpected character 'I'"),
                                       ("minus-inf", "-Infinity", "a number needs digits"), ("overflow", "1e999", "the number 1e999 is too large")] {
            try assertRefused(try write(name + ".json", Self.comp(layers: "[" + Self.shapeLayer.replacingOccurrences(of: "[10,10]", with: "[\(token),10]") + "]")), [message])
        }
        // Finite but absurd: a size of 1e300 is out of the plugin's range for a shape's numbers.
        try assertRefused(try write("huge.json", Self.comp(layers: "[" + Self.shapeLayer.replacingOccurrences(of: "[10,10]", with: "[1e300,10]") + "]")),
                          ["$.layers[0].shapes[0].s.k[0]", "out of range"])
        try assertRefused(try write("frames.json", Self.comp(layers: "[]", op: 100_000_000)), ["$.op", "out of range"])
    }

    func testPrecompsReferringToEachOtherInARingAreRefused() throws {
        let assets = "[" + #"{"id":"a","layers":["# + Self.precomp("b", 0) + "]}," + #"{"id":"b","layers":["# + Self.precomp("a", 0) + "]}]"
        try assertRefused(try write("ring.json", Self.comp(layers: "[" + Self.precomp("a", 0) + "]", assets: assets)),
                          [#"$.assets["b"].layers[0].refId"#, #"precomp "a" contains itself (a → b → a)"#])
    }

    func testPrecompsThatMultiplyBeyondTheLimitAreRefusedPromptly() throws {
        // Nine levels of ten uses each: 10^8 copies of one rectangle from an 8 KB file.
        var assets: [String] = []
        for k in 0..<8 {
            assets.append(#"{"id":"a\#(k)","layers":["# + (0..<10).map { Self.precomp("a\(k + 1)", $0) }.joined(separator: ",") + "]}")
        }
        assets.append(#"{"id":"a8","layers":["# + Self.shapeLayer + "]}")
        let file = try write("fan.json", Self.comp(layers: "[" + Self.precomp("a0", 0) + "]", assets: "[" + assets.joined(separator: ",") + "]"))
        try assertRefused(file, ["layers", "the plugin builds at most 10000 layers"], seconds: 5)
    }

    func testMoreWorkThanTheLimitIsRefusedBeforeBuilding() throws {
        // One outline of 800 vertices, filled, moving over 5,000 frames: (3 + 2 items + 800 × 1 paint)
        // × 5,000 = 4,025,000 units, over 4,000,000 (a file like it at 3,990 vertices ran into fxhost's
        // 512 MiB limit on plugin data, exit 1, after 1.5 GB of memory).
        let n = 800
        let ring = (0..<n).map { k in "[\(50 + 40 * cos(2 * Double.pi * Double(k) / Double(n))),\(50 + 40 * sin(2 * Double.pi * Double(k) / Double(n)))]" }
        let zeros = Array(repeating: "[0,0]", count: n).joined(separator: ",")
        func shape(_ v: [String]) -> String { #"{"v":[\#(v.joined(separator: ","))],"i":[\#(zeros)],"o":[\#(zeros)],"c":true}"# }
        let layer = #"{"ddd":0,"ty":4,"nm":"ring","ind":1,"ip":0,"op":5000,"st":0,"ks":{},"shapes":[{"ty":"sh","ks":{"a":1,"k":[{"t":0,"s":[\#(shape(ring))]},{"t":4999,"s":[\#(shape(ring.reversed()))]}]}},{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let file = try write("work.json", #"{"v":"5.7.4","fr":60,"ip":0,"op":5000,"w":100,"h":100,"layers":[\#(layer)]}"#)
        try assertRefused(file, ["$.layers[0]", "more than 4000000 units of work", "--range"], seconds: 5)
    }

    static let imageLayer = #"{"ddd":0,"ty":2,"nm":"I","refId":"img","ind":2,"ip":0,"op":5,"st":0,"ks":{}}"#

    /// A file whose one image layer shows the asset with "p" `p` (and "u" `u`).
    func imageFile(_ name: String, p: String, u: String = "", embedded: Bool = true, in folder: String? = nil) throws -> String {
        let asset = #"[{"id":"img","w":12,"h":12,"e":\#(embedded ? 1 : 0),"u":"\#(u)","p":"\#(p)"}]"#
        let file = (folder ?? dir) + "/" + name
        try Self.comp(layers: "[" + Self.imageLayer + "," + Self.shapeLayer + "]", assets: asset).write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A 1 × 1 RGBA PNG written out by hand (PNG, 3rd edition: IHDR, one IDAT of zlib's stored
    /// block, RFC 1950/1951, IEND): 73 bytes, a length base64 pads with "==".
    static func onePixelPNG() -> [UInt8] {
        func be32<T: BinaryInteger>(_ v: T) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: UInt32(v) >> (24 - 8 * UInt32($0))) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be32(data.count) + body + be32(crc32(body[...]))
        }
        let row: [UInt8] = [0, 200, 40, 10, 255]  // filter "none", then R, G, B, A
        var a: UInt32 = 1, b: UInt32 = 0
        for x in row { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        let zlib: [UInt8] = [0x78, 0x01, 0x01, 5, 0, 0xFA, 0xFF] + row + be32(b << 16 | a)
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", be32(1) + be32(1) + [8, 6, 0, 0, 0]) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// PNG's CRC-32 (ISO 3309, the reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// An embedded image's base64 as RFC 2045 wraps it (76 characters a line, CR LF between) and
    /// without its '=' padding (RFC 4648, section 3.2, lets a specification drop it) is the same
    /// image: the frames match the plain encoding's byte for byte. An '=' before the end is not base64.
    func testEmbeddedBase64WrappedOrUnpaddedIsTheSameImage() throws {
        let png = Data(Self.onePixelPNG())
        let plain = png.base64EncodedString()
        XCTAssertTrue(plain.hasSuffix("=="), "the PNG's base64 needs padding, so that dropping it is tested")
        let wrapped = png.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
            .replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        XCTAssertTrue(wrapped.contains("\\r\\n"), "the encoding is long enough to wrap")
        let unpadded = String(plain.reversed().drop { $0 == "=" }.reversed())
        func frame(_ name: String, _ base64: String) throws -> Data {
            let file = try imageFile(name + ".json", p: "data:image/png;base64," + base64)
            let out = dir + "/" + name + ".png"
            let r = try Lottie.run(["--file", file, "--time", "0", "--out", out])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        let expected = try frame("plain", plain)
        XCTAssertEqual(try frame("wrapped", wrapped), expected)
        XCTAssertEqual(try frame("unpadded", unpadded), expected)
        // The '=' is the ninth character of the data; the tenth, a base64 digit after it, is the fault.
        try assertRefused(try imageFile("inner-padding.json", p: "data:image/png;base64," + plain.prefix(8) + "=" + plain.dropFirst(8)),
                          ["$.assets[0].p", "goes on after its '=' padding (at character 10 of its data)"])
    }

    func testImagesBrokenGiantMissingOrOutsideTheFolderAreRefused() throws {
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Lottie.fixture("images/quads.png"))))
        func uri(_ bytes: [UInt8]) -> String { "data:image/png;base64," + Data(bytes).base64EncodedString() }
        // Not base64.
        try assertRefused(try imageFile("not-base64.json", p: "data:image/png;base64,!!not base64!!"),
                          ["$.assets[0].p", "holds '!' at character 1 of its data, which is not base64"])
        // A byte that does not print is given by its value: 0xC3 0xA9 is 'é' in UTF-8, after "iVBO".
        try assertRefused(try imageFile("not-ascii.json", p: "data:image/png;base64,iVBO\\u00e9"),
                          ["$.assets[0].p", "holds byte 195 at character 5 of its data"])
        // A byte of the pixel data changed: libpng finds its zlib check (or IDAT's CRC) no longer matches.
        var damaged = good
        damaged[good.count - 20] ^= 0x55
        try assertRefused(try imageFile("damaged.json", p: uri(damaged)), ["$.assets[0].p", "the embedded image: image_decode_png:", "is a damaged PNG file"])
        // Not an image at all.
        try assertRefused(try imageFile("text.json", p: uri(Array("hello".utf8))), ["$.assets[0].p", "the embedded image: image_decode_png:", "is not a readable PNG file"])
        // Cut short after its header (libpng's words).
        try assertRefused(try imageFile("short.json", p: uri(Array(good[0..<40]))), ["$.assets[0].p", "the embedded image: image_decode_png: the PNG data (40 bytes)", "read beyond end of data"])
        // 20,000 × 20,000 declared in a 150-byte file (with a correct CRC): refused from its header, before inflating.
        var giant = good
        for (at, v) in [(16, 20_000), (20, 20_000)] {
            for k in 0..<4 { giant[at + k] = UInt8((v >> (24 - 8 * k)) & 0xFF) }
        }
        let crc = Self.crc32(giant[12..<29])
        for k in 0..<4 { giant[29 + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 0xFF) }
        try assertRefused(try imageFile("giant.json", p: uri(giant)), ["$.assets[0].p", "20000×20000 pixels", "at most 8192 on a side"], seconds: 5)
        // A giant string (17 MiB of base64) is past the longest string the reader takes.
        // (Reading 17 MiB takes seconds in a debug build under load: no promptness is asked here.)
        // (Under AddressSanitizer it takes minutes: that pass leaves it to the ordinary one.)
        if !TestSupport.isSanitizerPass {
            try assertRefused(try imageFile("giant-string.json", p: "data:image/png;base64," + String(repeating: "A", count: 17 << 20)),
                              ["a string longer than 16777216 bytes"], seconds: 120)
        }
        // A file beside the JSON that is not there, one outside its folder, and an absolute path.
        try assertRefused(try imageFile("missing.json", p: "nothing.png", u: "images/", embedded: false),
                          ["$.assets[0].p", "the image 'images/nothing.png' is not beside the file"])
        let inner = dir + "/inner"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        try Data(good).write(to: URL(fileURLWithPath: dir + "/outside.png"))
        try assertRefused(try imageFile("escape.json", p: "outside.png", u: "../", embedded: false, in: inner),
                          ["$.assets[0].p", "the image '../outside.png' lies outside the Lottie file's folder"])
        try FileManager.default.createSymbolicLink(atPath: inner + "/link.png", withDestinationPath: dir + "/outside.png")
        try assertRefused(try imageFile("link.json", p: "link.png", embedded: false, in: inner),
                          ["$.assets[0].p", "the image 'link.png' lies outside the Lottie file's folder"])
        try assertRefused(try imageFile("absolute.json", p: dir + "/outside.png", embedded: false, in: inner),
                          ["$.assets[0].p", "is an absolute path"])
        // A layer naming an asset the file lacks.
        let orphan = Self.comp(layers: "[" + Self.imageLayer + "]")
        try assertRefused(try write("orphan.json", orphan), ["$.layers[0].refId", #"no image asset has the id "img""#])
    }

    func testJPEGImagesAreWarnedAboutAndTheRestPlays() throws {
        // The project decodes no JPEG: the image layer is warned about, the rest plays.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9]
        let file = try imageFile("jpeg.json", p: "data:image/jpeg;base64," + Data(jpeg).base64EncodedString())
        let r = try Lottie.run(["--file", file, "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("JPEG images not supported ($.assets[0].p)"), r.stderr)
        XCTAssert(r.stdout.contains("stage/composition/L/paint"), "the rest plays")
    }

    func testWebPImagesAreWarnedAboutAndTheRestPlays() throws {
        // Nor WebP (RIFF, a length, "WEBP"; Google's WebP container specification): a valid file, so warned about, not refused.
        let webp: [UInt8] = Array("RIFF".utf8) + [12, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0]
        let file = try imageFile("webp.json", p: "data:image/webp;base64," + Data(webp).base64EncodedString())
        let r = try Lottie.run(["--file", file, "--time", "0", "--sink", "jsonl"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stderr.contains("WebP images not supported ($.assets[0].p)"), r.stderr)
        XCTAssert(r.stdout.contains("stage/composition/L/paint"), "the rest plays")
    }

    func testTextOfTooManyLinesIsRefused() throws {
        // Each line is a layer: 1,001 lines in one text layer, or 600 lines in a precomp used 20 times.
        func text(_ lines: Int, _ i: Int = 1) -> String {
            let t = Array(repeating: "H", count: lines).joined(separator: "\\r")
            return #"{"ddd":0,"ty":5,"nm":"T","ind":\#(i),"ip":0,"op":5,"st":0,"ks":{},"t":{"d":{"k":[{"s":{"s":10,"f":"Sans","t":"\#(t)","fc":[0,0,0]},"t":0}]}}}"#
        }
        try assertRefused(try write("lines.json", Self.comp(layers: "[" + text(1001) + "]")),
                          ["$.layers[0].t.d.k[0].s.t", "a text of 1001 lines; the plugin draws at most 1000"])
        let uses = (0..<20).map { Self.precomp("t", $0) }.joined(separator: ",")
        try assertRefused(try write("fan-out.json", Self.comp(layers: "[" + uses + "]", assets: #"[{"id":"t","layers":["# + text(600) + "]}]")),
                          ["more than 10000 lines of text once each use of a precomp is counted"])
        // One line of 2,000 characters at size 2,000: its layer would be 5,000,000 × 4,000 points.
        let long = text(1).replacingOccurrences(of: #""s":10"#, with: #""s":2000"#)
            .replacingOccurrences(of: #""t":"H""#, with: #""t":""# + String(repeating: "H", count: 2000) + "\"")
        try assertRefused(try write("area.json", Self.comp(layers: "[" + long + "]")),
                          ["$.layers[0].t", "text layers covering more than 64 million square points"])
    }

    func testFilesOfHundredsOfMegabytesOrWithoutEndAreRefused() throws {
        // 300 MB (sparse: no disk is used): refused from its size, without reading it.
        let big = dir + "/big.json"
        XCTAssert(FileManager.default.createFile(atPath: big, contents: Data("{".utf8)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: 300 << 20)
        try handle.close()
        try assertRefused(big, ["the file is 300 MiB, larger than the plugin's limit of 64 MiB"], seconds: 3)
        // Within the size limit, but more values than the reader builds a tree of: 4,000,001 zeros (8 MB).
        let many = dir + "/many.json"
        try Data(("[" + String(repeating: "0,", count: 4_000_000) + "0]").utf8).write(to: URL(fileURLWithPath: many))
        try assertRefused(many, ["line 1, column 8000000", "more than 4000000 values"], seconds: 120)
        // A file without end never reaches the plugin: fxhost takes only regular files for a file parameter.
        let r = try Lottie.run(["--file", "/dev/zero", "--time", "0"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssert(r.stderr.contains("'/dev/zero' is not a regular file"), r.stderr)
    }
}
