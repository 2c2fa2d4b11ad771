// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// fxhost loads fontconfig's default configuration itself (Sources/CPango: FcInit's load without
/// its parse of the template folder) and leaves a user's own to FcInit, which must still decide
/// the faces: with FONTCONFIG_FILE naming a file that includes the system's and maps a made-up
/// family to DejaVu Serif, text in that family is DejaVu Serif's pixels exactly, and without it,
/// it is not; a file that cannot be loaded is reported by fontconfig once, and the text drawn.
@Suite struct FontconfigFileTests {
    let dir: String
    init() throws { dir = try TestSupport.temporaryFolder() }

    func lottie(family: String) -> String {
        """
        {"v": "5.7.4", "fr": 10, "ip": 0, "op": 1, "w": 160, "h": 60,
         "fonts": {"list": [{"fName": "Face", "fFamily": "\(family)", "fStyle": "Book", "ascent": 75}]},
         "layers": [{"ty": 5, "ind": 1, "nm": "t", "ip": 0, "op": 1, "st": 0, "sr": 1,
          "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": [10, 40, 0]},
                 "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
          "t": {"d": {"k": [{"s": {"s": 30, "f": "Face", "t": "Rag jQ", "j": 0, "tr": 0, "lh": 36, "ls": 0,
                                  "fc": [1, 1, 1]}, "t": 0}]}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}]}
        """
    }

    func render(family: String, _ name: String, environment: [String: String] = [:]) throws -> Data {
        let file = dir + "/\(name).json", out = dir + "/\(name).png"
        try lottie(family: family).write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runProcess(Plugins.fxhost, ["--plugin", "lottie", "--file", file, "--time", "0", "--out", out], environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    @Test func theUsersConfigurationFileDecidesTheFace() throws {
        let conf = dir + "/fonts.conf"
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <include ignore_missing="no">/etc/fonts/fonts.conf</include>
          <alias binding="strong"><family>fxtest family</family><prefer><family>DejaVu Serif</family></prefer></alias>
        </fontconfig>
        """.write(toFile: conf, atomically: true, encoding: .utf8)
        let serif = try render(family: "DejaVu Serif", "serif")
        let aliased = try render(family: "fxtest family", "aliased", environment: ["FONTCONFIG_FILE": conf])
        let unaliased = try render(family: "fxtest family", "unaliased")
        #expect(aliased == serif, "the file's alias picks DejaVu Serif")
        #expect(unaliased != serif, "without the file the made-up family falls back to Sans")
    }

    @Test func aConfigurationFileThatCannotBeLoadedIsReportedOnce() throws {
        let file = dir + "/face.json", out = dir + "/missing.png"
        try lottie(family: "DejaVu Serif").write(toFile: file, atomically: true, encoding: .utf8)
        let r = try runProcess(Plugins.fxhost, ["--plugin", "lottie", "--file", file, "--time", "0", "--out", out],
                               environment: ["FONTCONFIG_FILE": dir + "/no-such.conf"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.components(separatedBy: "Cannot load default config file").count == 2, "\(r.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
