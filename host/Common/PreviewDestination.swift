// SPDX-License-Identifier: MIT
import FXHost
import FXSinks
import Glibc

/// `--sink preview` draws frames with terminal escapes and redraws them in place: into a pipe or
/// a file that is hundreds of kilobytes of escapes nobody sees, so it is refused there, before
/// any plugin loads, unless `--force-preview` says the escapes are wanted.
func checkPreviewDestination(_ o: OutputOptions) throws {
    guard o.sink == .preview, !o.forcePreview else { return }
    let destination: String
    if let out = o.out, out != "-" {
        guard !isTerminal(path: out) else { return }
        destination = "--out \(out)"
    } else {
        guard !OutputFile.Terminal.of(1).isTerminal else { return }
        destination = "standard output"
    }
    throw HostError.usage("--sink preview draws in a terminal and \(destination) is not one: run it in a terminal, "
        + "or write an image (--out x.gif) or a trace (--sink text); --force-preview writes the escapes anyway")
}

/// Whether `path` names a terminal device (`/dev/tty`, a pseudo-terminal), without waiting on it
/// or making it fxhost's controlling terminal.
private func isTerminal(path: String) -> Bool {
    var st = stat()
    guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR else { return false }
    let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return isatty(fd) != 0
}
