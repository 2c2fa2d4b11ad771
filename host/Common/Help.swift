import FXHost

/// The help texts.
enum Help {
    static let version = "fxhost 0.1.0 (plugin ABI \(hostABI))"
    static var hostABI: String { PluginLoader.abiVersion }

    static let usage = """
    fxhost — Core Animation–style effects, from plugins, sampled on a simulated clock.

    usage:
      fxhost --plugin NAME [--factory F] [PARAMETERS] [OPTIONS]
      fxhost --plugin NAME --help        the factory's parameters
      fxhost --list                      every plugin found, with factories and parameters
      fxhost check [--strict] [PLUGIN…]  build every factory of each plugin (all found, if none named)
                                         in its own process; PASS, WARN (a host call failed and the
                                         plugin handled it; FAIL with --strict) or FAIL a line
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
      --event T:NAME     fire the plugin's event NAME at T seconds (repeatable), e.g. --event 1.5:tap
      --timeout S        seconds one call into the plugin may take (default 10)
      --no-isolate       run the plugin inside fxhost itself (for a debugger); by default plugin
                         code runs in a child process, so a crash or hang is reported, not fatal
      --out FILE         write to FILE (- for standard output); the extension picks the format:
                           .txt  the trace         .jsonl  JSON lines       .png  animated PNG
                           .gif  animated GIF      .y4m    Y4M video        DIR/ or name-%04d.png  PNG frames
                           .mp4  H.264 video       .webm   VP9 video        .webp  animated WebP
      --sink FORMAT      text (a readable trace, the default), jsonl, preview (the frames in the
                         terminal), png, gif, y4m, frames, mp4, webm, webp; --format is the same
      --crf N            MP4 and WebM quality: constant rate factor, lower is better (MP4 0-51,
                         default 23; WebM 0-63, default 32). Video is 4:2:0: an odd width or
                         height gets one more column or row, a copy of the last
      --quality Q        WebP: lossy at quality Q, 0-100, higher is better (default 80)
      --lossless         WebP: lossless instead
      --particles        JSON lines list every particle of an emitter (default: its count and bounds)
      --sheet FILE.png   also write a contact sheet: frames in a grid, each labelled with its time
      --scale S          pixels per point for images (default 1; 2 for 2× output)
      --background C     colour behind the stage for images (default transparent; black for GIF and Y4M)

    Factory parameters are given as --name value (a bool alone means true; --name=value also works).
    Video to ffmpeg: fxhost --plugin spinner --out - --format y4m | ffmpeg -i - spinner.mp4
    Data goes to standard output, messages to standard error.
    exit status: 0 ok, 1 the plugin failed, 2 a usage or input error.

    """

    static func plugin(_ p: PluginInfo, selected: FactoryInfo? = nil) -> String {
        var s = "\(p.name) \(p.version) — \(p.description)\n  file: \(p.path)\n  built for ABI \(p.abiMajor).\(p.abiMinor)\n"
        for f in p.factories where selected == nil || selected!.name == f.name {
            s += "\nfactory \(f.name)\(f.name == p.factories[0].name ? " (default)" : "")\(f.help.isEmpty ? "" : ": \(f.help)")\n"
            if f.parameters.isEmpty { s += "  (no parameters)\n" }
            let width = (f.parameters.map { $0.name.count }.max() ?? 0) + 4
            for q in f.parameters {
                let name = "  --\(q.name)"
                s += name + String(repeating: " ", count: max(1, width + 2 - name.count))
                s += "\(q.expectation), default \(q.defaultText.isEmpty ? "(none)" : "'\(q.defaultText)'")"
                s += q.help.isEmpty ? "\n" : "\n" + String(repeating: " ", count: width + 2) + q.help + "\n"
            }
        }
        if selected != nil && p.factories.count > 1 {
            s += "\nother factories: \(p.factories.map(\.name).filter { $0 != selected!.name }.joined(separator: ", ")) (--factory F --help)\n"
        }
        return s
    }
}
