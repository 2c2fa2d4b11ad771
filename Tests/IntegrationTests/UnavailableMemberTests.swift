// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// iOS names the facade cannot give (selectors, image encoding) are declared unavailable, so
/// that compiling a port names each one and says why, where the compiler would otherwise say
/// "cannot find in scope" or that a method overrides nothing; custom drawing, once declared so,
/// now compiles beside them.
@Suite struct UnavailableMemberTests {
    @Test func theCompilerNamesEachMemberThatCannotBeHad() throws {
        let dir = try TestSupport.temporaryFolder()
        let source = dir + "/Port.swift"
        // (The import is written apart so that scripts/check-imports.sh does not take it for this file's.)
        try ("import UIKit\n" + """
        final class Ring: UIView { override func draw(_ rect: CGRect) {} }
        final class Arc: CALayer { override func draw(in ctx: CGContext) {} }
        func port(_ path: UIBezierPath, _ image: UIImage) {
            UIColor.red.setFill()
            path.stroke()
            _ = image.pngData()
            _ = Timer.scheduledTimer(timeInterval: 1, target: image, selector: Selector("tick"), userInfo: nil, repeats: true)
        }
        """).write(toFile: source, atomically: true, encoding: .utf8)
        let bin = TestSupport.binFolder
        let swiftc = try #require(TestSupport.which("swiftc"))
        let r = try runProcess(swiftc, ["-typecheck", "-I", bin + "/Modules",
                                        "-Xcc", "-fmodule-map-file=" + bin + "/CFX.build/module.modulemap", source])
        #expect(r.status != 0)
        let errors = r.stderr.split(separator: "\n").filter { $0.contains("error:") && !$0.hasPrefix(" ") }
        for expected in ["'pngData()' is unavailable", "is unavailable: selectors need the Objective-C runtime"] {
            #expect(errors.contains { $0.contains(expected) }, "no error naming \(expected):\n\(r.stderr)")
        }
        #expect(errors.count == 3, "\(r.stderr)")  // pngData, the selector method and Selector itself
        for drawing in ["draw", "CGContext", "setFill", "stroke"] {
            #expect(!errors.contains { $0.contains("'\(drawing)") }, "\(r.stderr)")
        }
    }
}
