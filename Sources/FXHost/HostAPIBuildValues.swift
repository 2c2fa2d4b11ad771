// SPDX-License-Identifier: MIT
import CFX

/// fx.h 1.2: builds that take their arguments as values, registered by the entry.
extension HostAPI {
    static func installBuildValues(_ api: inout fx_api) {
        api.factory_set_build_values = { factory, fn, user in
            HostSession.serve("factory_set_build_values", needsStage: false) { s throws(FXAPIError) in
                guard s.inEntry else {
                    throw FXAPIError(.notNow, "builds can only be registered by the entry function")
                }
                guard let factory else { throw FXAPIError(.badArgument, "the factory name is NULL") }
                guard let fn else { throw FXAPIError(.badArgument, "the build function is NULL") }
                let name = try s.text(factory, what: "factory name")
                s.valueBuilds[name] = (fn, user)
            }
        }
    }
}
