import Foundation
import Testing

@testable import ShiftyServer
@testable import ShiftyFeatures

/// The hand-written records that replaced `JSONEncoder` in the transition writer (issue 14) must be
/// JSON that any parser reads back to the same values, whatever a note contains.
@Suite struct JSONRecordWriterTests {
    @Test func recordsReadBackToTheSameValuesWhateverTheStringsContain() throws {
        let awkward = "quote \" backslash \\ newline \n tab \t bell \u{07} nul-free é 漢 🙂 </script>"
        var writer = JSONRecordWriter()
        writer.beginRecord()
        writer.field("ord", 0)
        writer.field("note", awkward)
        writer.field("missing", nil as String?)
        writer.field("actor_id", Int64(-42))
        writer.field("none", nil as Int64?)
        writer.field("flag", true)
        writer.field("user_ids", [Int64(3), 1, 2])
        writer.field("payload", json: #"{"a":[1,"b"]}"#)
        writer.endRecord()
        writer.beginRecord()
        writer.field("ord", 1)
        writer.field("user_ids", [Int64]())
        writer.endRecord()

        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.json.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        #expect(parsed[0]["note"] as? String == awkward)
        #expect(parsed[0]["missing"] is NSNull)
        #expect(parsed[0]["none"] is NSNull)
        #expect((parsed[0]["actor_id"] as? NSNumber)?.int64Value == -42)
        #expect(parsed[0]["flag"] as? Bool == true)
        #expect((parsed[0]["user_ids"] as? [NSNumber])?.map(\.int64Value) == [3, 1, 2])
        #expect(((parsed[0]["payload"] as? [String: Any])?["a"] as? [Any])?.count == 2)
        #expect((parsed[1]["ord"] as? NSNumber)?.intValue == 1)
        #expect((parsed[1]["user_ids"] as? [Any])?.isEmpty == true)
        #expect(JSONRecordWriter().json == "[]")
    }
}
