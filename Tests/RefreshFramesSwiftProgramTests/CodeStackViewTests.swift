import RefreshFramesCore
import RefreshFramesSwiftProgram
import Testing

/// A view that builds two `UIStackView`s and three activity indicators in code, written for these
/// tests: a horizontal stack pinned 10 pt inside the 200 × 60 control (fill equally, 10 pt apart,
/// centred across) of two plain views 30 and 20 pt tall and a `.gray` indicator; a vertical stack
/// at a frame of its own (0, 0, 50, 60) of two plain views, 4 pt apart but 8 after the first; a
/// `.large` indicator centred by constraints, and a `.whiteLarge` one left where it was made. The
/// `.gray` one starts animating when refreshing begins (0.5 s).
let stackViews = """
    import UIKit

    final class Stacks: UIView {
        let row = UIStackView()
        let a = UIView()
        let b = UIView()
        let small = UIActivityIndicatorView(style: .gray)
        let d = UIView()
        let e = UIView()
        let big = UIActivityIndicatorView(style: .large)
        let loose = UIActivityIndicatorView(activityIndicatorStyle: .whiteLarge)

        override init(frame: CGRect) {
            super.init(frame: frame)
            row.axis = .horizontal
            row.spacing = 10
            row.distribution = .fillEqually
            row.alignment = .center
            row.addArrangedSubview(a)
            row.addArrangedSubview(b)
            row.addArrangedSubview(small)
            row.translatesAutoresizingMaskIntoConstraints = false
            addSubview(row)
            let column = UIStackView(arrangedSubviews: [d, e])
            column.axis = .vertical
            column.spacing = 4
            column.setCustomSpacing(8, after: d)
            column.frame = CGRect(x: 0, y: 0, width: 50, height: 60)
            addSubview(column)
            big.translatesAutoresizingMaskIntoConstraints = false
            addSubview(big)
            addSubview(loose)
            NSLayoutConstraint.activate([
                row.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 10),
                row.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -10),
                row.topAnchor.constraint(equalTo: topAnchor, constant: 10),
                row.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -10),
                a.heightAnchor.constraint(equalToConstant: 30),
                b.heightAnchor.constraint(equalToConstant: 20),
                d.heightAnchor.constraint(equalToConstant: 20),
                big.centerXAnchor.constraint(equalTo: centerXAnchor),
                big.centerYAnchor.constraint(equalTo: centerYAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError() }

        func beginRefreshing() { small.startAnimating() }
        func endRefreshing() {}
    }
    """

/// One clear spec view (tag 1); refreshing from 0.5 s (no pull) to 1.5 s.
let stackViewsSpec = """
    {"canvas": {"width": 200, "height": 60}, "views": [{"tag": 1, "kind": "view"}],
     "constraints": ["1.width == 1", "1.height == 1", "1.top == superview.top", "1.leading == superview.leading"],
     "scenario": {"refreshAt": 0.5, "workDuration": 1}}
    """

@Suite struct CodeStackViewTests {
    func frames(at time: Double = 1) throws -> (frames: [String: Rect], diagnostics: [String]) {
        let (timeline, diagnostics) = try swiftTimeline(
            try spec(stackViewsSpec), try decode(stackViews, file: "Stacks.swift"))
        // Tags in the order made: row 2, a 3, b 4, small 5, d 6, e 7, big 8, loose 9, column 10.
        let names = [2: "row", 3: "a", 4: "b", 5: "small", 6: "d", 7: "e", 8: "big", 9: "loose", 10: "column"]
        var frames: [String: Rect] = [:]
        for (tag, name) in names { frames[name] = state(timeline, tag, at: time).frame }
        return (frames, diagnostics)
    }

    func near(_ a: Rect?, _ b: Rect) -> Bool {
        guard let a else { return false }
        return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height].allSatisfy { abs($0) < 1e-6 }
    }

    /// The row is (10, 10, 180, 40); fill equally, centred across. Until refreshing begins the
    /// `.gray` indicator is stopped, so hidden (`hidesWhenStopped`), and a hidden arranged view gets
    /// no room and no spacing (UISV-hiding): two views (180 − 10) / 2 = 85 wide at x = 0 and 95, 30
    /// tall at y = 5 and 20 tall at y = 10, the indicator 0 wide at the end (x = 180). Animating
    /// from 0.5 s, it is shown, and the next layout pass gives it its third: (180 − 2 × 10) / 3 =
    /// 53⅓ at x = 0, 63⅓, 126⅔, its intrinsic 20 tall at y = 10 — each edge then snapped to the 2×
    /// canvas's half points (the solver's rounding, in the control's coordinates: 10 + 53⅓ = 63⅓
    /// → 63.5, 73⅓ → 73.5, 126⅔ → 126.5, 136⅔ → 136.5), so 53.5, 53 and 53.5 wide at x = 0, 63.5
    /// and 126.5. The column keeps its frame; fill,
    /// the first view 20 tall, then 8 pt (its custom spacing), the last stretched to the end: 60 −
    /// 28 = 32.
    @Test func stackViewsMadeInCodeArrangeTheirViews() throws {
        let (before, diagnostics) = try frames(at: 0.25)
        #expect(diagnostics == [], "\(diagnostics)")
        #expect(near(before["row"], Rect(x: 10, y: 10, width: 180, height: 40)), "\(before)")
        #expect(near(before["a"], Rect(x: 0, y: 5, width: 85, height: 30)), "\(before)")
        #expect(near(before["b"], Rect(x: 95, y: 10, width: 85, height: 20)), "\(before)")
        #expect(near(before["small"], Rect(x: 180, y: 10, width: 0, height: 20)), "\(before)")
        let (frames, _) = try frames(at: 1)
        #expect(near(frames["a"], Rect(x: 0, y: 5, width: 53.5, height: 30)), "\(frames)")
        #expect(near(frames["b"], Rect(x: 63.5, y: 10, width: 53, height: 20)), "\(frames)")
        #expect(near(frames["small"], Rect(x: 126.5, y: 10, width: 53.5, height: 20)), "\(frames)")
        #expect(near(frames["column"], Rect(x: 0, y: 0, width: 50, height: 60)), "\(frames)")
        #expect(near(frames["d"], Rect(x: 0, y: 0, width: 50, height: 20)), "\(frames)")
        #expect(near(frames["e"], Rect(x: 0, y: 28, width: 50, height: 32)), "\(frames)")
    }

    /// A `.large` indicator is 37 × 37 (its intrinsic size): centred in 200 × 60 at (81.5, 11.5);
    /// `init(activityIndicatorStyle: .whiteLarge)` makes it that size where it is.
    @Test func anActivityIndicatorHasItsStylesSize() throws {
        let (frames, _) = try frames()
        #expect(near(frames["big"], Rect(x: 81.5, y: 11.5, width: 37, height: 37)), "\(frames)")
        #expect(near(frames["loose"], Rect(x: 0, y: 0, width: 37, height: 37)), "\(frames)")
    }
}
