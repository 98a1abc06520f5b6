import Testing

@testable import RefreshFramesCore

private func hostSpec(_ host: String) -> String {
    minimalSpec(extra: "\"host\": \(host),\n")
}

struct HostDecodingTests {
    @Test(arguments: ["color-dots", "marquee", "classic-spinner", "rotate-scale"])
    func everySampleHasAHost(name: String) throws {
        let spec = try Spec.decode(try sampleBytes(name))
        let host = try #require(spec.host)
        #expect(host.viewport == ViewportSize(width: 375, height: 667))
    }

    @Test func theSamplesTablesAreTheTutorials() throws {
        let news = try #require(try Spec.decode(try sampleBytes("marquee")).host)
        #expect(news.table.cell.style == .subtitle)
        #expect(
            news.table.content
                == .generated(
                    RowGenerator(count: 5, title: "新闻标题{random:1000}", detail: "{now:yyyy-MM-dd HH:mm:ss}", seed: 1)))
        let dark = try #require(try Spec.decode(try sampleBytes("classic-spinner")).host)
        #expect(dark.table.rowHeight == .automatic)
        #expect(dark.table.backgroundColor == RGBA(red: 0.092, green: 0.096, blue: 0.116))
        #expect(dark.updates.count == 1)
        let love = try #require(try Spec.decode(try sampleBytes("rotate-scale")).host)
        #expect(
            love.updates[0].change
                == .insert(section: 0, row: 3, rows: [RowSpec(text: "其实我也喜欢你")], animation: .middle, duration: 0.3))
        #expect(love.updates[0].at == .endRefreshing)
    }

    /// A named device's portrait screen, from PaintCode's table of iPhone resolutions (Device.swift).
    @Test(arguments: [
        ("iPhone 8", ViewportSize(width: 375, height: 667)), ("iPhone 7", ViewportSize(width: 375, height: 667)),
        ("iPhone SE", ViewportSize(width: 320, height: 568)), ("iPhone X", ViewportSize(width: 375, height: 812)),
        ("iPhone XS Max", ViewportSize(width: 414, height: 896)),
        // The later iPhones, from Geoff Hackworth's iPhone 12 and 14 articles (Device.swift).
        ("iPhone 13 mini", ViewportSize(width: 375, height: 812)), ("iPhone 14", ViewportSize(width: 390, height: 844)),
        ("iPhone 14 Plus", ViewportSize(width: 428, height: 926)), ("iPhone 15", ViewportSize(width: 393, height: 852)),
        ("iPhone 15 Pro Max", ViewportSize(width: 430, height: 932)),
    ])
    func aViewportCanNameADevice(name: String, size: ViewportSize) throws {
        let spec = try Spec.decode(Array(hostSpec(#"{"table": {"rows": ["a"]}, "viewport": "\#(name)"}"#).utf8))
        #expect(spec.host?.viewport == size)
    }

    @Test func withoutAHostTheSpecIsTheControlAlone() throws {
        #expect(try Spec.decode(Array(minimalSpec().utf8)).host == nil)
    }

    @Test(arguments: [
        (
            hostSpec(#"{"table": {"rows": ["a"], "rowHieght": 60}}"#), "host.table.rowHieght",
            "unknown key 'rowHieght'; did you mean 'rowHeight'?"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "viewprt": {}}"#), "host.viewprt",
            "unknown key 'viewprt'; did you mean 'viewport'?"
        ),
        (hostSpec(#"{"table": {}}"#), "host.table", "missing the table's rows: give 'rows', 'sections' or 'generated'"),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "viewport": "iPhone 16"}"#), "host.viewport",
            "unknown device 'iPhone 16'; expected one of iPhone 4s, iPhone SE, iPhone 8, iPhone 8 Plus, iPhone X, iPhone XR, iPhone XS Max, iPhone 12 mini, iPhone 12, iPhone 12 Pro Max, iPhone 14 Pro, iPhone 14 Pro Max (the table stops at the iPhone 15 Pro Max, see docs/scene.md), or {\"width\", \"height\"}"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"], "sections": []}}"#), "host.table.sections",
            "give one of 'rows', 'sections' or 'generated', not both 'rows' and 'sections'"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"], "rowHeight": "auto"}}"#), "host.table.rowHeight",
            "expected a number of points or \"automatic\", got 'auto'"
        ),
        (
            hostSpec(#"{"table": {"rows": [1]}}"#), "host.table.rows[0]",
            "expected a row: a string or {\"text\", \"detail\"}, got a number"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"], "cell": {"style": "subtitel"}}}"#), "host.table.cell.style",
            "'subtitel' is not one of default, subtitle; did you mean 'subtitle'?"
        ),
        (
            hostSpec(#"{"table": {"generated": {"count": 5, "title": "{random:x}"}}}"#), "host.table.generated.title",
            "'{random:N}' needs a whole number N from 1 to 1000000000"
        ),
        (
            hostSpec(#"{"table": {"generated": {"count": 1001, "title": "t"}}}"#), "host.table.generated.count",
            "expected an integer from 0 to 1000, got 1001"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "updates": [{"at": "endRefresh", "append": {"rows": ["b"]}}]}"#),
            "host.updates[0].at",
            "expected seconds, \"endRefreshing\" or \"refreshBegan\", got 'endRefresh'; did you mean 'endRefreshing'?"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "updates": [{"at": 1, "insert": {"row": 2, "rows": ["b"]}}]}"#),
            "host.updates[0]", "insert: row 2 is past the end of section 0, which has 1 rows"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "updates": [{"at": 1, "append": {"section": 1, "rows": ["b"]}}]}"#),
            "host.updates[0]", "append: no section 1; the table has 1"
        ),
        (
            hostSpec(
                #"{"table": {"rows": ["a"]}, "updates": [{"at": 1, "insert": {"row": 0, "rows": ["b"], "animation": "slide"}}]}"#
            ), "host.updates[0].insert.animation", "'slide' is not one of fade, top, bottom, middle, automatic, none"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "updates": [{"at": 1}]}"#), "host.updates[0]",
            "missing the change: give 'insert', 'append' or 'reload'"
        ),
        (
            hostSpec(#"{"table": {"rows": ["a"]}, "updates": [{"at": 1, "insrt": {}}]}"#), "host.updates[0].insrt",
            "unknown key 'insrt'; did you mean 'insert'?"
        ),
        (
            hostSpec(
                #"{"table": {"rows": ["a"]}, "updates": [{"at": 1, "reload": {"rows": ["b"]}, "append": {"rows": ["c"]}}]}"#
            ), "host.updates[0].reload", "an update does one thing: give one of 'insert', 'append' or 'reload'"
        ),
        (
            hostSpec(#"{"viewport": {"width": 5000, "height": 667}, "table": {"rows": ["a"]}}"#), "host.viewport.width",
            "5000 is over the limit canvasPoints = 4096"
        ),
    ])
    func hostDiagnosticsNameThePath(json: String, path: String, message: String) {
        let error = decodeError(json)
        #expect(error?.path == path)
        #expect(error?.message == message)
        #expect(error?.location != nil)
    }

    @Test func theTableIsLimitedToAThousandRows() {
        let rows = "[" + Array(repeating: "\"x\"", count: 600).joined(separator: ", ") + "]"
        let json = hostSpec(#"{"table": {"sections": [{"rows": \#(rows)}, {"rows": \#(rows)}]}}"#)
        #expect(decodeError(json)?.message == "1200 rows is over the limit tableRows = 1000")
        #expect(decodeError(json)?.path == "host.table.sections[1]")
        let grows = hostSpec(#"{"table": {"rows": \#(rows)}, "updates": [{"at": 1, "append": {"rows": \#(rows)}}]}"#)
        #expect(decodeError(grows)?.message == "the table grows to 1200 rows, over the limit tableRows = 1000")
    }
}
