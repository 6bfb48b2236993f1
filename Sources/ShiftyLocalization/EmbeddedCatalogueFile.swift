/// One catalogue file as the `EmbedCatalogues` plugin found it under `web/i18n/<language>/<part>.json`.
///
/// The generated `embeddedCatalogueFiles` array holds one of these per file; `CatalogueLibrary`
/// parses them once at first use.
struct EmbeddedCatalogueFile: Sendable {
    var language: String
    var part: String
    var json: String
}
