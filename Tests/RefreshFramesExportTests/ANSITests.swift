import Foundation
import RefreshFramesCore
import RefreshFramesTestSupport
import Testing

@testable import RefreshFramesExport

// MARK: - Fixtures

private let canvas = Canvas(width: 375, height: 60, scale: 2, background: .white)
private let red = RGBA(red: 1, green: 0, blue: 0)
private let blue = RGBA(red: 0, green: 0, blue: 1)

/// Six 20×20 labels 下 拉 刷 新 数 据 at x = 100, 130, … 250, y = 20, a 10×10 blue dot (tag 7)
/// and a spinner (tag 8) at (20, 20, 20, 20). On 80 columns a cell is 4.6875 × 9.375 points.
private func labelState(
    contentAlpha: Double = 1, change: (inout [ViewState]) -> Void = { _ in }
) -> FrameState {
    var views = Array("下拉刷新数据").enumerated().map { i, character in
        ViewState(
            tag: i + 1, text: String(character), frame: Rect(x: 100 + 30 * Double(i), y: 20, width: 20, height: 20),
            transform: .identity, alpha: 1, textColor: red, backgroundColor: .clear)
    }
    views[1].transform = Transform(scaleX: 1.5, scaleY: 1.5)  // 拉: bold
    views[2].transform = Transform(rotation: 45)  // 刷: underline
    views[3].transform = Transform(translationY: 20)  // 新: two rows down
    views[4].textColor = RGBA(red: 1, green: 0, blue: 0, alpha: 0.5)  // 数: half transparent
    views.append(
        ViewState(
            tag: 7, text: nil, frame: Rect(x: 300, y: 40, width: 10, height: 10), transform: .identity, alpha: 1,
            textColor: .black, backgroundColor: blue))
    views.append(
        ViewState(
            tag: 8, text: nil, frame: Rect(x: 20, y: 20, width: 20, height: 20), transform: .identity, alpha: 1,
            textColor: .black, backgroundColor: .clear, spinner: SpinnerState(visibleSpokes: 8, leadingSpoke: 3)))
    change(&views)
    return FrameState(
        time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: contentAlpha, pull: 60,
        views: views)
}

private let viewSpecs: [ViewSpec] =
    (1...6).map { ViewSpec(tag: $0) } + [
        ViewSpec(tag: 7, kind: .view, backgroundColor: blue),
        ViewSpec(tag: 8, kind: .spinner, tintColor: RGBA(white: 0.5)),
    ]

private func spaces(_ n: Int) -> String { String(repeating: " ", count: n) }

private let white = TerminalRGB.white
private let pureRed = TerminalRGB(red: 255, green: 0, blue: 0)
private let pureBlue = TerminalRGB(red: 0, green: 0, blue: 255)

// MARK: - Display width

@Test(
    arguments: [
        ("a", 1), ("我", 2), ("。", 2), ("🤗", 2), ("\u{301}", 0), ("e\u{301}", 1), ("ｱ", 1), ("Ａ", 2), ("한", 2),
        ("ひ", 2), ("\u{200D}", 0),
    ] as [(String, Int)])
func displayWidthOfCharacter(text: String, width: Int) {
    #expect(displayWidth(of: Character(text)) == width)
}

// MARK: - CellGrid

@Test func wideCharacterTakesTwoCellsAndOverwritingHalfBlanksTheOther() {
    var grid = CellGrid(width: 6, height: 1)
    #expect(grid.write("a下b", column: 0, row: 0, foreground: white, background: .black) == 4)
    #expect(grid[1, 0].character == "下")
    #expect(grid[2, 0].isContinuation)
    #expect(grid.plainText == "a下b")
    grid.put("x", column: 2, row: 0, foreground: white, background: .black)
    #expect(grid.plainText == "a xb")
    // A wide character that does not fit at the right edge becomes a space.
    grid.put("据", column: 5, row: 0, foreground: white, background: .black)
    #expect(grid[5, 0].character == " ")
}

// MARK: - Text renderer

@Test func textRendererPlacesLabelsDotAndSpinner() {
    let grid = ANSITextRenderer(columns: 80).render(labelState(), views: viewSpecs, canvas: canvas)
    #expect(grid.width == 80)
    #expect(grid.height == 7)
    let expected = [
        "", "", "",
        spaces(6) + "⣟" + spaces(15) + "下" + spaces(5) + "拉" + spaces(4) + "刷" + spaces(11) + "数" + spaces(4) + "据",
        spaces(64) + "██",
        spaces(42) + "新",
        "",
    ].joined(separator: "\n")
    #expect(grid.plainText == expected)
    // Each CJK character: its cell, then a continuation; at the columns the centres give.
    for (character, column, row) in [
        ("下", 22, 3), ("拉", 29, 3), ("刷", 35, 3), ("新", 42, 5), ("数", 48, 3), ("据", 54, 3),
    ] {
        #expect(grid[column, row].character == character)
        #expect(grid[column + 1, row].isContinuation)
        #expect(grid[column + 1, row].foreground == grid[column, row].foreground)
    }
    #expect(grid[22, 3].foreground == pureRed)
    #expect(grid[22, 3].background == white)
    #expect(grid[48, 3].foreground == TerminalRGB(red: 255, green: 128, blue: 128))
    #expect(grid[6, 3].foreground == TerminalRGB(white: 128))
    #expect(grid[64, 4].foreground == pureBlue)
    #expect(grid[64, 4].background == white)
    #expect(grid[0, 0] == Cell(character: " ", foreground: white, background: white))
}

@Test func textRendererShowsScaleAsBoldAndRotationAsUnderline() {
    let grid = ANSITextRenderer(columns: 80).render(labelState(), views: viewSpecs, canvas: canvas)
    #expect(grid[22, 3].bold == false && grid[22, 3].underline == false)  // 下: identity
    #expect(grid[29, 3].bold == true && grid[29, 3].underline == false)  // 拉: scale 1.5
    #expect(grid[35, 3].bold == false && grid[35, 3].underline == true)  // 刷: rotation 45°
    #expect(ANSITextRenderer.boldScaleThreshold == 1.25)
    #expect(ANSITextRenderer.underlineRotationThreshold == 10)
}

@Test(
    arguments: [
        (Transform(scaleX: 1.24, scaleY: 1.24), false, false), (Transform(scaleX: 1.25, scaleY: 1), true, false),
        (Transform(scaleX: 0.5, scaleY: -1.5), true, false), (Transform(rotation: 9.9), false, false),
        (Transform(rotation: -10), false, true), (Transform(rotation: 360), false, false),
        (Transform(rotation: 355), false, false), (Transform(rotation: 190, scaleX: 1.5), true, true),
    ] as [(Transform, Bool, Bool)])
func emphasisThresholds(transform: Transform, bold: Bool, underline: Bool) {
    let e = ANSITextRenderer.emphasis(of: transform)
    #expect(e.bold == bold)
    #expect(e.underline == underline)
}

@Test func transparentContentRendersOnlyTheCanvasBackground() {
    let grid = ANSITextRenderer(columns: 80).render(labelState(contentAlpha: 0), views: viewSpecs, canvas: canvas)
    #expect(grid.plainText == Array(repeating: "", count: 7).joined(separator: "\n"))
    #expect(grid.cells.allSatisfy { $0.background == white })
}

@Test(
    arguments: [
        // Revealed: glyph v − 1 of the 8 filling up for v of the 8 spokes (1 to 7).
        (SpinnerState(visibleSpokes: 0, leadingSpoke: 0), nil), (SpinnerState(visibleSpokes: 1, leadingSpoke: 0), "⠁"),
        (SpinnerState(visibleSpokes: 4, leadingSpoke: 0), "⡇"), (SpinnerState(visibleSpokes: 7, leadingSpoke: 0), "⣷"),
        // Turning: one glyph per leading spoke, the gap clockwise from the top left.
        (SpinnerState(visibleSpokes: 8, leadingSpoke: 0), "⣾"),
        (SpinnerState(visibleSpokes: 8, leadingSpoke: 2), "⣯"),
        (SpinnerState(visibleSpokes: 8, leadingSpoke: 7), "⣽"),
    ] as [(SpinnerState, Character?)])
func spinnerGlyphs(spinner: SpinnerState, glyph: Character?) {
    #expect(ANSITextRenderer.glyph(for: spinner) == glyph)
}

@Test func textGridSizeKeepsTwoToOneCells() {
    #expect(ANSITextRenderer(columns: 80).gridSize(for: canvas) == (80, 7))
    #expect(ANSITextRenderer(columns: 160).gridSize(for: canvas) == (160, 13))
    #expect(ANSITextRenderer(columns: 80).gridSize(for: Canvas(width: 375, height: 10)) == (80, 3))
}

// MARK: - Text renderer: the whole screen

/// A 375×200 viewport on 40 columns: cells 9.375 × 18.75 points, so the 56.25 pt control is three
/// grid rows and so is each 56.25 pt table row.
private func screenState(
    pull: Double = 56.25, rows: [RowState], change: (inout [ViewState]) -> Void = { _ in }
) -> FrameState {
    var state = labelState(change: change)
    state.scene = SceneState(
        viewport: ViewportSize(width: 375, height: 200), contentOffsetY: -pull, contentInsetTop: pull,
        controlFrame: Rect(x: 0, y: pull - 56.25, width: 375, height: 56.25), controlVisibleHeight: pull,
        headers: [], rows: rows)
    return state
}

private func tableRow(
    _ index: Int, _ text: String, detail: String? = nil, top: Double, height: Double = 56.25, alpha: Double = 1
) -> RowState {
    RowState(
        indexPath: IndexPath(section: 0, row: index), text: text, detail: detail,
        frame: Rect(x: 0, y: top, width: 375, height: height), alpha: alpha)
}

private func lines(_ grid: CellGrid) -> [String] {
    grid.plainText.split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0).replacingOccurrences(of: " ", with: "")
    }
}

@Test func textScreenShowsTheControlAboveItsRows() {
    let host = HostSpec(viewport: ViewportSize(width: 375, height: 200), table: TableSpec())
    let state = screenState(rows: [tableRow(0, "第一行", top: 56.25), tableRow(1, "second", top: 112.5, alpha: 0.5)])
    let grid = ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas, host: host)
    #expect(grid.width == 40 && grid.height == 11)
    let text = lines(grid)
    #expect(text[1].hasPrefix("⣟下拉刷") && text[2] == "新█")  // the control, as on its own canvas
    #expect(text[3] == "" && text[4] == "第一行" && text[5] == String(repeating: "─", count: 38))
    #expect(text[7] == "second" && text[8].hasPrefix("─"))
    // Columns: the 15 pt inset is column 2 (1.6 cells); the separator starts at the same inset.
    #expect(grid[2, 4].character == "第" && grid[1, 5].character == " " && grid[2, 5].character == "─")
    // The half-faded row: black text at alpha 0.5 over the white cell.
    #expect(grid[2, 7].foreground == TerminalRGB(red: 128, green: 128, blue: 128))
}

@Test func textScreenClipsTheControlToTheStripAboveTheContent() {
    let host = HostSpec(viewport: ViewportSize(width: 375, height: 200), table: TableSpec())
    // 新 moved 40 pt down lands on grid row 3, below the three rows of the strip: hidden.
    let state = screenState(rows: []) { views in views[3].transform = Transform(translationY: 40) }
    let text = lines(ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas, host: host))
    #expect(text[1].contains("下") && !text.joined().contains("新"))
    // Half pulled: the strip is one and a half rows; the labels (row 1 of the control) sit in it.
    let half = screenState(pull: 28.125, rows: [])
    let halfText = lines(ANSITextRenderer(columns: 40).render(half, views: viewSpecs, canvas: canvas, host: host))
    #expect(halfText[0].contains("下") && halfText[1] == "")
}

/// A separator inset past the screen's edge leaves the row without one.
@Test func textScreenSeparatorInsetBeyondTheWidth() {
    var table = TableSpec()
    table.separatorInset = 1000
    let host = HostSpec(viewport: ViewportSize(width: 375, height: 200), table: table)
    let state = screenState(rows: [tableRow(0, "第一行", top: 56.25)])
    let text = lines(ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas, host: host))
    #expect(text[4] == "第一行" && text[5] == "")
}

@Test func textScreenLeavesOutLinesThatDoNotFitTheRow() {
    var table = TableSpec()
    table.cell.style = .subtitle
    let host = HostSpec(viewport: ViewportSize(width: 375, height: 200), table: table)
    let state = screenState(rows: [
        tableRow(0, "title", detail: "detail", top: 56.25, height: 18.75),
        tableRow(1, "标题", detail: "副标题", top: 75, height: 75),
    ])
    let text = lines(ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas, host: host))
    // One grid row: the title alone, no detail, no separator. Four: the pair centred, the separator.
    #expect(Array(text[3...8]) == ["title", "", "标题", "副标题", String(repeating: "─", count: 38), ""])
}

/// A row's text that runs past the grid's edge loses its end, and the grid says what it lost (as
/// for labels); rows off the grid lose nothing that could be said.
@Test func textScreenSaysWhatARowLosesAtTheEdge() {
    let host = HostSpec(viewport: ViewportSize(width: 375, height: 200), table: TableSpec())
    let state = screenState(rows: [
        tableRow(0, "一二三四五六七八九十一二三四五六七八九十", top: 56.25), tableRow(1, "十九八七", top: 400),
    ])
    let grid = ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas, host: host)
    // 15 pt inset: column 2, and 19 wide characters fill columns 2…39; the twentieth is cut.
    #expect(lines(grid)[4] == "一二三四五六七八九十一二三四五六七八九")
    #expect(grid.cut == "十")
    let fits = screenState(rows: [tableRow(0, "第一行", top: 56.25)])
    #expect(ANSITextRenderer(columns: 40).render(fits, views: viewSpecs, canvas: canvas, host: host).cut == "")
}

// MARK: - Pixel renderer

private func bitmap(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Bitmap {
    var pixels: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            pixels += [c.0, c.1, c.2, c.3]
        }
    }
    return Bitmap(width: width, height: height, pixels: pixels)
}

@Test func pixelRendererDrawsUpperPixelAsForegroundAndLowerAsBackground() {
    let image = bitmap(width: 40, height: 4) { _, y in y < 2 ? (255, 0, 0, 255) : (0, 0, 255, 255) }
    let grid = ANSIPixelRenderer(columns: 20).render(image)
    #expect(grid.width == 20)
    #expect(grid.height == 1)
    #expect(grid.cells.allSatisfy { $0 == Cell(character: "▀", foreground: pureRed, background: pureBlue) })
}

@Test func pixelRendererBoxFiltersAndCompositesTransparency() {
    // Left half black, right half white, averaged into one cell: 127.5 rounds to 128.
    let image = bitmap(width: 4, height: 4) { x, _ in x < 2 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
    let grid = ANSIPixelRenderer(columns: 1).render(image)
    #expect(grid.width == 1 && grid.height == 1)
    #expect(grid[0, 0].foreground == TerminalRGB(white: 128))
    let clear = bitmap(width: 4, height: 2) { _, _ in (255, 0, 0, 0) }
    let green = TerminalRGB(red: 0, green: 255, blue: 0)
    #expect(
        ANSIPixelRenderer(columns: 4, background: green).render(clear).cells.allSatisfy {
            $0.foreground == green && $0.background == green
        })
}

@Test func pixelRendererKeepsTheAspect() {
    #expect(ANSIPixelRenderer(columns: 80).gridSize(imageWidth: 750, imageHeight: 120) == (80, 6))
    #expect(ANSIPixelRenderer(columns: 160).gridSize(imageWidth: 750, imageHeight: 120) == (160, 13))
    #expect(ANSIPixelRenderer(columns: 80).gridSize(imageWidth: 750, imageHeight: 1) == (80, 1))
    let grid = ANSIPixelRenderer(columns: 80).render(Bitmap(width: 750, height: 120, fill: .white))
    #expect(grid.width == 80 && grid.height == 6)
    #expect(grid.cells.allSatisfy { $0.foreground == white && $0.background == white })
}

// MARK: - Encoder and replayer

private func replay(_ chunks: [[UInt8]], width: Int, height: Int) throws -> CellGrid {
    var replayer = ANSIReplayer(width: width, height: height)
    for chunk in chunks { try replayer.apply(chunk) }
    return replayer.grid
}

@Test(arguments: ColorMode.allCases)
func diffEncodingReproducesEveryFrame(mode: ColorMode) throws {
    let renderer = ANSITextRenderer(columns: 80)
    let frame1 = renderer.render(labelState(), views: viewSpecs, canvas: canvas)
    let frame2 = renderer.render(
        labelState { views in
            views[2].transform = Transform(scaleX: 1.5, scaleY: 1.5)  // 刷 bold, no longer underlined
            views[2].textColor = blue
            views[5].transform = Transform(translationX: -5)  // 据 moves one column left
        }, views: viewSpecs, canvas: canvas)
    #expect(frame1 != frame2)
    var encoder = ANSIEncoder(colorMode: mode)
    let bytes1 = encoder.encode(frame: frame1)
    let bytes2 = encoder.encode(frame: frame2)
    #expect(bytes1.starts(with: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)))
    #expect(bytes2.count * 10 < bytes1.count, "diff \(bytes2.count) bytes, full \(bytes1.count)")
    #expect(Array(bytes2.suffix(4)) == Array("\u{1B}[0m".utf8))
    #expect(encoder.bytesWritten == bytes1.count + bytes2.count)
    #expect(try replay([bytes1], width: 80, height: 7) == mode.quantized(frame1))
    #expect(try replay([bytes1, bytes2], width: 80, height: 7) == mode.quantized(frame2))
    #expect(encoder.encode(frame: frame2).isEmpty)
}

@Test(arguments: ColorMode.allCases)
func diffEncodingOfPixelFrames(mode: ColorMode) throws {
    let renderer = ANSIPixelRenderer(columns: 40)
    var encoder = ANSIEncoder(colorMode: mode)
    var chunks: [[UInt8]] = []
    for step in 0..<4 {
        let image = bitmap(width: 200, height: 40) { x, y in
            (UInt8((x * 5 + step * 40) % 256), UInt8(y * 6), x / 10 == step ? 255 : 30, UInt8(255 - step * 50))
        }
        let grid = renderer.render(image)
        chunks.append(encoder.encode(frame: grid))
        #expect(try replay(chunks, width: grid.width, height: grid.height) == mode.quantized(grid))
    }
}

/// Random grids of narrow and wide characters moving about: the diff must always replay exactly.
@Test(arguments: [ColorMode.truecolor, .palette16])
func diffEncodingSurvivesRandomWideCharacterChurn(mode: ColorMode) throws {
    var seed: UInt64 = 0x1234_5678
    func next(_ n: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(n))
    }
    let characters: [Character] = ["a", "b", " ", "下", "拉", "🤗", "█", "é"]
    let colors = [pureRed, pureBlue, white, TerminalRGB.black, TerminalRGB(red: 10, green: 200, blue: 30)]
    var grid = CellGrid(width: 13, height: 4)
    var encoder = ANSIEncoder(colorMode: mode)
    var replayer = ANSIReplayer(width: 13, height: 4)
    for _ in 0..<200 {
        for _ in 0..<next(6) {
            grid.put(
                characters[next(characters.count)], column: next(13), row: next(4),
                foreground: colors[next(colors.count)], background: colors[next(colors.count)],
                bold: next(2) == 0, underline: next(3) == 0)
        }
        try replayer.apply(encoder.encode(frame: grid))
        #expect(replayer.grid == mode.quantized(grid))
    }
}

/// The SGR parameter lists in a stream.
private func sgrParameters(_ bytes: [UInt8]) -> [[Int]] {
    let text = String(decoding: bytes, as: UTF8.self)
    var result: [[Int]] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
        rest = rest[start.upperBound...]
        let body = rest.prefix { $0.isNumber || $0 == ";" }
        let after = rest.dropFirst(body.count)
        if after.first == "m" { result.append(body.split(separator: ";").map { Int($0)! }) }
    }
    return result
}

@Test func noColorModeEmitsNoColorCodes() throws {
    let renderer = ANSITextRenderer(columns: 80)
    var encoder = ANSIEncoder(colorMode: .detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]))
    #expect(encoder.colorMode == .none)
    var bytes = encoder.encode(frame: renderer.render(labelState(), views: viewSpecs, canvas: canvas))
    bytes += encoder.encode(
        frame: renderer.render(labelState { $0[0].textColor = blue }, views: viewSpecs, canvas: canvas))
    let parameters = sgrParameters(bytes).flatMap { $0 }
    #expect(!parameters.isEmpty)
    #expect(parameters.allSatisfy { [0, 1, 4, 22, 24].contains($0) }, "\(Set(parameters).sorted())")
}

@Test func truecolorAndPaletteCodes() {
    var grid = CellGrid(width: 1, height: 1)
    grid.put("x", column: 0, row: 0, foreground: TerminalRGB(red: 250, green: 1, blue: 2), background: pureBlue)
    func params(_ mode: ColorMode) -> [[Int]] {
        var encoder = ANSIEncoder(colorMode: mode)
        return sgrParameters(encoder.encode(frame: grid))
    }
    #expect(params(.truecolor) == [[0], [38, 2, 250, 1, 2, 48, 2, 0, 0, 255], [0]])
    #expect(params(.palette256) == [[0], [38, 5, 196, 48, 5, 21], [0]])
    #expect(params(.palette16) == [[0], [91, 44], [0]])
}

@Test(
    arguments: [
        (TerminalRGB(red: 128, green: 128, blue: 128), 244), (TerminalRGB(white: 0), 16),
        (TerminalRGB(white: 255), 231),
        (TerminalRGB(red: 95, green: 135, blue: 175), 67), (TerminalRGB(white: 8), 232), (TerminalRGB(white: 100), 241),
    ] as [(TerminalRGB, Int)])
func nearest256Color(color: TerminalRGB, index: Int) {
    #expect(Int(nearest256(color)) == index)
    // The arithmetic search agrees with a brute-force one over 16…255.
    let brute = (16..<256).min { a, b in
        func d(_ i: Int) -> Int {
            let p = xtermPalette[i]
            let dr = Int(p.red) - Int(color.red)
            let dg = Int(p.green) - Int(color.green)
            let db = Int(p.blue) - Int(color.blue)
            return dr * dr + dg * dg + db * db
        }
        return d(a) < d(b)
    }!
    #expect(xtermPalette[brute] == xtermPalette[index])
}

@Test func replayerRejectsSequencesOutsideTheSubset() {
    var replayer = ANSIReplayer(width: 4, height: 2)
    #expect(throws: ANSIError.unsupportedSequence("ESC[?25l", offset: 1)) {
        try replayer.apply(Array("x\u{1B}[?25l".utf8))
    }
    #expect(
        ANSIError.unsupportedSequence("ESC[?25l", offset: 1).description
            == "unsupported escape sequence 'ESC[?25l' at byte 1")
}

@Test func replayerWrapsAndPositions() throws {
    var replayer = ANSIReplayer(width: 4, height: 2)
    try replayer.apply(Array("abcde\u{1B}[1;2H下\u{1B}[2;4H\u{1B}[1K".utf8))
    #expect(replayer.grid.plainText == "a下d\n")
}

// MARK: - Colour mode detection

@Test(
    arguments: [
        ([:], ColorMode.palette16), (["TERM": "xterm"], .palette16), (["TERM": "xterm-256color"], .palette256),
        (["TERM": "screen-256color", "COLORTERM": "truecolor"], .truecolor), (["COLORTERM": "24bit"], .truecolor),
        (["COLORTERM": "yes", "TERM": "xterm-256color"], .palette256),
        (["NO_COLOR": "", "COLORTERM": "truecolor"], .none),
        (["NO_COLOR": "1", "TERM": "xterm-256color"], .none),
    ] as [([String: String], ColorMode)])
func detectColorMode(environment: [String: String], mode: ColorMode) {
    #expect(ColorMode.detect(environment: environment) == mode)
}

// MARK: - asciinema cast

@Test func castLinesParseBackAsJSON() throws {
    let renderer = ANSITextRenderer(columns: 80)
    var encoder = ANSIEncoder(colorMode: .truecolor)
    var cast = CastWriter(width: 80, height: 7, timestamp: 1_700_000_000)
    var all: [UInt8] = []
    var written = [cast.header]
    let times = [0, 1.0 / 30, 2.0 / 30, 0.1 + 1e-7]
    for (i, time) in times.enumerated() {
        let state = labelState { $0[0].transform = Transform(translationX: Double(i) * 10) }
        let bytes = encoder.encode(frame: renderer.render(state, views: viewSpecs, canvas: canvas))
        all += bytes
        written.append(try cast.event(time: time, bytes: bytes))
    }
    let text = written.joined(separator: "\n") + "\n"
    #expect(text.hasSuffix("]\n"))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 1 + times.count)
    #expect(
        lines[0]
            == #"{"version": 2, "width": 80, "height": 7, "timestamp": 1700000000, "env": {"TERM": "xterm-256color"}}"#)
    let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(header["version"] as? Int == 2)
    #expect(header["width"] as? Int == 80)
    #expect(header["height"] as? Int == 7)
    #expect(header["timestamp"] as? Int == 1_700_000_000)
    #expect(header["env"] as? [String: String] == ["TERM": "xterm-256color"])
    var data = ""
    var previous = -1.0
    for line in lines.dropFirst() {
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
        #expect(event.count == 3)
        let time = try #require(event[0] as? Double)
        #expect(time > previous)
        previous = time
        #expect(event[1] as? String == "o")
        data += try #require(event[2] as? String)
    }
    #expect(data == String(decoding: all, as: UTF8.self))
    #expect(lines[1].hasPrefix(#"[0.0, "o", "\u001b[0m\u001b[H\u001b[2J"#))
    #expect(lines[2].hasPrefix(#"[0.033333, "o", ""#))
    #expect(lines[4].hasPrefix(#"[0.1, "o", ""#))
    #expect(lines[1].contains("下"))
}

@Test func castRejectsTimesThatDoNotIncrease() throws {
    var cast = CastWriter(width: 1, height: 1, timestamp: 0)
    _ = try cast.event(time: 0.5, bytes: [])
    #expect(throws: ANSIError.castTimeNotIncreasing(time: 0.5, previous: 0.5)) {
        try cast.event(time: 0.5000001, bytes: [])
    }
    #expect(throws: ANSIError.castTimeInvalid(-1)) { try cast.event(time: -1, bytes: []) }
}

@Test func jsonStringEscaping() {
    #expect(jsonQuoted("a\"b\\c\n\u{1B}[0m下🤗") == #""a\"b\\c\n\u001b[0m下🤗""#)
}

@Test func textRendererLeavesOutHiddenViews() {
    var specs = viewSpecs
    specs[0].isHidden = true  // 下
    specs[6].isHidden = true  // the blue view
    let state = labelState { views in
        for i in views.indices where specs.contains(where: { $0.tag == views[i].tag && $0.isHidden }) {
            views[i].isHidden = true
        }
    }
    let grid = ANSITextRenderer(columns: 80).render(state, views: specs, canvas: canvas)
    let lines = grid.plainText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[3] == spaces(6) + "⣟" + spaces(22) + "拉" + spaces(4) + "刷" + spaces(11) + "数" + spaces(4) + "据")
    #expect(lines[4] == "")
}

/// Text mode walks the views as the pixel renderer and UIKit do, a view before its subviews:
/// a label (tag 1) inside a blue container (tag 2) shows on top of the container's fill, although
/// its tag is lower. Walked in tag order, as before the two renderers shared one walk, the
/// container's `█` covered the label's cell.
@Test func textRendererDrawsSubviewsOverTheirSuperview() {
    var label = ViewSpec(tag: 1, textColor: red)
    label.superview = 2
    let specs = [ViewSpec(tag: 2, kind: .view, backgroundColor: blue), label]
    let state = FrameState(
        time: 0, phase: .refreshing, refreshBeganAt: 0, refreshEndedAt: nil, contentAlpha: 1, pull: 60,
        views: [
            ViewState(
                tag: 1, text: "A", frame: Rect(x: 0, y: 0, width: 40, height: 20), transform: .identity, alpha: 1,
                textColor: red, backgroundColor: .clear),
            ViewState(
                tag: 2, text: nil, frame: Rect(x: 100, y: 20, width: 40, height: 20), transform: .identity, alpha: 1,
                textColor: .black, backgroundColor: blue),
        ])
    let grid = ANSITextRenderer(columns: 75).render(state, views: specs, canvas: canvas)
    // The container covers columns 20..<28 of row 3; the label sits at its centre (24, 3).
    #expect(grid[24, 3].character == "A")
    #expect(grid[21, 3].character == "█")
    #expect(ANSITextRenderer.drawnViews(state, views: specs).map(\.view.tag) == [2, 1])
}

// MARK: - Text too wide for its columns

/// The six labels of `labelState` upright, opaque and on one row.
private func rowOfLabels() -> FrameState {
    labelState { views in
        views = Array(views.prefix(6))
        for i in views.indices {
            views[i].transform = .identity
            views[i].textColor = red
        }
    }
}

/// Centred, the labels would overlap: the spacing shrinks first (20 columns: all six, edge to
/// edge, about where they were), then what still does not fit is cut and said (10 columns: 据).
@Test(
    arguments: [
        (
            80,
            [
                "", "", "",
                spaces(22) + "下" + spaces(5) + "拉" + spaces(4) + "刷" + spaces(5) + "新" + spaces(4) + "数"
                    + spaces(4) + "据", "", "", "",
            ],
            ""
        ),
        (20, [spaces(4) + "下拉刷新数据", "", ""], ""),
        (10, ["下拉刷新数", "", ""], "据"),
    ] as [(Int, [String], String)])
func textRendererShrinksSpacingThenCuts(columns: Int, lines: [String], cut: String) {
    let grid = ANSITextRenderer(columns: columns).render(rowOfLabels(), views: viewSpecs, canvas: canvas)
    #expect(grid.plainText == lines.joined(separator: "\n"))
    #expect(grid.cut == cut)
}

/// A single label centred on the grid but wider than the room at its edge moves in; one wider
/// than the grid keeps what fits and reports the rest.
@Test func textRendererKeepsALongLabelOnTheGrid() {
    let state = labelState { views in
        views = [views[0]]
        views[0].text = "Pull to refresh"
        views[0].transform = .identity
        views[0].frame = Rect(x: 300, y: 20, width: 60, height: 20)
    }
    let wide = ANSITextRenderer(columns: 40).render(state, views: viewSpecs, canvas: canvas)
    #expect(wide.plainText == "\n" + spaces(25) + "Pull to refresh\n\n")
    #expect(wide.cut == "")
    let narrow = ANSITextRenderer(columns: 10).render(state, views: viewSpecs, canvas: canvas)
    #expect(narrow.plainText == "Pull to re\n\n")
    #expect(narrow.cut == "fresh")
}

@Test(
    arguments: [
        ([""], 1, nil),
        (["据"], 1, "note: the text does not fit 10 columns: 据 cut; a larger --cols shows it"),
        (
            ["据", "", "数据", "据"], 8,
            "note: the text does not fit 10 columns: 据数 cut in 3 of 8 frames; a larger --cols shows it"
        ),
    ] as [([String], Int, String?)])
func textCutNote(cuts: [String], frames: Int, note: String?) {
    var textCut = TextCut()
    for cut in cuts {
        var grid = CellGrid(width: 10, height: 1)
        grid.cut = cut
        textCut.add(grid)
    }
    #expect(textCut.note(columns: 10, frames: frames) == note)
}
