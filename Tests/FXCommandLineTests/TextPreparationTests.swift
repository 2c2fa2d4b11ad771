// SPDX-License-Identifier: MIT
import FXCore
import FXRender
import Testing
@testable import FXCommandLine

/// A run that draws starts loading pango at its first text layer, while the plugin still builds
/// (`RunPlan.preparation`); a run that draws nothing never does.
@Suite struct TextPreparationTests {
    func output(_ args: [String]) throws -> OutputOptions {
        guard case .run(let run) = try Command.parse(["--plugin", "cube"] + args) else {
            Issue.record("\(args) is a run")
            return OutputOptions()
        }
        return run.output
    }

    @Test func drawingRunsPrepareTextAtTheFirstTextLayer() throws {
        for args in [["--out", "x.png"], ["--out", "x.y4m"], ["--out", "x.gif"], ["--sink", "text", "--sheet", "s.png"]] {
            #expect(RunPlan.preparation(for: try output(args)) != nil, "\(args)")
        }
        for args in [["--sink", "text"], ["--sink", "jsonl"], ["--out", "x.json", "--format", "lottie"]] {
            #expect(RunPlan.preparation(for: try output(args)) == nil, "\(args)")
        }
        let prepare = try #require(RunPlan.preparation(for: try output(["--out", "x.png"])))
        prepare(.shape)
        prepare(.text)
        #expect(Pango.prepared)
    }
}
