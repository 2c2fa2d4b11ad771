// SPDX-License-Identifier: MIT
import CFX
import FXCore

/// fx.h 1.1's emitter cells: templates configured by name, copied into an
/// emitter layer (or into another cell) when added, like animations.
extension HostAPI {
    static func installEmitters(_ api: inout fx_api) {
        api.emitter_cell_create = { name, out in
            HostSession.serve("emitter_cell_create") { s throws(FXAPIError) in
                let n = try name.map { p throws(FXAPIError) in try s.text(p, what: "cell name", kept: true) } ?? ""
                guard !n.contains(".") else {
                    throw FXAPIError(.badValue, "cell name '\(n)' contains '.', which key paths (emitterCells.NAME.field) cannot reach")
                }
                try HostAPI.out(out, "cell").pointee = try s.cells.insert(EmitterCell(name: n))
            }
        }
        api.emitter_cell_set = { handle, field, value in
            HostSession.serve("emitter_cell_set") { s throws(FXAPIError) in
                let name = try HostAPI.string(s, field, "field name")
                guard let value else { throw FXAPIError(.badArgument, "value for cell field '\(name)' is NULL") }
                let v = value.pointee.type == FX_VALUE_NONE && name == "contents" ? Value.image(nil) : try s.value(from: value.pointee)
                try s.cells.update(handle) { c throws(FXAPIError) in try HostAPI.core { () throws(FXError) in try c.set(name, v) } }
            }
        }
        api.emitter_cell_add_cell = { parent, child in
            HostSession.serve("emitter_cell_add_cell") { s throws(FXAPIError) in
                let c = try s.cells.get(child)
                try s.cells.update(parent) { p throws(FXAPIError) in
                    guard p.emitterCells.count < Layer.maxEmitterCells else {
                        throw FXAPIError(.limit, "a cell holds at most \(Layer.maxEmitterCells) cells")
                    }
                    guard EmitterCell.depth(of: c) < EmitterCell.maxDepth else {
                        throw FXAPIError(.limit, "emitter cells nest at most \(EmitterCell.maxDepth) deep")
                    }
                    p.emitterCells.append(c)
                }
            }
        }
        api.emitter_cell_release = { handle in
            HostSession.serve("emitter_cell_release") { s throws(FXAPIError) in try s.cells.remove(handle) }
        }
        api.layer_add_emitter_cell = { layer, cell in
            HostSession.serve("layer_add_emitter_cell") { s throws(FXAPIError) in
                let l = try s.layers.get(layer)
                let c = try s.cells.get(cell)
                try HostAPI.core { () throws(FXError) in try l.addEmitterCell(c) }
            }
        }
    }
}
