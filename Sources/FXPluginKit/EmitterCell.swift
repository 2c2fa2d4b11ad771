// SPDX-License-Identifier: MIT
import CFX

/// A `CAEmitterCell` template (fx.h 1.1): set its fields by Core Animation's
/// names, then add it to an emitter layer (or to another cell); each add
/// copies its current configuration.
public final class EmitterCell {
    public let handle: fx_emitter_cell

    /// `name` is what key paths call it: `emitterCells.NAME.birthRate`.
    public init(name: String) throws(PluginError) {
        guard Host.has(\.emitter_cell_create) else {
            throw PluginError("this fxhost has no emitter cells (fx.h 1.1)", status: FX_ERR_NOT_FOUND)
        }
        var h: fx_emitter_cell = 0
        try Host.check(name.withCString { Host.api.emitter_cell_create($0, &h) })
        handle = h
    }

    deinit { _ = Host.table?.pointee.emitter_cell_release(handle) }

    /// Sets a field (`birthRate`, `lifetime`, `velocity`, `color`, `contents`, …; see fx.h), returning self to chain.
    @discardableResult
    public func set(_ field: String, _ value: some ValueConvertible) throws(PluginError) -> EmitterCell {
        try Host.check(field.withCString { f in value.withValue { Host.api.emitter_cell_set(handle, f, $0) } })
        return self
    }

    /// Adds a copy of `child`: every particle of this cell emits it.
    public func add(_ child: EmitterCell) throws(PluginError) {
        try Host.check(Host.api.emitter_cell_add_cell(handle, child.handle))
    }
}

extension Layer {
    /// Adds a copy of `cell` to this emitter layer's `emitterCells`.
    public func addEmitterCell(_ cell: EmitterCell) throws(PluginError) {
        try Host.check(Host.api.layer_add_emitter_cell(handle, cell.handle))
    }
}
