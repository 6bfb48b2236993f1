/// The API's request, answer and live-message types live in ShiftyAPI (docs/api-shapes.md); every
/// user of the terminal client sees them through this module as before.
@_exported import ShiftyAPI
