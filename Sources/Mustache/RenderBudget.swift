/// How much work one render call may do before it stops with an error.
///
/// The depth limit alone does not bound a render: a partial that includes
/// the next one twice, forty levels deep, stays within the depth and still
/// asks for 2⁴⁰ inclusions, so a theme could hang a build for good. Every
/// step walked (a text run, a tag) is counted, and the output is measured,
/// each time a partial, parent or list element is entered; past either
/// limit the render ends with a ``TemplateError`` at that tag.
///
/// The limits are far above any real page: a 10,000-post archive that
/// renders 200 steps per post takes 2 million steps.
struct RenderBudget: Sendable, Equatable {
    /// The most steps one render may walk.
    var steps: Int
    /// The most bytes one render may write.
    var outputBytes: Int

    /// 20 million steps and 256 MiB.
    static let standard = RenderBudget(steps: 20_000_000, outputBytes: 256 << 20)
}
