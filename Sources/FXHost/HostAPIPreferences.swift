// SPDX-License-Identifier: MIT
import CFX
import FXCore

/// fx.h 1.2's `stage_prefer`: the size and end a plugin's content was made
/// for, taken where the user chose neither (`--size`, `--end`).
extension HostAPI {
    static func installPreferences(_ api: inout fx_api) {
        api.stage_prefer = { preference in
            HostSession.serve("stage_prefer") { s throws(FXAPIError) in
                guard let preference else { throw FXAPIError(.badArgument, "preference is NULL") }
                guard preference.pointee.struct_size >= UInt32(MemoryLayout<fx_stage_preference>.size) else {
                    throw FXAPIError(.badArgument,
                                     "preference->struct_size is \(preference.pointee.struct_size); set it to sizeof(fx_stage_preference)")
                }
                let stage = try s.requireStage()
                let p = preference.pointee
                try HostAPI.core { () throws(FXError) in
                    try stage.prefer(size: Size(p.size.width, p.size.height), end: p.natural_end)
                }
            }
        }
    }
}
