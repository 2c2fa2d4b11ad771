// SPDX-License-Identifier: MIT
import FXSinks

extension Isolation {
    /// `supervise` with the child's outputs published through this process (docs/isolation.md,
    /// "Outputs are the parent's"): `body` runs in the child with the `Publication` every output
    /// it makes must be given. In it, files are opened and written here at the child's request
    /// (`OutputRelay` there, `OutputServer` here), so plugin code in the child holds no
    /// descriptor of any output; standard output's bytes cross to this process, which alone
    /// writes the real standard output (looked at here, before the child starts: the child's
    /// descriptor 1 is standard error); each temporary file is reported, and nothing is put in
    /// place once this process is gone. Where no child can be made, `body` runs here with the
    /// same publication, which then writes directly.
    public static func superviseWithOutputs(timeout: Double, runTimeout: Double = .infinity,
                                            _ body: (Publication) -> Int32) -> Outcome {
        let terminal = OutputFile.Terminal.of(1)
        let server = OutputServer(key: UInt64.random(in: .min ... .max))
        return supervise(timeout: timeout, runTimeout: runTimeout, outputs: server) {
            let remote = outputPipes.map { OutputRelay(requests: $0.requests, replies: $0.replies, key: $0.key) }
            return body(Publication(
                writeStandardOutput: { writeStandardOutput($0) }, terminal: terminal, remote: remote,
                temporaryFile: { path, made in note(made ? "temp" : "kept", path) },
                mayPublish: { supervisorAlive }))
        }
    }
}
