// SPDX-License-Identifier: MIT
import FXCore
import Foundation

/// Writes the faces of FXCore's property catalog that live outside the
/// engine (`Face.all`), or checks that they are what the catalog gives.
///   fxcatalog write ROOT     rewrites every stale face under ROOT
///   fxcatalog check ROOT     names every stale face; exit 1 if any
/// `scripts/generate.sh` runs it; the test command runs it in check mode.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let mode = arguments.first, mode == "write" || mode == "check", let root = arguments.last else {
    FileHandle.standardError.write(Data("usage: fxcatalog write|check ROOT\n".utf8))
    exit(2)
}
var stale: [String] = []
for face in Face.all {
    let path = root + "/" + face.path
    let current = try? String(contentsOfFile: path, encoding: .utf8)
    let wanted: String
    do {
        wanted = try face.make(current)
    } catch {
        FileHandle.standardError.write(Data("fxcatalog: \(face.path): \(error)\n".utf8))
        exit(1)
    }
    guard current != wanted else { continue }
    stale.append(face.path)
    if mode == "write" {
        do {
            try wanted.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("fxcatalog: cannot write \(face.path): \(error)\n".utf8))
            exit(1)
        }
    }
}
if mode == "check", !stale.isEmpty {
    for path in stale {
        FileHandle.standardError.write(Data("fxcatalog: \(path) is not what FXCore's property catalog gives; run scripts/generate.sh\n".utf8))
    }
    exit(1)
}
if mode == "write" { for path in stale { print("fxcatalog: wrote \(path)") } }
