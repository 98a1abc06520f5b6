import RefreshFramesCommandLine
import RefreshFramesSwiftCode
import Testing

/// The Swift 2 migration: what it rewrites, that the result parses cleanly, that every offset maps back.
@Suite struct MigrationTests {
    static let swift2 = """
        func f(var count: Int, inout total: Int, let step: Int) {
            for (var i = 0; i < count; i++) { total += i }
            ++count
            labels[count]--
            let copy = count++ + 1
            if let a = b, c = d where c > 0 { }
            let block: ((cell: AnyObject, item: AnyObject) -> ())? = nil
            let closure = { (cell: AnyObject, item: AnyObject) -> () in }
        }
        """

    @Test func swift2SpellingsAreRewrittenAsTodaysSwiftSaysTheSame() {
        let migration = Migration.migrate(SourceFile(name: "Old.swift", text: Self.swift2))
        #expect(
            migration.migrated.text == """
                func f( count: Int,  total: inout Int,  step: Int) { var count = count;
                    do { var i = 0; while  i < count { defer { i += 1 }; total += i } }
                    count += 1
                    labels[count] -= 1
                    let copy = count++ + 1
                    if let a = b, let c = d , c > 0 { }
                    let block: ((_ cell: AnyObject, _ item: AnyObject) -> ())? = nil
                    let closure = { (cell: AnyObject, item: AnyObject) -> () in }
                }
                """)
        #expect(
            migration.rewrites.map(\.description) == [
                "Old.swift:1:8: note: 'var' before parameter 'count' (removed in Swift 3)",
                "Old.swift:1:24: note: 'inout' before parameter 'total' (removed in Swift 3)",
                "Old.swift:1:42: note: 'let' before parameter 'step' (removed in Swift 3)",
                "Old.swift:2:5: note: C-style for loop read as a while loop (removed in Swift 3)",
                "Old.swift:2:33: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "Old.swift:3:5: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "Old.swift:4:18: note: '--' statement read as '-= 1' (removed in Swift 3)",
                "Old.swift:6:19: note: 'let' added before 'c' in a condition (required since Swift 3)",
                "Old.swift:6:25: note: 'where' in a condition read as ',' (changed in Swift 3)",
                "Old.swift:7:18: note: argument label 'cell' in a function type read as a parameter name",
                "Old.swift:7:35: note: argument label 'item' in a function type read as a parameter name",
            ])
    }

    @Test func theRewrittenTextParsesWithoutADiagnostic() throws {
        let migration = Migration.migrate(SourceFile(name: "Old.swift", text: Self.swift2))
        let output = try SwiftParser.parse(source: migration.migrated.bytes, file: "Old.swift")
        #expect(output.diagnostics == "")
        // Unmigrated, swiftc drops the statements after the C-style loop and reports errors.
        let raw = try SwiftParser.parse(source: Array(Self.swift2.utf8), file: "Old.swift")
        #expect(raw.diagnostics.contains("<file>:2:5: error: C-style for statement was removed in Swift 3"))
    }

    @Test func everyMigratedOffsetMapsToTheOriginalLineAndColumn() {
        let source = "let 标题 = 1\nfor var i=0; i<n; ++i {\n    body(i)\n}\nafter()\n"
        let migration = Migration.migrate(SourceFile(name: "Map.swift", text: source))
        let text = migration.migrated.text
        func at(_ needle: String) -> String {
            let offset = text.utf8.count - text[text.range(of: needle)!.lowerBound...].utf8.count
            return migration.location(ofMigratedByte: offset).description
        }
        #expect(text == "let 标题 = 1\ndo { var i=0; while  i<n { defer { i += 1 };\n    body(i)\n} }\nafter()\n")
        #expect(at("body") == "Map.swift:3:5")
        #expect(at("after") == "Map.swift:5:1")
        #expect(at("i<n") == "Map.swift:2:14")
        // Inserted text maps to the construct it came from: the `for`, the `++`.
        #expect(at("while") == "Map.swift:2:1")
        #expect(at("+= 1") == "Map.swift:2:19")
        #expect(at("= 1\n") == "Map.swift:1:8")
    }

    @Test func noBreakAndIdeographicSpacesFromWebPagesAreReadAsSpacesOutsideStrings() {
        let source = "let\u{A0}a = \"x\u{A0}y\"\u{3000}// note\n"
        let migration = Migration.migrate(SourceFile(name: "Web.swift", text: source))
        #expect(migration.migrated.text == "let a = \"x\u{A0}y\" // note\n")
        #expect(
            migration.rewrites.map(\.description) == [
                "Web.swift:1:4: note: 2 no-break or ideographic spaces read as spaces"
            ])
    }

    @Test(arguments: tutorials)
    func eachTutorialMigratesToCodeSwiftcParsesWithoutADiagnostic(name: String) throws {
        let source = try fixture("Tutorials/\(name).swift.txt")
        let migration = Migration.migrate(SourceFile(name: "\(name).swift", text: source))
        let output = try SwiftParser.parse(source: migration.migrated.bytes, file: "\(name).swift")
        #expect(output.diagnostics == "")
        let expected: [String: [String]] = [
            "rotate-scale": [
                "rotate-scale.swift:41:5: note: C-style for loop read as a while loop (removed in Swift 3)",
                "rotate-scale.swift:41:49: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "rotate-scale.swift:70:13: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "rotate-scale.swift:92:5: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "rotate-scale.swift:127:13: note: C-style for loop read as a while loop (removed in Swift 3)",
                "rotate-scale.swift:127:54: note: '++' statement read as '+= 1' (removed in Swift 3)",
            ],
            "marquee": [
                "marquee.swift:2:1: note: 1850 no-break or ideographic spaces read as spaces",
                "marquee.swift:53:9: note: C-style for loop read as a while loop (removed in Swift 3)",
                "marquee.swift:53:51: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "marquee.swift:119:25: note: '++' statement read as '+= 1' (removed in Swift 3)",
                "marquee.swift:187:9: note: '++' statement read as '+= 1' (removed in Swift 3)",
            ],
            "color-dots": [
                "color-dots.swift:27:31: note: argument label 'cell' in a function type read as a parameter name",
                "color-dots.swift:27:49: note: argument label 'item' in a function type read as a parameter name",
                "color-dots.swift:39:109: note: argument label 'cell' in a function type read as a parameter name",
                "color-dots.swift:39:127: note: argument label 'item' in a function type read as a parameter name",
            ],
            "classic-spinner": [
                "classic-spinner.swift:51:24: note: argument label 'tableView' in a function type read as a parameter name",
                "classic-spinner.swift:64:42: note: argument label 'tableView' in a function type read as a parameter name",
                "classic-spinner.swift:71:33: note: argument label 'cell' in a function type read as a parameter name",
                "classic-spinner.swift:71:50: note: argument label 'item' in a function type read as a parameter name",
                "classic-spinner.swift:77:21: note: argument label 'cell' in a function type read as a parameter name",
                "classic-spinner.swift:77:38: note: argument label 'item' in a function type read as a parameter name",
            ],
        ]
        #expect(migration.rewrites.map(\.description) == expected[name])
    }

    @Test(arguments: generatedViews)
    func todaysSwiftIsLeftAsItIs(name: String) throws {
        let source = try fixture("Tests/RefreshFramesSwiftGenTests/Generated/\(name).swift")
        let migration = Migration.migrate(SourceFile(name: "\(name).swift", text: source))
        #expect(migration.rewrites.isEmpty)
        #expect(migration.migrated.text == source)
    }
}
