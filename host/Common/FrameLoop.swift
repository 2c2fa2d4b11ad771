// SPDX-License-Identifier: MIT
import FXCore
import FXHost
import FXSinks
import Glibc

/// How many frames the whole run has, when only sampling it through can tell (a callback may move
/// its end: `FramePlan.frameCount(of:)` answers every other case without this): a child fxhost
/// builds the factory again, samples the run through once, drawing nothing, and says. A second
/// process, since this one's stage must be sampled from 0 for the shard itself.
func countFramesInAnotherRun(_ o: RunOptions) throws -> Int {
    let stage = o.stage
    var words = ["--plugin", o.plugin ?? "", "--fps", "\(stage.fps)", "--timeout", "\(o.supervision.timeout)", "--count-frames"]
    if stage.sizeGiven { words += ["--size", "\(Int(stage.width))x\(Int(stage.height))"] }
    if let f = o.factory { words += ["--factory", f] }
    for e in stage.events { words += ["--event", "\(e.time):\(e.name)"] }
    if !o.supervision.isolate { words.append("--no-isolate") }
    if o.loop { words.append("--loop") }
    words += o.factoryWords
    // From the folder fxhost started in: plugin code has run in this process, and may have moved it.
    let answer = try runSelf(words, in: StartFolder.path)
    guard answer.status == 0, let n = Int(answer.stdout.split(separator: "\n").last ?? "") else {
        throw HostError.usage(answer.stderr.split(separator: "\n").last.map { String($0).replacingPrefix("fxhost: error: ") }
                              ?? "could not count the run's frames for --shard (give --end to skip counting)")
    }
    return n
}

extension String {
    func replacingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}

/// The folder fxhost started in, read before any plugin code runs (`remember`).
enum StartFolder {
    nonisolated(unsafe) static var path: String?

    static func remember() {
        if path == nil { path = OutputFile.absolute(".") }
    }
}

/// Runs the `fxhost` beside this executable with `words` (in `folder`, if given), collecting what it prints.
func runSelf(_ words: [String], in folder: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let exe = (PluginLocator.executableFolder() ?? ".") + "/fxhost"
    let out = tmpfile(), err = tmpfile()
    guard let out, let err else { throw HostError.usage("cannot make a temporary file: \(String(cString: strerror(errno)))") }
    defer { fclose(out); fclose(err) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fileno(out), 1)
    posix_spawn_file_actions_adddup2(&actions, fileno(err), 2)
    let argv = ([exe] + words).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    // The child starts in `folder`: this process goes there for the spawn and comes back
    // (glibc's posix_spawn_file_actions_addchdir_np is not in Swift's Glibc module).
    let here = folder == nil ? -1 : open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if let folder, here >= 0, chdir(folder) != 0 { close(here); throw HostError.usage("cannot go back to the folder fxhost started in, '\(folder)', to count the run's frames: \(String(cString: strerror(errno)))") }
    let rc = posix_spawn(&pid, exe, &actions, nil, argv, environ)
    if here >= 0 { _ = fchdir(here); close(here) }
    guard rc == 0 else { throw HostError.usage("cannot start \(exe): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = (status & 0x7f) == 0
    return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), wholeText(out), wholeText(err))
}

/// Everything written to a temporary file so far, from its start.
func wholeText(_ f: UnsafeMutablePointer<FILE>) -> String {
    rewind(f)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, f)
        bytes += buffer[0..<n]
        if n < buffer.count { break }
    }
    return String(decoding: bytes, as: UTF8.self)
}
