import RefreshFramesCore

extension ANSITextRenderer {
    /// Group opacity in cells, as the pixel renderer composites a group (`GroupPlan`): a view below
    /// alpha 1 with subviews, and the whole control below `contentAlpha` 1, is drawn with its
    /// subtree at full opacity on a copy of the grid, which is then blended over the grid at the
    /// group's alpha (a cell's background and its character's colour each `alpha` of the way from
    /// what was there), so the group's views do not show through each other. Where no two views of
    /// a group write one cell, the group's result is each view at the product of the alphas, and it
    /// is drawn that way (the cells the text mode always drew). Nested groups blend inside theirs.
    struct TextGroups {
        /// Draws the drawn view at a position at an opacity onto a grid.
        typealias Draw = (_ position: Int, _ opacity: Double, _ grid: inout CellGrid) -> Void

        /// What a view's opacity is relative to: the grid (every alpha, the control's too), the
        /// control's group (its views' alphas), or a view's group (the alphas below that view).
        enum Group {
            case none
            case control
            case view(Int)
        }

        let drawn: [DrawnView]
        let contentAlpha: Double
        private var parents: [Int?]
        private var children: [[Int]]
        private var roots: [Int] = []

        init(_ drawn: [DrawnView], contentAlpha: Double) {
            self.drawn = drawn
            self.contentAlpha = contentAlpha
            parents = Array(repeating: nil, count: drawn.count)
            children = Array(repeating: [], count: drawn.count)
            // Drawn views come depth first: a superview is the last one drawn with its tag.
            var lastWithTag: [Int: Int] = [:]
            for (position, view) in drawn.enumerated() {
                if let tag = view.spec.superview, let parent = lastWithTag[tag] {
                    parents[position] = parent
                    children[parent].append(position)
                } else {
                    roots.append(position)
                }
                lastWithTag[view.view.tag] = position
            }
        }

        /// Draws every view onto `grid`, each group as the pixels composite it.
        func paint(into grid: inout CellGrid, _ draw: Draw) {
            var counts: [Int]? = nil
            if min(max(contentAlpha, 0), 1) < 1 {
                composite(.control, inside: .none, into: &grid, counts: &counts, draw)
            } else {
                paint(roots, inside: .none, into: &grid, counts: &counts, draw)
            }
        }

        /// The opacity of the view at `position` relative to `group`. `.none` is the text mode's
        /// product as it always was (the view's alpha, its superviews', the control's).
        private func opacity(of position: Int, inside group: Group) -> Double {
            let view = drawn[position]
            switch group {
            case .none: return min(max(view.view.alpha * view.offset.alpha * contentAlpha, 0), 1)
            case .control: return min(max(view.view.alpha * view.offset.alpha, 0), 1)
            case .view(let top):
                var alpha = view.view.alpha
                var current = parents[position]
                while let p = current, p != top {
                    alpha *= drawn[p].view.alpha
                    current = parents[p]
                }
                return min(max(alpha, 0), 1)
            }
        }

        /// The subtrees at `positions`, inside `group`; `counts` (when not nil) counts, per cell,
        /// the views that changed it.
        private func paint(
            _ positions: [Int], inside group: Group, into grid: inout CellGrid, counts: inout [Int]?, _ draw: Draw
        ) {
            for position in positions {
                if drawn[position].view.alpha < 1 && !children[position].isEmpty {
                    composite(.view(position), inside: group, into: &grid, counts: &counts, draw)
                } else {
                    drawCounting(position, opacity(of: position, inside: group), into: &grid, counts: &counts, draw)
                    paint(children[position], inside: group, into: &grid, counts: &counts, draw)
                }
            }
        }

        /// The group `group` (inside `outer`): at full opacity on a copy, blended at its alpha when
        /// two of its views wrote one cell; otherwise each view as the product of the alphas.
        private func composite(
            _ group: Group, inside outer: Group, into grid: inout CellGrid, counts: inout [Int]?, _ draw: Draw
        ) {
            var trial = grid
            var inner: [Int]? = Array(repeating: 0, count: grid.width * grid.height)
            let alpha: Double
            switch group {
            case .view(let position):
                alpha = opacity(of: position, inside: outer)
                drawCounting(position, 1, into: &trial, counts: &inner, draw)
                paint(children[position], inside: group, into: &trial, counts: &inner, draw)
            case .control, .none:
                alpha = min(max(contentAlpha, 0), 1)
                paint(roots, inside: .control, into: &trial, counts: &inner, draw)
            }
            let written = inner ?? []
            if var outerCounts = counts {
                for i in outerCounts.indices { outerCounts[i] += written[i] }
                counts = outerCounts
            }
            guard written.contains(where: { $0 > 1 }) else {
                var none: [Int]? = nil
                switch group {
                case .view(let position):
                    drawCounting(position, opacity(of: position, inside: outer), into: &grid, counts: &none, draw)
                    paint(children[position], inside: outer, into: &grid, counts: &none, draw)
                case .control, .none:
                    paint(roots, inside: .none, into: &grid, counts: &none, draw)
                }
                return
            }
            grid.blend(trial, alpha: alpha)
        }

        private func drawCounting(
            _ position: Int, _ opacity: Double, into grid: inout CellGrid, counts: inout [Int]?, _ draw: Draw
        ) {
            guard var tally = counts else {
                draw(position, opacity, &grid)
                return
            }
            let before = grid
            draw(position, opacity, &grid)
            for row in 0..<grid.height {
                for column in 0..<grid.width where grid[column, row] != before[column, row] {
                    tally[row * grid.width + column] += 1
                }
            }
            counts = tally
        }
    }
}

extension CellGrid {
    /// `top` (this grid with a group drawn over it at full opacity) over this grid at `alpha`: each
    /// cell the group changed takes its character, its background `alpha` of the way from this
    /// grid's to the group's, and its character's colour `alpha` of the way from this grid's
    /// background to the group's character colour.
    mutating func blend(_ top: CellGrid, alpha: Double) {
        func mix(_ a: TerminalRGB, _ b: TerminalRGB) -> TerminalRGB {
            func channel(_ x: UInt8, _ y: UInt8) -> UInt8 {
                UInt8(min(max((Double(x) + (Double(y) - Double(x)) * alpha).rounded(), 0), 255))
            }
            return TerminalRGB(
                red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
        }
        for row in 0..<height {
            for column in 0..<width {
                let under = self[column, row]
                let over = top[column, row]
                guard under != over else { continue }
                let background = mix(under.background, over.background)
                let foreground = over.character == " " ? background : mix(under.background, over.foreground)
                self[column, row] = Cell(
                    character: over.character, foreground: foreground, background: background, bold: over.bold,
                    underline: over.underline)
            }
        }
    }
}
