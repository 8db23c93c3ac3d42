/// The names `plugins:` of `sitegen.yml` may list: the configuration checks them before any
/// plugin exists, and ``Plugin/builtIn`` makes one plugin of each, in this order.
enum BuiltInPluginName: String, CaseIterable, Sendable {
    case headingAnchors
    case externalLinks
    case lazyImages
    case readingTime
}
