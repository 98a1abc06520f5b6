import Testing

@testable import RefreshFramesCore

struct JSONParserTests {
    @Test(arguments: [
        ("{\"a\": 1,}", "1:9", "unexpected '}'; expected a quoted key"),
        ("{\"a\": tru}", "1:7", "unexpected 't'; expected a value"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "3:3", "unexpected '\"'; expected ',' or '}'"),
        ("{\"a\": 01}", "1:8", "invalid number; leading zeros are not allowed"),
        ("{\"a\": \"x", "1:9", "unterminated string"),
        ("{\"a\": 1, \"a\": 2}", "1:10", "duplicate key 'a' (first at 1:2)"),
        ("", "1:1", "the file is empty; expected a JSON object"),
        ("{} x", "1:4", "unexpected 'x' after the end of the JSON value"),
        ("{\"a\": \"\\q\"}", "1:9", "invalid escape '\\q' in a string"),
        ("{\"a\": 1e999}", "1:7", "number 1e999 is out of range"),
        ("{\"我\": x}", "1:7", "unexpected 'x'; expected a value"),
    ])
    func syntaxErrorsAreLocated(json: String, location: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(json.utf8)) }
        do {
            _ = try JSONParser.parse(Array(json.utf8))
        } catch {
            #expect(error.location.description == location)
            #expect(error.message == message)
        }
    }

    @Test func byteOrderMarkIsRejected() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("{}".utf8)
        #expect(
            throws: JSONSyntaxError(
                location: SourceLocation(line: 1, column: 1),
                message: "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without BOM")
        ) {
            try JSONParser.parse(bytes)
        }
    }

    @Test func invalidUTF8IsRejectedWithItsPosition() {
        let bytes: [UInt8] = Array("{\n \"a\": \"".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(
            throws: JSONSyntaxError(
                location: SourceLocation(line: 2, column: 8), message: "the file is not valid UTF-8 (byte 0xFF)")
        ) {
            try JSONParser.parse(bytes)
        }
    }

    @Test func deepNestingStopsAtTheLimit() {
        let json = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(json.utf8)) }
    }

    @Test func parsesUnicodeEscapesAndSurrogates() throws {
        let node = try JSONParser.parse(Array(#"{"t": "\u6211\ud83e\udd17"}"#.utf8))
        guard case .object(let members) = node.value, case .string(let s) = members[0].value.value else {
            Issue.record("not an object with a string")
            return
        }
        #expect(s == "我🤗")
    }

    @Test func locatesPaths() throws {
        let node = try JSONParser.parse(Array("{\n \"views\": [\n  {\"tag\": 1},\n  {\"tag\": 2}\n ]\n}".utf8))
        #expect(node.locate("views[1].tag") == SourceLocation(line: 4, column: 11))
    }
}
