/// How many colours the terminal can show, and so which SGR colour codes the encoder writes.
package enum ColorMode: String, Sendable, CaseIterable {
    /// 24-bit `38;2;r;g;b` / `48;2;r;g;b`.
    case truecolor
    /// xterm's 256 colours `38;5;n` / `48;5;n`, nearest of the 6×6×6 cube and the 24 greys (16…255).
    case palette256
    /// The 16 standard colours `30–37`, `90–97` / `40–47`, `100–107`, nearest by xterm's default values.
    case palette16
    /// No colour escapes at all (`NO_COLOR`); bold and underline still show.
    case none

    /// The mode a terminal with this environment supports:
    /// `NO_COLOR` set (to anything) → `.none`; `COLORTERM` `truecolor` or `24bit` → `.truecolor`;
    /// `TERM` containing `256color` → `.palette256`; otherwise `.palette16`.
    package static func detect(environment: [String: String]) -> ColorMode {
        if environment["NO_COLOR"] != nil { return .none }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if let term = environment["TERM"], term.contains("256color") { return .palette256 }
        return .palette16
    }

    /// The colour the terminal shows for `color` in this mode; `.none` shows everything in the
    /// replayer's default colour `fallback`.
    package func quantized(_ color: TerminalRGB, fallback: TerminalRGB) -> TerminalRGB {
        switch self {
        case .truecolor: color
        case .palette256: xtermPalette[Int(nearest256(color))]
        case .palette16: xtermPalette[Int(nearest16(color))]
        case .none: fallback
        }
    }

    /// The grid as a terminal in this mode shows it: every colour replaced by its palette entry
    /// (for `.none`: foregrounds by `defaultForeground`, backgrounds by `defaultBackground`).
    package func quantized(
        _ grid: CellGrid, defaultForeground: TerminalRGB = TerminalRGB.defaultForeground,
        defaultBackground: TerminalRGB = TerminalRGB.defaultBackground
    ) -> CellGrid {
        if self == .truecolor { return grid }
        var out = grid
        out.cells.withUnsafeMutableBufferPointer { cells in
            for i in cells.indices {
                cells[i] = quantized(
                    cells[i], defaultForeground: defaultForeground, defaultBackground: defaultBackground)
            }
        }
        return out
    }

    /// One cell as a terminal in this mode shows it (see the grid's).
    package func quantized(
        _ cell: Cell, defaultForeground: TerminalRGB = TerminalRGB.defaultForeground,
        defaultBackground: TerminalRGB = TerminalRGB.defaultBackground
    ) -> Cell {
        var cell = cell
        cell.foreground = quantized(cell.foreground, fallback: defaultForeground)
        cell.background = quantized(cell.background, fallback: defaultBackground)
        return cell
    }
}

/// xterm's default 256-colour palette: 16 system colours, the 6×6×6 cube, 24 greys.
package let xtermPalette: [TerminalRGB] = {
    var p: [TerminalRGB] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ].map { TerminalRGB(red: $0.0, green: $0.1, blue: $0.2) }
    for r in 0..<6 {
        for g in 0..<6 {
            for b in 0..<6 {
                p.append(TerminalRGB(red: cubeLevels[r], green: cubeLevels[g], blue: cubeLevels[b]))
            }
        }
    }
    for i in 0..<24 { p.append(TerminalRGB(white: UInt8(8 + 10 * i))) }
    return p
}()

private let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

private func squaredDistance(_ a: TerminalRGB, _ b: TerminalRGB) -> Int {
    let dr = Int(a.red) - Int(b.red)
    let dg = Int(a.green) - Int(b.green)
    let db = Int(a.blue) - Int(b.blue)
    return dr * dr + dg * dg + db * db
}

/// The nearest cube level index (0…5) to a channel value; the cube is separable, so per-channel
/// nearest is the nearest cube colour in RGB distance.
private func nearestLevel(_ v: UInt8) -> Int {
    switch v {
    case 0..<48: 0
    case 48..<115: 1
    case 115..<155: 2
    case 155..<195: 3
    case 195..<235: 4
    default: 5
    }
}

/// The nearest xterm colour among 16…255 in RGB distance (ties go to the cube).
func nearest256(_ c: TerminalRGB) -> UInt8 {
    let r = nearestLevel(c.red)
    let g = nearestLevel(c.green)
    let b = nearestLevel(c.blue)
    let cubeIndex = 16 + 36 * r + 6 * g + b
    // Distance to a grey is a parabola in the grey level with its minimum at the channel mean.
    let mean = (Int(c.red) + Int(c.green) + Int(c.blue)) / 3
    var grayStep = (mean - 8 + 5) / 10
    grayStep = min(max(grayStep, 0), 23)
    var best = grayStep
    var bestDistance = Int.max
    for step in max(grayStep - 1, 0)...min(grayStep + 1, 23) {
        let d = squaredDistance(c, xtermPalette[232 + step])
        if d < bestDistance {
            best = step
            bestDistance = d
        }
    }
    return squaredDistance(c, xtermPalette[cubeIndex]) <= bestDistance ? UInt8(cubeIndex) : UInt8(232 + best)
}

/// The nearest of the 16 standard colours in RGB distance.
func nearest16(_ c: TerminalRGB) -> UInt8 {
    var best = 0
    var bestDistance = Int.max
    for i in 0..<16 {
        let d = squaredDistance(c, xtermPalette[i])
        if d < bestDistance {
            best = i
            bestDistance = d
        }
    }
    return UInt8(best)
}
