import ChartSpec

/// A native JSON object under construction: members keep the order they were first set in, and nested objects
/// (`x.min`, `bars.orientation`) are created on first use, so translators can write fields in any order.
struct NativeObject {
    private var keys: [String] = []
    private var nodes: [String: Node] = [:]

    private indirect enum Node {
        case value(JSONValue)
        case object(NativeObject)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Sets the field at `path` (one key per level), replacing a value already there.
    mutating func set(_ path: ArraySlice<String>, _ value: JSONValue) {
        guard let key = path.first else { return }
        if nodes[key] == nil { keys.append(key) }
        if path.count == 1 {
            nodes[key] = .value(value)
            return
        }
        var child = NativeObject()
        if case .object(let existing) = nodes[key] { child = existing }
        nodes[key] = nil  // keep `child` uniquely referenced while it is changed
        child.set(path.dropFirst(), value)
        nodes[key] = .object(child)
    }

    /// The value at `path`, if set.
    func value(at path: ArraySlice<String>) -> JSONValue? {
        guard let key = path.first, let node = nodes[key] else { return nil }
        switch node {
        case .value(let value): return path.count == 1 ? value : nil
        case .object(let object): return path.count == 1 ? object.json : object.value(at: path.dropFirst())
        }
    }

    var json: JSONValue {
        .object(keys.compactMap { key in
            switch nodes[key] {
            case .value(let value): JSONMember(key: key, value: value)
            case .object(let object): JSONMember(key: key, value: object.json)
            case nil: nil
            }
        })
    }
}
