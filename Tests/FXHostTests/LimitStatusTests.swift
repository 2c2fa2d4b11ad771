// SPDX-License-Identifier: MIT
import CFX
import FXCore
import Testing
@testable import FXHost
import FXIsolation

/// A failure at a limit reaches the plugin as FX_ERR_LIMIT; it never turns
/// into FX_OK with a 0 handle the plugin would take for "no object".
@Suite(.serialized) struct LimitStatusTests {
    var api: fx_api { HostAPI.table.pointee }

    /// Reading a path back makes a new path handle; with the path table full
    /// (a limit of 2: the path set on the layer and one more), the read fails.
    @Test func readingAPathBackWithTheTableFullIsALimit() throws {
        var limits = Limits()
        limits.maxPaths = 2
        let session = HostSession(pluginName: "limit-test", limits: limits)
        let stage = Stage(size: Size(100, 100))
        let root = try session.attach(stage)
        var statuses: [fx_status] = []
        var handle: fx_path = 1
        try session.callPlugin("test") {
            var layer: fx_layer = 0, first: fx_path = 0, second: fx_path = 0
            statuses.append(api.layer_create(FX_LAYER_SHAPE, "shape", &layer))
            statuses.append(api.layer_add_sublayer(root, layer))
            statuses.append(api.path_create(&first))
            statuses.append(api.path_move_to(first, 0, 0))
            statuses.append(api.path_line_to(first, 10, 10))
            var v = fx_value()
            v.type = FX_VALUE_PATH
            v.u.path = first
            statuses.append(api.layer_set(layer, "path", &v))
            statuses.append(api.path_create(&second))
            var out = fx_value()
            statuses.append(api.layer_get(layer, "path", &out))
            handle = out.u.path
            return FX_OK
        }
        #expect(Array(statuses.dropLast()) == Array(repeating: FX_OK, count: 7))
        #expect(statuses.last == FX_ERR_LIMIT)
        #expect(handle == 0)
    }
}
