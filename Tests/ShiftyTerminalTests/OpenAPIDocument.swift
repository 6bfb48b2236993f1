import Foundation
import ShiftyNotifications
import ShiftyTerminal
import ShiftyTestSupport

/// openapi.yaml as JSON objects (read through python3's yaml module, which the browser tests already
/// need; scripts/install-deps.sh installs python3-yaml), with `$ref` resolution and the two checks
/// APIShapesTests makes: the server's answer against the documented schema, and a client type's
/// stored properties against it.
struct OpenAPIDocument {
    let root: [String: Any]

    static func load() throws -> OpenAPIDocument {
        let file = TestServer.repositoryRoot.appendingPathComponent("openapi.yaml").path
        let child = try ChildProcess(
            ["python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout, default=str)", file],
            standardError: .inherit)
        let output = child.collect(timeout: 120)
        guard output.status == 0, let root = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] else {
            throw Failure("could not read openapi.yaml with python3 (install python3-yaml: scripts/install-deps.sh)")
        }
        return OpenAPIDocument(root: root)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Follows `{"$ref": "#/components/…"}` (repeatedly).
    func resolve(_ object: [String: Any]) -> [String: Any] {
        var current = object
        while let reference = current["$ref"] as? String, reference.hasPrefix("#/") {
            var node: Any? = self.root
            for part in reference.dropFirst(2).split(separator: "/") {
                node = (node as? [String: Any])?[String(part)]
            }
            guard let next = node as? [String: Any] else { return [:] }
            current = next
        }
        return current
    }

    /// The JSON schema of the 2xx answer of `method path` (path as written in openapi.yaml).
    func answerSchema(_ method: String, _ path: String) throws -> [String: Any] {
        guard let operation = ((self.root["paths"] as? [String: Any])?[path] as? [String: Any])?[method.lowercased()] as? [String: Any],
              let responses = operation["responses"] as? [String: Any]
        else { throw Failure("openapi.yaml has no \(method) \(path)") }
        for status in ["200", "201"] {
            guard let response = responses[status] as? [String: Any] else { continue }
            let resolved = self.resolve(response)
            if let schema = ((resolved["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any] {
                return self.resolve(schema)
            }
        }
        throw Failure("openapi.yaml documents no JSON answer for \(method) \(path)")
    }

    /// The JSON schema of the request body of `method path` (path as written in openapi.yaml).
    func requestSchema(_ method: String, _ path: String) throws -> [String: Any] {
        guard let operation = ((self.root["paths"] as? [String: Any])?[path] as? [String: Any])?[method.lowercased()] as? [String: Any]
        else { throw Failure("openapi.yaml has no \(method) \(path)") }
        let body = self.resolve(operation["requestBody"] as? [String: Any] ?? [:])
        guard let schema = ((body["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
        else { throw Failure("openapi.yaml documents no JSON request body for \(method) \(path)") }
        return self.resolve(schema)
    }

    /// Where the server's JSON `value` departs from `schema`: a key the schema does not have, or a
    /// required key missing; nested objects and arrays are checked too.
    func mismatches(of value: Any, against schema: [String: Any], at path: String) -> [String] {
        let schema = self.resolve(schema)
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            return array.prefix(5).enumerated().flatMap { self.mismatches(of: $1, against: items, at: "\(path)[\($0)]") }
        }
        guard let object = value as? [String: Any], let properties = schema["properties"] as? [String: Any] else { return [] }
        var issues: [String] = []
        for key in object.keys.sorted() {
            guard let property = properties[key] as? [String: Any] else {
                issues.append("\(path).\(key) is in the server's answer but not in openapi.yaml")
                continue
            }
            issues += self.mismatches(of: object[key] as Any, against: property, at: "\(path).\(key)")
        }
        for key in (schema["required"] as? [String] ?? []) where object[key] == nil {
            issues.append("\(path).\(key) is required by openapi.yaml but missing from the server's answer")
        }
        return issues
    }

    /// Where a client value's stored properties (its wire names) are not in `schema`.
    func clientMismatches(of value: Any, against schema: [String: Any], at path: String) -> [String] {
        let schema = self.resolve(schema)
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { self.clientMismatches(of: $0.value, against: schema, at: path) } ?? []
        case .collection:
            guard let items = schema["items"] as? [String: Any] else { return [] }
            return mirror.children.prefix(5).enumerated().flatMap { self.clientMismatches(of: $1.value, against: items, at: "\(path)[\($0)]") }
        case .struct:
            guard let properties = schema["properties"] as? [String: Any] else { return [] }
            return mirror.children.flatMap { child -> [String] in
                // A property wrapper's storage (`@ISO8601Date var startsAt` is `_startsAt`) has the wire name without the underscore.
                guard let label = child.label.map({ $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }) else { return [] }
                guard let property = properties[label] as? [String: Any] else {
                    return ["\(path).\(label) is read by the client (\(type(of: value))) but not in openapi.yaml"]
                }
                return self.clientMismatches(of: child.value, against: property, at: "\(path).\(label)")
            }
        default:
            return []
        }
    }

    /// Where a Swift value's lists of words and openapi.yaml's `enum:` lists disagree: every
    /// ``APIWord`` property must list exactly the words of its documented `enum` and hold one of
    /// them (not a word the client does not know), and a documented `enum` must not be read as a
    /// plain `String` (but for the fields in `strings`, whose lists are kept elsewhere). Nested
    /// objects, arrays and optionals are walked too; properties the schema does not have are left
    /// to ``clientMismatches(of:against:at:)``.
    func wordMismatches(of value: Any, against schema: [String: Any], at path: String, strings: Set<String> = []) -> [String] {
        let schema = self.resolve(schema)
        if let word = value as? any APIWord {
            guard let listed = schema["enum"] as? [String] else {
                return ["\(path) is a list of words in Swift (\(type(of: word))) but openapi.yaml lists none"]
            }
            var issues: [String] = []
            let words = word.wordsOfItsList
            if words.count != Set(words).count { issues.append("\(path): \(type(of: word)) lists a word twice") }
            if Set(words) != Set(listed) {
                issues.append("\(path): \(type(of: word)) lists \(words.sorted()), openapi.yaml \(listed.sorted())")
            }
            if !word.isKnown { issues.append("\(path): '\(word.rawValue)' is not one of the words \(type(of: word)) knows") }
            return issues
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { self.wordMismatches(of: $0.value, against: schema, at: path, strings: strings) } ?? []
        case .collection:
            guard let items = schema["items"] as? [String: Any] else { return [] }
            return mirror.children.prefix(5).enumerated().flatMap {
                self.wordMismatches(of: $1.value, against: items, at: "\(path)[\($0)]", strings: strings)
            }
        case .struct:
            guard let properties = schema["properties"] as? [String: Any] else { return [] }
            return mirror.children.flatMap { child -> [String] in
                guard let label = child.label.map({ $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }),
                      let property = properties[label] as? [String: Any]
                else { return [] }
                let documented = self.resolve(property)
                if child.value is String, documented["enum"] != nil, !strings.contains("\(path).\(label)") {
                    return ["\(path).\(label) has words in openapi.yaml but is a String in Swift"]
                }
                return self.wordMismatches(of: child.value, against: property, at: "\(path).\(label)", strings: strings)
            }
        default:
            return []
        }
    }
}

extension APIWord {
    /// The words of the value's list (its type's `allCases`), reachable from `any APIWord`.
    var wordsOfItsList: [String] { Self.allCases.map(\.rawValue) }
}
