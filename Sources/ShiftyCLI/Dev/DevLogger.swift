import Logging

/// Developer commands log to stderr so stdout carries only their results (e.g. the listening address).
enum DevLogger {
    static func make(label: String, level: String) -> Logger {
        var logger = Logger(label: label, factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = Logger.Level(rawValue: level.lowercased()) ?? .info
        return logger
    }
}
