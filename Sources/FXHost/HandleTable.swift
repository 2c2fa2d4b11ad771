// SPDX-License-Identifier: MIT
/// What a handle names. The kind is part of the handle's value, so a handle
/// of one kind passed where another is expected is refused by name instead
/// of reaching the object that happens to share its slot number.
enum HandleKind: UInt8 {
    case layer = 1, animation, path, image, emitterCell

    var noun: String {
        switch self {
        case .layer: "layer"
        case .animation: "animation"
        case .path: "path"
        case .image: "image"
        case .emitterCell: "emitter cell"
        }
    }

    var article: String { self == .animation || self == .image || self == .emitterCell ? "an" : "a" }
}

/// Objects the plugin refers to by opaque handle, packed in 64 bits: the
/// kind in the top 8 bits, a 24-bit generation below it, and the slot index
/// + 1 in the low 32 bits. Releasing bumps the slot's generation, so an old
/// handle to a reused slot is seen as stale rather than reaching the new
/// object (until the slot has been reused 2^24 times); a made-up number is
/// unknown; a handle of another kind is named as such. The layout is the
/// host's business: docs/ABI.md promises plugins only that handles are
/// opaque, nonzero, and distinct across kinds.
struct HandleTable<Object> {
    private var slots: [(generation: UInt32, object: Object?)] = []
    private var free: [Int] = []
    let kind: HandleKind
    var noun: String { kind.noun }
    /// How many live objects the table may hold.
    let limit: Int

    private static var generationMask: UInt32 { 0xFF_FFFF }

    init(kind: HandleKind, limit: Int) {
        self.kind = kind
        self.limit = min(limit, Int(UInt32.max) - 1)
    }

    var count: Int { slots.count - free.count }

    mutating func insert(_ object: Object) throws(FXAPIError) -> UInt64 {
        let index: Int
        if let reused = free.popLast() {
            index = reused
            slots[index].object = object
        } else {
            guard slots.count < limit else {
                throw FXAPIError(.limit, "too many \(noun)s: the limit is \(limit) (docs/ABI.md, Limits)")
            }
            slots.append((1, object))
            index = slots.count - 1
        }
        return handle(index)
    }

    private func handle(_ index: Int) -> UInt64 {
        UInt64(kind.rawValue) << 56 | UInt64(slots[index].generation) << 32 | UInt64(index + 1)
    }

    private static func hex(_ handle: UInt64) -> String { "0x" + String(handle, radix: 16) }

    /// The slot a live handle of this table's kind names.
    private func index(_ handle: UInt64) throws(FXAPIError) -> Int {
        guard handle != 0 else { throw FXAPIError(.badHandle, "\(noun) handle is 0 (no \(noun))") }
        let tag = UInt8(handle >> 56)
        guard tag == kind.rawValue else {
            if let given = HandleKind(rawValue: tag) {
                throw FXAPIError(.badHandle, "handle \(Self.hex(handle)) is \(given.article) \(given.noun) handle; expected \(kind.article) \(noun) handle")
            }
            throw FXAPIError(.badHandle, "\(noun) handle \(Self.hex(handle)) was never issued (a forged or corrupted handle)")
        }
        let index = Int(handle & 0xFFFF_FFFF) - 1
        let generation = UInt32(handle >> 32) & Self.generationMask
        guard index >= 0, index < slots.count else {
            throw FXAPIError(.badHandle, "\(noun) handle \(Self.hex(handle)) was never issued (a forged or corrupted handle)")
        }
        guard slots[index].generation == generation, slots[index].object != nil else {
            throw FXAPIError(.badHandle, "\(noun) handle \(Self.hex(handle)) is stale: that \(noun) was released")
        }
        return index
    }

    func get(_ handle: UInt64) throws(FXAPIError) -> Object {
        slots[try index(handle)].object!
    }

    mutating func remove(_ handle: UInt64) throws(FXAPIError) {
        let index = try index(handle)
        slots[index].object = nil
        slots[index].generation = max(1, (slots[index].generation &+ 1) & Self.generationMask)
        free.append(index)
    }

    mutating func update(_ handle: UInt64, _ body: (inout Object) throws(FXAPIError) -> Void) throws(FXAPIError) {
        let index = try index(handle)
        var object = slots[index].object!
        slots[index].object = nil
        defer { slots[index].object = object }
        try body(&object)
    }
}

/// A host-function failure: the status the plugin gets and the message it can read.
struct FXAPIError: Error {
    enum Code: Int32 {
        case badHandle = 1, badKeyPath, badType, badValue, badArgument, notFound, limit, notNow, failed
    }
    let code: Code
    let message: String
    init(_ code: Code, _ message: String) { self.code = code; self.message = message }
}
