// SPDX-License-Identifier: MIT
import Foundation

/// ffprobe's view of a video's first stream, frame by frame.
public struct VideoProbe {
    public var codec = "", pixelFormat = "", colorSpace = "", colorRange = ""
    public var width = 0, height = 0
    /// Each decoded frame's presentation time, in seconds.
    public var times: [Double] = []
    /// The container's duration, in seconds.
    public var duration = Double.nan

    public init(_ file: String) throws {
        guard let ffprobe = TestSupport.which("ffprobe") else { throw FFmpeg.Missing() }
        let r = try runProcess(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                         "stream=codec_name,pix_fmt,width,height,color_space,color_range:format=duration:frame=best_effort_timestamp_time",
                                         "-of", "compact", file])
        guard r.status == 0 else { throw FFmpeg.DecodeError(message: "ffprobe failed on \(file): \(r.stderr)") }
        for line in r.stdout.split(separator: "\n") {
            var f: [String: String] = [:]
            for field in line.split(separator: "|").dropFirst() {
                let kv = field.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { f[String(kv[0])] = String(kv[1]) }
            }
            if line.hasPrefix("stream") {
                codec = f["codec_name"] ?? ""; pixelFormat = f["pix_fmt"] ?? ""
                colorSpace = f["color_space"] ?? ""; colorRange = f["color_range"] ?? ""
                width = Int(f["width"] ?? "") ?? 0; height = Int(f["height"] ?? "") ?? 0
            } else if line.hasPrefix("frame") {
                times.append(Double(f["best_effort_timestamp_time"] ?? "") ?? .nan)
            } else if line.hasPrefix("format") {
                duration = Double(f["duration"] ?? "") ?? .nan
            }
        }
    }
}

/// Animated WebP read back by Pillow (Debian's python3-pil, which decodes
/// through libwebp's demuxer): each frame composited, as straight RGBA.
public struct WebPFrames {
    public var width = 0, height = 0
    /// Each frame's duration in milliseconds, as the file stores it.
    public var durations: [Int] = []
    public var frames: [[UInt8]] = []

    static let script = """
    import base64, json, sys
    from PIL import Image
    im = Image.open(sys.argv[1])
    out = {"size": list(im.size), "durations": [], "frames": []}
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        im.load()
        out["durations"].append(im.info.get("duration", 0))
        out["frames"].append(base64.b64encode(im.convert("RGBA").tobytes()).decode())
    print(json.dumps(out))
    """

    public init(_ file: String) throws {
        let python = "/usr/bin/python3"  // Debian's, where python3-pil installs
        let r = try runProcess(python, ["-c", WebPFrames.script, file])
        guard r.status == 0, let json = try JSONSerialization.jsonObject(with: r.data) as? [String: Any],
              let size = json["size"] as? [Int], let d = json["durations"] as? [Int], let f = json["frames"] as? [String] else {
            throw FFmpeg.DecodeError(message: "Pillow could not read \(file) (scripts/setup.sh --test installs python3-pil): \(r.stderr)")
        }
        width = size[0]; height = size[1]; durations = d
        frames = f.map { [UInt8](Data(base64Encoded: $0) ?? Data()) }
    }
}
