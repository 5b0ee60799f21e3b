import ChartSpec

/// A native JSON object under construction: members keep the order they were first set in, and nested objects
/// (`x.min`, `bars.orientation`) are created on first use, so translators can write fields in any order.
struct NativeObject {
    /// Keys in the order first set, and their nodes at the same indices. A native object has at most a few dozen
    /// keys (the native schema's), so a key is found by a scan: cheaper than hashing it for every field set.
    private var keys: [String] = []
    private var nodes: [Node] = []

    private indirect enum Node {
        case value(JSONValue)
        case object(NativeObject)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Sets the field at `path` (one key per level), replacing a value already there.
    mutating func set(_ path: ArraySlice<String>, _ value: JSONValue) {
        guard let key = path.first else { return }
        guard let i = keys.firstIndex(of: key) else {
            keys.append(key)
            if path.count == 1 {
                nodes.append(.value(value))
            } else {
                var child = NativeObject()
                child.set(path.dropFirst(), value)
                nodes.append(.object(child))
            }
            return
        }
        if path.count == 1 {
            nodes[i] = .value(value)
            return
        }
        var child = NativeObject()
        if case .object(let existing) = nodes[i] { child = existing }
        nodes[i] = .value(.null)  // keep `child` uniquely referenced while it is changed
        child.set(path.dropFirst(), value)
        nodes[i] = .object(child)
    }

    /// The value at `path`, if set.
    func value(at path: ArraySlice<String>) -> JSONValue? {
        guard let key = path.first, let i = keys.firstIndex(of: key) else { return nil }
        switch nodes[i] {
        case .value(let value): return path.count == 1 ? value : nil
        case .object(let object): return path.count == 1 ? object.json : object.value(at: path.dropFirst())
        }
    }

    var json: JSONValue {
        .object(keys.indices.map { i in
            switch nodes[i] {
            case .value(let value): JSONMember(key: keys[i], value: value)
            case .object(let object): JSONMember(key: keys[i], value: object.json)
            }
        })
    }
}
