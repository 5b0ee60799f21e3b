/// What makes validating a spec twice free: the decoder (and `ChartSpec.validated()`) stamps the spec it returns
/// with a copy of itself. The copy shares the spec's array and string storage, so it costs a reference, not the
/// data; a spec still equal to its stamp has not been changed since it was validated, and the comparison is fast
/// because unchanged arrays compare by identity first. Any change (a new title, one more point) makes the spec
/// differ from its stamp, and `validated()` checks it again.
///
/// The stamp is invisible to `==` and `hash(into:)`: a validated spec equals the same spec built by hand.
struct ValidationStamp: Hashable, Sendable {
    private final class Copy: Sendable {
        let spec: ChartSpec

        init(_ spec: ChartSpec) {
            self.spec = spec
        }
    }

    private let copy: Copy?

    /// No stamp: the spec has not been validated (`ChartSpec()` and every value built in Swift).
    init() {
        copy = nil
    }

    /// The stamp of `spec`, which was just validated.
    init(validated spec: ChartSpec) {
        var plain = spec
        plain.validation = ValidationStamp()
        copy = Copy(plain)
    }

    /// Whether `spec` is the spec this stamp was made for, unchanged.
    func matches(_ spec: ChartSpec) -> Bool {
        guard let copy else { return false }
        return copy.spec == spec
    }

    static func == (_: ValidationStamp, _: ValidationStamp) -> Bool { true }

    func hash(into _: inout Hasher) {}
}
