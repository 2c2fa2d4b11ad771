// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// What fxhost does on a terminal, through a pseudo-terminal made by `script` (util-linux).
@Suite struct TerminalTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    /// fxhost with `args` as a shell command; with a `reader`, its standard output goes to that
    /// shell command and its exit status to the file `status` (a pipeline's status is its reader's).
    func command(_ args: [String], reader: String? = nil, status: String = "") -> String {
        let fxhost = ([Plugins.fxhost] + args).map { "'\($0)'" }.joined(separator: " ")
        guard let reader else { return fxhost }
        return "{ \(fxhost); echo $? >'\(status)'; } | (\(reader))"
    }

    /// fxhost with `args` under `script`, its standard error a terminal; its standard output goes
    /// to the shell command `reader` when one is given. What the terminal showed. NO_COLOR is
    /// cleared (an empty value counts as unset) unless a test sets it.
    func onTerminal(_ args: [String], reader: String? = nil,
                    environment: [String: String] = ["TERM": "xterm-256color", "NO_COLOR": ""]) throws -> String {
        let status = dir + "/status-\(UUID().uuidString)"
        let r = try runProcess("/usr/bin/script", ["-qec", command(args, reader: reader, status: status), "/dev/null"], environment: environment)
        if reader != nil {
            #expect((try? String(contentsOfFile: status, encoding: .utf8)) == "0\n", "fxhost under the reader: \(r.stdout.suffix(300))")
        }
        #expect(r.status == 0, "\(r.stdout)")
        return r.stdout
    }

    /// The preview draws each frame over the last: the cursor goes back up by the frame's height.
    @Test func previewAnimatesInPlace() throws {
        let out = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.5"])
        #expect(out.contains("▀") && out.contains("\u{1B}[38;2;"), "\(out.prefix(300).debugDescription)")
        #expect(out.range(of: "\u{1B}\\[[0-9]+A", options: .regularExpression) != nil)
        // NO_COLOR: plain ASCII shades, still in place.
        let plain = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.5"],
                                   environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(!plain.contains("▀") && !plain.contains("\u{1B}[38;2;") && plain.contains("@"))
    }

    /// Where no terminal is, the preview is refused in one line before any plugin loads (the plugin
    /// named does not exist: had it been looked for, the line would say so), and nothing is written.
    @Test func previewRefusedWithoutATerminal() throws {
        let refusal = #/fxhost: error: --sink preview draws in a terminal and (standard output|--out \S+) is not one: run it in a terminal, or write an image \(--out x\.gif\) or a trace \(--sink text\); --force-preview writes the escapes anyway\n/#
        // Standard output a pipe.
        let piped = try Plugins.run(["--plugin", dir + "/no-such-plugin.so", "--sink", "preview", "--end", "0.5"])
        #expect(piped.status == 2 && piped.data.isEmpty, "\(piped.status) \(piped.data.count) bytes")
        #expect(try refusal.wholeMatch(in: piped.stderr) != nil, "\(piped.stderr)")
        #expect(piped.stderr.contains("standard output"))
        // Standard output a file, through the shell.
        let file = dir + "/preview.out"
        let shell = try runProcess("/bin/sh", ["-c", "exec \"$0\" --plugin cube --sink preview --end 0.5 > \"$1\"", Plugins.fxhost, file])
        let shellRefused = try refusal.wholeMatch(in: shell.stderr) != nil
        #expect(shell.status == 2 && shellRefused, "\(shell.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
        // --out a regular file: refused, and the file is not made.
        let named = try Plugins.run(["--plugin", "cube", "--sink", "preview", "--end", "0.5", "--out", dir + "/p.txt"])
        let namedRefused = try refusal.wholeMatch(in: named.stderr) != nil
        #expect(named.status == 2 && named.data.isEmpty && namedRefused, "\(named.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/p.txt"))
        // The override goes with the preview alone.
        let stray = try Plugins.run(["--plugin", "cube", "--force-preview", "--end", "0.5"])
        #expect(stray.status == 2 && stray.data.isEmpty && stray.stderr == "fxhost: error: --force-preview goes with --sink preview\n", "\(stray.stderr)")
    }

    /// `--force-preview` writes the frames where no terminal is: one after another, not redrawn in place.
    @Test func forcedPreviewWritesToAPipe() throws {
        let r = try runProcess(Plugins.fxhost, ["--plugin", "cube", "--sink", "preview", "--force-preview", "--fps", "4", "--end", "0.5"],
                               environment: ["TERM": "xterm-256color", "NO_COLOR": ""])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains("▀") && r.stdout.contains("t = 0.000 s") && r.stdout.contains("t = 0.500 s"))
        #expect(r.stdout.range(of: "\u{1B}\\[[0-9]+A", options: .regularExpression) == nil)
    }

    /// On a terminal the preview needs no override, whether it is standard output or named by --out.
    @Test func previewOnATerminalNeedsNoOverride() throws {
        let out = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.25"])
        #expect(out.contains("t = 0.250 s") && !out.contains("error"), "\(out.suffix(300).debugDescription)")
        let tty = try onTerminal(["--plugin", "cube", "--sink", "preview", "--fps", "4", "--end", "0.25", "--out", "/dev/tty"])
        #expect(tty.contains("t = 0.250 s") && !tty.contains("error"), "\(tty.suffix(300).debugDescription)")
    }

    /// A render longer than a second shows a progress bar on the terminal, and nothing without one.
    /// The render is made long by its reader, not by work: a reader that waits 1.5 s before taking
    /// 14 MB of Y4M holds fxhost at its first 2 MiB (the pipe and the output ring), with most frames
    /// still to come. (It used to be 2,400 GIF frames: 8 CPU s, 28 under AddressSanitizer.)
    @Test func progressBarOnlyOnATerminal() throws {
        let args = ["--plugin", "spinner", "--end", "1", "--fps", "60", "--size", "320x240", "--out", "-", "--format", "y4m"]
        let reader = "sleep 1.5; cat >/dev/null"
        let out = try onTerminal(args, reader: reader)
        #expect(out.contains("100%"), "\(out.suffix(200))")
        // The same long render, its standard error a pipe: no bar.
        let status = dir + "/status-plain"
        let plain = try runProcess("/bin/sh", ["-c", command(args, reader: reader, status: status)])
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect((try? String(contentsOfFile: status, encoding: .utf8)) == "0\n")
        // A preview on the terminal (paced: 1.5 s of wall time) keeps its own status line; no bar draws over it.
        let preview = try onTerminal(["--plugin", "spinner", "--sink", "preview", "--fps", "10", "--end", "1.5"])
        #expect(preview.contains("t = 1.500 s") && !preview.contains("%  t = "), "\(preview.suffix(300).debugDescription)")
    }
}
