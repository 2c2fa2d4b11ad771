// SPDX-License-Identifier: MIT
import Testing
@testable import FXCommandLine
import FXHost

/// The formats' registry is the one place a format is known: the help, the names that ask for a
/// format, `--sink`'s words and the encoder options all come from it, and say the same.
@Suite struct OutputFormatTests {
    /// Every format fxhost writes, by hand, with the names that ask for it (docs/OUTPUTS.md).
    static let expected: [(kind: String, extensions: [String])] = [
        ("text", [".txt", ".trace"]), ("jsonl", [".jsonl", ".json"]), ("preview", []), ("png", [".png"]), ("gif", [".gif"]),
        ("y4m", [".y4m"]), ("frames", []), ("mp4", [".mp4"]), ("webm", [".webm"]), ("webp", [".webp"]), ("part", [".fxpart"]),
        ("lottie", [".lottie"]),
    ]

    /// The lines of `--help` from `--out FILE` up to the next option after `--sink`.
    var outputLines: [Substring] {
        let lines = Help.usage.split(separator: "\n")
        let start = lines.firstIndex { $0.hasPrefix("  --out FILE") }!
        let end = lines.firstIndex { $0.hasPrefix("  --force-preview") }!
        return Array(lines[start..<end])
    }

    @Test func theRegistryHoldsEveryFormatOnceWithItsNames() throws {
        #expect(OutputFormat.all.map(\.kind.rawValue) == Self.expected.map { $0.kind })
        #expect(Set(SinkKind.allCases.map(\.rawValue)) == Set(Self.expected.map { $0.kind }))
        for (kind, extensions) in Self.expected {
            #expect(SinkKind(rawValue: kind)!.format.extensions == extensions)
            for e in extensions {
                #expect(try kindForOut("/x/name" + e).rawValue == kind)
                #expect(try kindForOut("/x/NAME" + e.uppercased()).rawValue == kind)
            }
        }
    }

    @Test func theHelpsTableOfNamesListsExactlyTheRegistrysFormats() {
        // Runs of spaces made one, so that a name and its meaning read as "name meaning".
        let table = outputLines.dropFirst().prefix { !$0.hasPrefix("  --sink") }.joined(separator: " ")
            .split(separator: " ").joined(separator: " ")
        for format in OutputFormat.all {
            guard let cell = format.outHelp else {
                #expect(format.extensions.isEmpty, "\(format.kind) has names but no cell in --help")
                continue
            }
            #expect(table.ranges(of: cell.name + " " + cell.meaning).count == 1, "\(cell.name) once in the --out table")
        }
        // Every extension in the table is a registry's name: the first word of each cell that starts with a dot.
        let dotted = table.split(separator: " ").filter { $0.hasPrefix(".") }.map(String.init)
        #expect(Set(dotted) == Set(Self.expected.compactMap { $0.extensions.first }))
        #expect(dotted.count == Set(dotted).count)
    }

    @Test func theHelpsSinkListAndTheRefusalsNameEveryFormat() throws {
        let sinkLines = outputLines.drop { !$0.hasPrefix("  --sink") }.joined(separator: " ")
        let words = sinkLines.split(whereSeparator: { " ,;()".contains($0) }).map(String.init)
        for (kind, _) in Self.expected { #expect(words.contains(kind), "--sink's help names \(kind)") }

        do {
            _ = try kindForOut("movie.avi")
            Issue.record("an unknown extension is refused")
        } catch let e as HostError {
            #expect(e.message.contains("(it writes " + Self.expected.flatMap { $0.extensions }.joined(separator: ", ") + ", a folder/"))
        }
        do {
            _ = try Command.parse(["--plugin", "x", "--sink", "avi"])
            Issue.record("an unknown sink is refused")
        } catch let e as HostError {
            #expect(e.message.hasSuffix("(expected " + Self.expected.map { $0.kind }.joined(separator: ", ") + ")"))
        }
    }

    @Test func encoderOptionsAreTheFormatsOwnWithTheirRanges() throws {
        // x264's CRF runs 0 to 51 (default 23), libvpx-vp9's 0 to 63 (default 32, the value its
        // documentation suggests for 720p); WebP's quality 0 to 100 (default 80).
        #expect(SinkKind.mp4.format.crf!.range == 0...51 && SinkKind.mp4.format.crf!.default == 23)
        #expect(SinkKind.webm.format.crf!.range == 0...63 && SinkKind.webm.format.crf!.default == 32)
        #expect(SinkKind.webp.format.quality!.range == 0...100 && SinkKind.webp.format.quality!.default == 80)
        #expect(Help.usage.contains("(MP4 0-51,\n                     default 23; WebM 0-63, default 32)"))
        #expect(Help.usage.contains("lossy at quality Q, 0-100, higher is better (default 80)"))

        func refusal(_ kind: SinkKind, _ words: [String]) -> String? {
            guard case .run(let o)? = try? Command.parse(["--plugin", "x", "--format", "y4m"] + words) else { return "unparsed" }
            do { try kind.format.check(o.output.encoding) } catch let e as HostError { return e.message } catch { return "\(error)" }
            return nil
        }
        #expect(refusal(.mp4, ["--crf", "52"]) == "--crf 52: mp4 takes 0 to 51 (default 23; lower is better)")
        #expect(refusal(.webm, ["--crf", "52"]) == nil)
        #expect(refusal(.webm, ["--crf", "63"]) == nil)
        #expect(refusal(.png, ["--crf", "20"]) == "--crf sets MP4 and WebM quality; this run writes png (for WebP use --quality or --lossless)")
        #expect(refusal(.mp4, ["--quality", "20"]) == "--quality is for WebP; this run writes mp4 (use --crf)")
        #expect(refusal(.webp, ["--quality", "20"]) == nil)
        #expect(refusal(.webp, ["--quality", "20", "--lossless"]) == "--quality and --lossless: WebP is one or the other; give one")
        #expect(refusal(.gif, ["--strict"]) == "--strict is for Lottie output (--format lottie, or --out NAME.lottie); this run writes gif")
        #expect(refusal(.lottie, ["--strict", "--max-size", "100"]) == nil)
        // The option's reader takes the widest range of any format, and no more.
        #expect(throws: HostError.self) { try Command.parse(["--plugin", "x", "--crf", "64"]) }
    }

    @Test func onlyTheFormatsAJoinCanWriteAreJoinable() {
        #expect(OutputFormat.all.filter(\.joins).map(\.kind) == [.png, .gif, .y4m, .frames, .mp4, .webm, .webp])
        #expect(OutputFormat.all.filter(\.loopsByItself).map(\.kind) == [.png, .gif])
    }
}
