/// A response ready to be written: its head, its body and what happens to the
/// connection afterwards.
struct Response {
    /// Where the body bytes come from.
    enum Body {
        case none
        case bytes([UInt8])
        /// An open file streamed in chunks; the connection closes the descriptor.
        case file(descriptor: Int32, length: Int)
    }

    var head: [UInt8]
    var body: Body
    /// The connection closes once this response is written.
    var closesConnection: Bool
    /// The connection turns into a live-reload event stream.
    var startsEventStream = false
}
