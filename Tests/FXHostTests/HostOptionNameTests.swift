// SPDX-License-Identifier: MIT
import Foundation
import TestSupport
import Testing

/// A plugin parameter may not have the name of one of fxhost's own options: fxhost reads its
/// options first, so the parameter could never be given. Such a plugin is refused at load, in one
/// line naming the plugin, the parameter and the option. The fade plugin's count of changes, once
/// `--loop` (hidden by fxhost's `--loop`), is `--changes`.
@Suite struct HostOptionNameTests {
    let dir: String
    init() throws { dir = try Harness.temporaryFolder() }

    func shadowed(_ name: String) throws -> String {
        try Harness.compilePlugin(Harness.fixture("shadowed.c"), into: dir, name: "shadowed-\(name).so", defines: ["PARAM=\"\(name)\""])
    }

    static func refusal(_ name: String) -> String {
        "plugin 'shadowed-\(name).so': factory 'shadowed' parameter '\(name)' has the name of fxhost's own option --\(name), which hides it: rename the parameter"
    }

    @Test(arguments: ["loop", "fps", "force-preview", "sheet-grid"])
    func aParameterNamedLikeAnOptionIsRefusedAtLoad(_ name: String) throws {
        let plugin = try shadowed(name)
        for args in [["--plugin", plugin], ["--plugin", plugin, "--help"], ["--plugin", plugin, "--list"]] {
            let r = try Harness.fxhost(args)
            #expect(r.status == 1, "\(args): \(r.status)")
            #expect(r.data.isEmpty)
            #expect(r.stderr == "fxhost: error: \(Self.refusal(name))\n", "\(r.stderr)")
        }
        let check = try Harness.fxhost(["check", plugin])
        #expect(check.status == 1)
        #expect(check.stdout.contains("FAIL") && check.stdout.contains(Self.refusal(name)), "\(check.stdout)")
    }

    /// `--duration` is no option of fxhost's (it is the factory's, when the factory has it): a
    /// parameter of that name loads, and a name close to an option is no option's.
    @Test func durationAndNearNamesAreNotRefused() throws {
        for name in ["duration", "loops", "fps2"] {
            let r = try Harness.fxhost(["--plugin", try shadowed(name), "--time", "0", "--\(name)", "3"])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(name): \(r.stderr)")
        }
    }

    /// At 3.1 s, 0.1 s into the second change's 0.33 s fade, only a run with two changes has the
    /// overlay layer.
    @Test func fadeCountsItsChangesWithChanges() throws {
        func overlays(_ args: [String]) throws -> (count: Int, stdout: String) {
            let r = try Harness.fxhost(args + ["--time", "3.1", "--sink", "jsonl"])
            #expect(r.status == 0, "\(args): \(r.stderr)")
            let layers = try jsonObject(r.stdout.split(separator: "\n")[0])["layers"] as? [[String: Any]] ?? []
            return (layers.filter { ($0["path"] as? String)?.hasSuffix("overlay") == true }.count, r.stdout)
        }
        #expect(try overlays(["--plugin", "fade", "--changes", "1"]).count == 0)
        let fade = try overlays(["--plugin", "fade", "--changes", "2"])
        #expect(fade.count == 1)
        // The seed's own code takes --changes too (SeedsTests: the same bytes as the hand port).
        let seeds = try Harness.fxhost(["--plugin", "seeds", "--factory", "fade", "--changes", "2", "--time", "3.1"])
        #expect(seeds.status == 0, "\(seeds.stderr)")
        // fxhost's --loop is fxhost's, beside the factory's --changes.
        let loop = try Harness.fxhost(["--plugin", "fade", "--changes", "2", "--loop", "--end", "0.5", "--fps", "4", "--sink", "jsonl"])
        #expect(loop.status == 0 && loop.stdout.split(separator: "\n").count == 2, "\(loop.stderr)")
    }

    /// Every plugin of the repository loads and passes `fxhost check`: none has a parameter named like an option.
    @Test func theRepositorysPluginsPassCheck() throws {
        let r = try Harness.fxhost(["check"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("FAIL"))
    }
}
