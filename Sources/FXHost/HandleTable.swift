/// Objects the plugin refers to by opaque handle: a slot index and a
/// generation, packed in 64 bits (generation high, index + 1 low). Releasing
/// bumps the slot's generation, so an old handle to a reused slot is seen as
/// stale rather than reaching the new object; a made-up number is unknown.
struct HandleTable<Object> {
    private var slots: [(generation: UInt32, object: Object?)] = []
    private var free: [Int] = []
    let noun: String
    /// How many live objects the table may hold.
    let limit: Int

    init(noun: String, limit: Int) { self.noun = noun; self.limit = limit }

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
        return UInt64(slots[index].generation) << 32 | UInt64(index + 1)
    }

    func get(_ handle: UInt64) throws(FXAPIError) -> Object {
        guard handle != 0 else { throw FXAPIError(.badHandle, "\(noun) handle is 0 (no \(noun))") }
        let index = Int(handle & 0xFFFF_FFFF) - 1
        let generation = UInt32(handle >> 32)
        guard index >= 0, index < slots.count else {
            throw FXAPIError(.badHandle, "\(noun) handle \(handle) was never issued (a forged or corrupted handle)")
        }
        guard slots[index].generation == generation, let object = slots[index].object else {
            throw FXAPIError(.badHandle, "\(noun) handle \(handle) is stale: that \(noun) was released")
        }
        return object
    }

    mutating func remove(_ handle: UInt64) throws(FXAPIError) {
        _ = try get(handle)
        let index = Int(handle & 0xFFFF_FFFF) - 1
        slots[index].object = nil
        slots[index].generation &+= 1
        free.append(index)
    }

    mutating func update(_ handle: UInt64, _ body: (inout Object) throws(FXAPIError) -> Void) throws(FXAPIError) {
        _ = try get(handle)
        let index = Int(handle & 0xFFFF_FFFF) - 1
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
