// SPDX-License-Identifier: MIT
import FXCore
import Foundation
import Testing
import UIKit

/// Attributed strings in a CATextLayer and a UILabel: each range's
/// `foregroundColor` reaches the host as a run of the text layer's
/// `foregroundColorRuns` (fx.h 1.5: UTF-8 byte range, then red, green, blue,
/// alpha). Expected runs are worked out from the strings' UTF-8 by hand.
extension Facade {
    @Suite struct AttributedTextTests {
        func runs(_ l: FXCore.Layer) -> [Double] {
            if case .numbers(let n) = l[.foregroundColorRuns] { n } else { [] }
        }

        @Test func aTextLayerKeepsEachRangesColourByUTF8Bytes() throws {
            let k = try FacadeStage()
            try k.call { root in
                let t = CATextLayer()
                // "é" is 2 bytes and 1 UTF-16 unit, "😀" 4 bytes and 2 units, "a" 1 byte and 1 unit.
                let s = NSMutableAttributedString(string: "é😀a")
                s.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 1, length: 2))
                s.addAttribute(.foregroundColor, value: UIColor(white: 0.5, alpha: 0.25), range: NSRange(location: 3, length: 1))
                t.string = s
                root.addSublayer(t)
                #expect((t.string as? NSAttributedString)?.string == "é😀a")
            }
            let l = try #require(k.layers.first)
            #expect(l[.string] == .string("é😀a"))
            #expect(runs(l) == [2, 6, 1, 0, 0, 1, 6, 7, 0.5, 0.5, 0.5, 0.25])
        }

        @Test func adjacentRangesOfOneColourAreOneRunAndCGColorsCountToo() throws {
            let k = try FacadeStage()
            try k.call { root in
                let t = CATextLayer()
                let s = NSMutableAttributedString(string: "abcd")
                s.addAttribute(.foregroundColor, value: UIColor.blue, range: NSRange(location: 0, length: 1))
                s.addAttribute(.foregroundColor, value: UIColor(red: 0, green: 0, blue: 1, alpha: 1), range: NSRange(location: 1, length: 1))
                s.addAttribute(NSAttributedString.Key("CTForegroundColor"), value: UIColor.green.cgColor, range: NSRange(location: 3, length: 1))
                t.string = s
                root.addSublayer(t)
            }
            #expect(runs(try #require(k.layers.first)) == [0, 2, 0, 0, 1, 1, 3, 4, 0, 1, 0, 1])
        }

        @Test func aPlainStringClearsTheRuns() throws {
            let k = try FacadeStage()
            try k.call { root in
                let t = CATextLayer()
                let s = NSMutableAttributedString(string: "ab")
                s.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 1))
                t.string = s
                t.string = "cd"
                root.addSublayer(t)
                #expect(t.string as? String == "cd")
            }
            let l = try #require(k.layers.first)
            #expect(runs(l).isEmpty && l[.string] == .string("cd"))
        }

        @Test func aLabelsAttributedTextIsKeptAndDrawnByRuns() throws {
            let k = try FacadeStage()
            try k.call { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
                let s = NSMutableAttributedString(string: "Hey")
                s.addAttribute(.foregroundColor, value: UIColor.red.withAlphaComponent(0), range: NSRange(location: 1, length: 2))
                label.attributedText = s
                root.addSublayer(label.layer)
                // Read back as set: the colour of "ey" has alpha 0.
                var alphas: [CGFloat] = []
                label.attributedText?.enumerateAttribute(.foregroundColor, in: NSRange(location: 0, length: 3), options: []) { v, _, _ in
                    alphas.append((v as? UIColor)?.cgColor.alpha ?? -1)
                }
                #expect(alphas == [-1, 0])
                #expect(label.text == "Hey")
            }
            #expect(runs(try #require(k.layers.first)) == [1, 3, 1, 0, 0, 0])
        }

        /// Apple (UILabel.textColor): with styled text, a new colour "applies the color to the entirety of the string".
        @Test func aLabelsTextColourRecoloursTheWholeStyledString() throws {
            let k = try FacadeStage()
            try k.call { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
                let s = NSMutableAttributedString(string: "Hey")
                s.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 1))
                label.attributedText = s
                label.textColor = .blue
                root.addSublayer(label.layer)
            }
            let l = try #require(k.layers.first)
            #expect(runs(l) == [0, 3, 0, 0, 1, 1])
            #expect(l[.foregroundColor] == .color(FXCore.Color(red: 0, green: 0, blue: 1, alpha: 1)))
        }

        @Test func settingALabelsTextDropsTheStyle() throws {
            let k = try FacadeStage()
            try k.call { root in
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
                let s = NSMutableAttributedString(string: "Hey")
                s.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 3))
                label.attributedText = s
                label.text = "You"
                root.addSublayer(label.layer)
                #expect(label.attributedText?.string == "You")
            }
            #expect(runs(try #require(k.layers.first)).isEmpty)
        }
    }
}
