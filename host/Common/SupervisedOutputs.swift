// SPDX-License-Identifier: MIT
import FXHost
import FXSinks

/// `Isolation.supervise` with the child's output files opened and written by
/// this process at the child's request (`OutputRelay`, `OutputServer`): plugin
/// code in the child holds no descriptor of any output (docs/isolation.md,
/// "Outputs are the parent's").
public func superviseWithOutputs(timeout: Double, runTimeout: Double = .infinity, _ body: () -> Int32) -> Isolation.Outcome {
    let server = OutputServer(key: UInt64.random(in: .min ... .max))
    let service = Isolation.OutputService(key: server.key, take: server.take, abandon: server.abandonAll)
    return Isolation.supervise(timeout: timeout, runTimeout: runTimeout, outputs: service) {
        if let p = Isolation.outputPipes { OutputFile.relay = OutputRelay(requests: p.requests, replies: p.replies, key: p.key) }
        return body()
    }
}
