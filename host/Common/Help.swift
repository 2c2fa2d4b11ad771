// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXSinks

/// The help texts.
enum Help {
    static let version = "fxhost 0.1.0 (plugin ABI \(hostABI))"
    static var hostABI: String { PluginLoader.abiVersion }

    static var usage: String { """
    fxhost — Core Animation–style effects, from plugins, sampled on a simulated clock.

    usage:
      fxhost --plugin NAME [--factory F] [PARAMETERS] [OPTIONS]
      fxhost --plugin NAME --help        the factory's parameters
      fxhost --list                      every plugin found, with factories and parameters
      fxhost --plugin NAME --list        that plugin alone
      fxhost --key-paths [KIND]          every key path (of one layer kind: layer, gradient, shape,
                                         text, replicator, emitter) with its type, default and
                                         whether Core Animation animates it
      fxhost check [--strict] [PLUGIN…]  build every factory of each plugin (all found, if none named)
                                         in its own process; PASS, WARN (a host call failed and the
                                         plugin handled it; FAIL with --strict) or FAIL a line
      fxhost check --golden DIR [--update] [--at T,T,…] [--tolerance N] [PLUGIN…]
                                         compare each factory with its snapshot in DIR (JSON lines
                                         and PNG frames at a few instants; --update records them):
                                         PASS, or FAIL with what changed and a diff image (docs/GOLDEN.md)
      fxhost join OUT PART…              assemble a sharded render's parts into OUT (docs/SCALE.md)
      fxhost batch JOBS.jsonl [-j N] [--shard I/N] [--summary FILE]
                                         many renders, one JSON job a line, N at a time; resumable
      fxhost studio --plugin NAME [--factory F] [PARAMETERS] [--golden DIR] [--listen ADDR:PORT]
      fxhost studio --package DIR [...]  a page in the browser that scrubs, tunes, fires events and
                                         inspects the effect, reloading when the plugin changes
                                         (prints its address first; Ctrl-C stops it; docs/STUDIO.md)
      fxhost --cflags                    the compiler flag that finds fx.h, for building plugins
      fxhost --version

    options:
      --plugin NAME      a plugin file, or a name looked up in FX_PLUGIN_PATH and beside fxhost
      --factory F        which of the plugin's factories (default: its first)
      --size WxH         stage size in points (default 400x300)
      --fps N            samples per second (default 30)
      --end T            sample from 0 to T seconds (default: until every finite animation and
                         timer is done; at least 5 s if something repeats forever; at most 60 s)
      --duration T       the same as --end, unless the factory has its own duration parameter
      --time T           one sample at T seconds
      --media-time T0    what now() (CACurrentMediaTime()) reads at the start, and so what absolute
                         begin times and layer times count from (default 0; a device's is large)
      --event T:NAME     fire the plugin's event NAME at T seconds (repeatable), e.g. --event 1.5:tap
      --timeout S        seconds one call into the plugin may take (default 10)
      --render-timeout S  seconds the whole run may take, rendering included (default 3600)
      --memory-limit N   bytes the run may use (N, NMiB, NGiB); a frame that would need more is
                         refused (default: the memory cgroup's or address-space limit, else 2GiB)
      --no-isolate       run the plugin inside fxhost itself (for a debugger); by default plugin
                         code runs in a child process, so a crash or hang is reported, not fatal
      --out FILE         write to FILE (- for standard output); the extension picks the format:
    \(outTable)
    \(sinkOption)
      --force-preview    --sink preview where no terminal is (a pipe, a file): refused without it,
                         as its escapes are meant for a terminal's eyes
      --strict           Lottie: refuse what Lottie cannot hold (shadows, perspective, 3D
                         transitions, tinted particles…) instead of leaving it out with a warning
                         (docs/EXPORT.md)
      --max-size BYTES   Lottie: the largest file written (default 67108864, 64 MiB); a larger one
                         is refused and nothing is written
      --crf N            MP4 and WebM quality: constant rate factor, lower is better (MP4 \(mp4.range.lowerBound)-\(mp4.range.upperBound),
                         default \(mp4.default); WebM \(webm.range.lowerBound)-\(webm.range.upperBound), default \(webm.default)). Video is 4:2:0: an odd width or
                         height gets one more column or row, a copy of the last
      --quality Q        WebP: lossy at quality Q, \(webp.range.lowerBound)-\(webp.range.upperBound), higher is better (default \(webp.default))
      --lossless         WebP: lossless instead
      --frames A:B       write only frames A to B-1 of the run (frame k is at k/fps; A: to the end);
                         the timeline still runs from 0, so each frame is the whole run's frame
      --shard I/N        write only the I-th of N equal ranges of frames (I from 0), e.g. one per
                         job-array task; --out NAME.fxpart keeps them for fxhost join
      --manifest         also write OUT.manifest.json: the render (plugin and its hash, arguments,
                         size, fps) and the frames the output holds; join and batch read it
      --particles        JSON lines list every particle of an emitter (default: its count, bounds
                         and each cell's statistics)
      --sheet FILE.png   also write a contact sheet: frames in a grid, each labelled with its time
      --scale S          pixels per point for images (default 1; 2 for 2× output)
      --background C     colour behind the stage for images (default transparent; black for GIF and Y4M)
      --sheet-frames N   how many frames the contact sheet shows, spread evenly (default 12; it says
                         when it leaves some out); or T,T,… the frames nearest those times
      --sheet-grid CxR   the contact sheet's columns and rows (default 4 columns; C×R frames)
      --loop             one whole period, end-exclusive, so an animated image loops with no repeated
                         frame: sampled until nothing finite is left, then for the least common
                         multiple of the forever-repeating animations' cycles (times the repeats a
                         cumulative one needs to come back; at most 60 s); an effect that ends
                         loops from 0 to its end. With --end T: from 0 to T, T left out.
                         (Without --loop, an animated PNG or GIF leaves out a last frame at the
                         natural end that shows what the first did.)

    Factory parameters are given as --name value (a bool alone means true; --name=value also works).
    Video to ffmpeg: fxhost --plugin spinner --out - --format y4m | ffmpeg -i - spinner.mp4
    Data goes to standard output, messages to standard error.
    exit status: 0 ok, 1 the plugin failed, 2 a usage or input error.

    """
    }

    /// `--out`'s table of names, from the formats' registry: cells in the registry's order, three
    /// to a row while the first two fit their columns (names aligned in those two), a longer
    /// cell on a row of its own.
    static var outTable: String {
        let columnWidths = [24, 25]
        var rows: [[(name: String, meaning: String)]] = [[]]
        for cell in OutputFormat.all.compactMap(\.outHelp) {
            let column = rows[rows.count - 1].count
            let fits = column == 2 || cell.name.count + 2 + cell.meaning.count <= columnWidths[column]
            if !fits && column > 0 { rows.append([]) }
            rows[rows.count - 1].append(cell)
            if rows[rows.count - 1].count == 3 || !fits { rows.append([]) }
        }
        rows.removeAll { $0.isEmpty }
        let nameWidths = columnWidths.indices.map { c in (rows.filter { $0.count > 1 }.compactMap { $0.count > c ? $0[c].name.count : nil }.max() ?? 0) + 2 }
        return rows.map { row in
            String(repeating: " ", count: 23) + row.enumerated().map { c, cell in
                guard row.count > 1, c < columnWidths.count else { return cell.name + "  " + cell.meaning }
                func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
                return padded(padded(cell.name, nameWidths[c]) + cell.meaning, columnWidths[c])
            }.joined()
        }.joined(separator: "\n")
    }

    /// `--sink`'s line: every format the registry has, wrapped as the other options are.
    static var sinkOption: String {
        let words = (OutputFormat.all.map(\.sinkHelp).joined(separator: ", ") + "; --format is the same").split(separator: " ")
        var lines = ["  --sink FORMAT     "]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > 96 { lines.append(String(repeating: " ", count: 20)) }
            lines[lines.count - 1] += " " + word
        }
        return lines.joined(separator: "\n")
    }

    static var mp4: (range: ClosedRange<Int>, default: Int) { SinkKind.mp4.format.crf! }
    static var webm: (range: ClosedRange<Int>, default: Int) { SinkKind.webm.format.crf! }
    static var webp: (range: ClosedRange<Int>, default: Int) { SinkKind.webp.format.quality! }

    static func plugin(_ p: PluginInfo, selected: FactoryInfo? = nil) -> String {
        let e = TerminalText.escape
        var s = "\(e(p.name)) \(e(p.version)) — \(e(p.description))\n  file: \(e(p.path))\n  built for ABI \(p.abiMajor).\(p.abiMinor)\n"
        for f in p.factories where selected == nil || selected!.name == f.name {
            s += "\nfactory \(e(f.name))\(f.name == p.factories[0].name ? " (default)" : "")\(f.help.isEmpty ? "" : ": \(e(f.help))")\n"
            if f.parameters.isEmpty { s += "  (no parameters)\n" }
            let width = (f.parameters.map { e($0.name).count }.max() ?? 0) + 4
            for q in f.parameters {
                let name = "  --\(e(q.name))"
                s += name + String(repeating: " ", count: max(1, width + 2 - name.count))
                s += "\(e(q.expectation)), default \(q.defaultText.isEmpty ? "(none)" : "'\(e(q.defaultText))'")"
                s += q.help.isEmpty ? "\n" : "\n" + String(repeating: " ", count: width + 2) + e(q.help) + "\n"
            }
        }
        if selected != nil && p.factories.count > 1 {
            s += "\nother factories: \(p.factories.map(\.name).filter { $0 != selected!.name }.map(e).joined(separator: ", ")) (--factory F --help)\n"
        }
        return s
    }
}
