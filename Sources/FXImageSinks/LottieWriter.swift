// SPDX-License-Identifier: MIT
import FXCore
import FXSinks

/// `--format lottie`: the run as a Lottie (Bodymovin JSON) file of the stage's
/// size, `fr` the run's rate, a frame for each sample (docs/EXPORT.md); or, for
/// an output named `.lottie`, that document in a dotLottie archive. Written
/// whole at the end, or not at all: a document over `maxSize` bytes is refused.
/// What Lottie cannot hold is said once each through `note` (or refused, `strict`).
public final class LottieWriter: Sink {
    public static let defaultMaxSize = 64 << 20

    private let output: OutputFile
    private let capture: LottieCapture
    private let width: Double, height: Double
    private let fps: Double
    private let maxSize: Int
    /// The archive's animation id, when the output is a dotLottie archive.
    private let archiveName: String?
    private let note: (String) -> Void

    /// `archiveName`: write a dotLottie archive holding the document as `animations/NAME.json`.
    public init(output: OutputFile, width: Double, height: Double, fps: Double, maxSize: Int = defaultMaxSize,
                strict: Bool, archiveName: String? = nil, note: @escaping (String) -> Void) {
        self.output = output
        self.width = width; self.height = height; self.fps = fps
        self.maxSize = maxSize
        self.archiveName = archiveName
        self.note = note
        capture = LottieCapture(strict: strict)
    }

    /// Keyframes fall on whole frames: no extra sample at the end.
    public var wantsEvenFrames: Bool { true }

    /// Fewer bytes than any Lottie layer the document writes takes: a run with more layers than
    /// `maxSize` over this is refused while it samples, before its samples fill the memory.
    static let leastLayerBytes = 200

    public func consume(_ snapshot: Snapshot) throws {
        do {
            try capture.add(snapshot, fps: fps)
            if capture.pieces.count > maxSize / Self.leastLayerBytes { throw LottieDocument.SizeLimit() }
        } catch is LottieDocument.SizeLimit {
            output.abandon()
            throw tooLarge
        } catch {
            output.abandon()
            throw error
        }
    }

    private var tooLarge: OutputError {
        OutputError("the Lottie file would be larger than --max-size \(maxSize) bytes; nothing was written (raise --max-size, or shorten the run with --end or a lower --fps)")
    }

    public func finish() throws {
        let document = LottieDocument(capture: capture, width: width, height: height, fps: fps, maxSize: maxSize)
        do {
            var bytes = try document.json()
            if let archiveName {
                bytes = DotLottieArchive.bytes(animation: archiveName, json: bytes)
                if bytes.count > maxSize { throw LottieDocument.SizeLimit() }
            }
            if capture.castsShadows {
                note("lottie: shadows are written as Lottie's drop shadow effect, which lottie-web, lottie-ios and lottie-android draw and rlottie and fxhost's lottie plugin do not")
            }
            if !capture.dropped.isEmpty {
                note("lottie: Lottie cannot hold \(capture.dropped.joined(separator: ", ")): left out (--strict refuses instead)")
            }
            try output.write(bytes)
            try output.commit()
        } catch is LottieDocument.SizeLimit {
            output.abandon()
            throw tooLarge
        } catch {
            output.abandon()
            throw error
        }
    }
}
