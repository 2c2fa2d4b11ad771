// SPDX-License-Identifier: MIT
import CWebP
import FXCore
import FXRender
import FXSinks

/// Animated WebP through libwebp's WebPAnimEncoder: lossy (`quality` 0–100)
/// or lossless, with alpha (straight, as WebP stores it), looping forever.
/// WebP keeps frame times in whole milliseconds: each frame starts at its
/// sample time rounded to the millisecond, so the durations add up to the
/// real times. The encoder stores only the changed rectangle of a frame, and
/// a frame identical to the one before lengthens it instead of being stored.
/// libwebp and libwebpmux are loaded when the writer is made (Sources/CWebP):
/// where they are missing, making it fails, before any frame is rendered.
public final class WebPWriter: ImageSink {
    public static let defaultQuality = 80

    private let out: OutputFile
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let lastDelay: Double
    private var lastTime = 0.0

    /// `quality` nil means lossless.
    public init(renderer: Renderer, output: OutputFile, frameInterval: Double, quality: Int?) throws {
        guard fx_webp_load() != nil else {
            throw OutputError("webp output needs libwebp's libraries: \(String(cString: fx_webp_error())) (install Debian's libwebpmux3 and libwebp7)")
        }
        out = output
        lastDelay = frameInterval
        var options = WebPAnimEncoderOptions()
        guard fx_webp_anim_encoder_options_init(&options) != 0, fx_webp_config_init(&config) != 0 else {
            throw OutputError("webp output: this libwebp does not match the headers fxhost was built with")
        }
        options.anim_params.loop_count = 0  // forever
        if let quality {
            config.quality = Float(quality)
        } else {
            config.lossless = 1
            config.quality = 75  // lossless: the effort, libwebp's default
        }
        config.thread_level = 1
        guard webp.WebPValidateConfig(&config) != 0,
              let e = fx_webp_anim_encoder_new(Int32(renderer.pixelWidth), Int32(renderer.pixelHeight), &options) else {
            throw OutputError("webp output: libwebp cannot encode \(renderer.pixelWidth)×\(renderer.pixelHeight) frames")
        }
        encoder = e
        super.init(renderer: renderer)
    }

    deinit { webp.WebPAnimEncoderDelete(encoder) }

    /// A time in WebP's whole milliseconds.
    static func milliseconds(_ t: Double) -> Int32 { Int32((t * 1000).rounded()) }

    override func write(_ frame: Frame) throws {
        var picture = WebPPicture()
        guard fx_webp_picture_init(&picture) != 0 else { throw OutputError("webp output: libwebp version mismatch") }
        defer { webp.WebPPictureFree(&picture) }
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        picture.use_argb = 1
        let straight = PixelLayout.straight(frame.pixels)
        let imported = straight.withUnsafeBufferPointer { webp.WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frame.width * 4)) }
        guard imported != 0, webp.WebPAnimEncoderAdd(encoder, &picture, WebPWriter.milliseconds(frame.time), &config) != 0 else {
            throw encoderError()
        }
        lastTime = frame.time
    }

    public override func finish() throws {
        guard frameCount > 0 else { throw OutputError("no frames to write") }
        var data = WebPData()
        defer { fx_webp_data_clear(&data) }
        guard webp.WebPAnimEncoderAdd(encoder, nil, WebPWriter.milliseconds(lastTime + lastDelay), nil) != 0,
              webp.WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw encoderError()
        }
        try out.write(Array(UnsafeBufferPointer(start: bytes, count: data.size)))
        try out.commit()
    }

    /// The encoder's own account of its last failure.
    private func encoderError() -> OutputError {
        OutputError("webp output: \(webp.WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "the encoder failed")")
    }
}

/// The loaded libraries' functions; only used once `fx_webp_load()` has succeeded (in the writer's init).
private var webp: fx_webp { fx_webp_load()!.pointee }
