import Synchronization

/// A value a process's last build made from its inputs (the preview's
/// rebuilds), kept while the next build's inputs equal them: an edit of a
/// post's text leaves the URLs (`RoutingInputs`) and the site model's order
/// and groups (`SiteModel.Inputs`) as they were. The inputs are all the
/// value is made from, so the comparison is their synthesized `==`, with no
/// second list to keep in step.
final class LastBuildMemory<Inputs: Equatable & Sendable, Value: Sendable>: Sendable {
    private let known = Mutex<(inputs: Inputs, value: Value)?>(nil)

    /// The value of `inputs`: the last build's when its inputs were the
    /// same, else `make`'s; remembered when `keeps` it.
    func value(of inputs: Inputs, keeps: (Value) -> Bool = { _ in true }, make: (Inputs) -> Value) -> Value {
        let value = known.withLock { $0?.inputs == inputs ? $0?.value : nil } ?? make(inputs)
        known.withLock { $0 = keeps(value) ? (inputs, value) : nil }
        return value
    }
}
