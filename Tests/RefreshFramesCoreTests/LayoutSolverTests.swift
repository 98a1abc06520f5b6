import Testing

@testable import RefreshFramesCore

// MARK: - Helpers

private let canvas = Canvas(width: 375, height: 60, scale: 2)

/// Gives each constraint the path `constraints[i]`, as the spec decoder does.
private func numbered(_ constraints: [ConstraintSpec]) -> [ConstraintSpec] {
    constraints.enumerated().map { index, constraint in
        var constraint = constraint
        constraint.path = "constraints[\(index)]"
        return constraint
    }
}

private func size(_ tag: Int, _ attribute: LayoutAttribute, _ value: Double, priority: Double = 1000) -> ConstraintSpec
{
    ConstraintSpec(item: .view(tag: tag), attribute: attribute, constant: value, priority: priority)
}

private func pin(
    _ tag: Int, _ attribute: LayoutAttribute, _ relation: LayoutRelation = .equal,
    to toItem: LayoutItem = .superview, _ toAttribute: LayoutAttribute? = nil,
    multiplier: Double = 1, constant: Double = 0, priority: Double = 1000
) -> ConstraintSpec {
    ConstraintSpec(
        item: .view(tag: tag), attribute: attribute, relation: relation, toItem: toItem,
        toAttribute: toAttribute ?? attribute, multiplier: multiplier, constant: constant, priority: priority)
}

private func labels(_ tags: ClosedRange<Int>) -> [ViewSpec] { tags.map { ViewSpec(tag: $0, kind: .label) } }

private func solve(
    _ views: [ViewSpec], _ constraints: [ConstraintSpec], intrinsic: [Int: IntrinsicSize] = [:], canvas: Canvas = canvas
) throws(LayoutError) -> Layout {
    try LayoutSolver.solve(canvas: canvas, views: views, constraints: numbered(constraints), intrinsicSizes: intrinsic)
}

private func solveError(
    _ views: [ViewSpec], _ constraints: [ConstraintSpec], intrinsic: [Int: IntrinsicSize] = [:]
) -> String? {
    do {
        _ = try solve(views, constraints, intrinsic: intrinsic)
        return nil
    } catch {
        return error.description
    }
}

/// Pins a view's top and height so that only the horizontal axis is under test.
private func vertical(_ tag: Int) -> [ConstraintSpec] { [pin(tag, .top), size(tag, .height, 10)] }

@Suite struct LayoutSolverTests {
    // MARK: - Equalities and inequalities

    @Test func equalitiesPlaceAViewExactly() throws {
        let layout = try solve(
            labels(1...1),
            [pin(1, .left, constant: 10), pin(1, .top, constant: 5), size(1, .width, 100), size(1, .height, 40)])
        #expect(layout.frame(tag: 1) == Rect(x: 10, y: 5, width: 100, height: 40))
    }

    @Test func edgesPinnedToBothSidesGiveTheSize() throws {
        let layout = try solve(
            labels(1...1),
            [
                pin(1, .leading, constant: 20), pin(1, .trailing, constant: -20), pin(1, .top, constant: 10),
                pin(1, .bottom, constant: -10),
            ])
        #expect(layout.frame(tag: 1) == Rect(x: 20, y: 10, width: 335, height: 40))
    }

    @Test func inequalitiesBoundOptionalWishes() throws {
        let layout = try solve(
            labels(1...1),
            [
                pin(1, .left, .greaterThanOrEqual, constant: 30), pin(1, .left, constant: 0, priority: 250),
                size(1, .width, 50).with(relation: .greaterThanOrEqual),
                size(1, .width, 80).with(relation: .lessThanOrEqual),
                size(1, .width, 200, priority: 500),
            ] + vertical(1))
        #expect(layout.frame(tag: 1) == Rect(x: 30, y: 0, width: 80, height: 10))
    }

    @Test func multiplierScalesTheOtherAttribute() throws {
        let layout = try solve(
            labels(1...2),
            [
                pin(1, .left), size(1, .width, 100), pin(2, .width, to: .view(tag: 1), multiplier: 0.5, constant: 3),
                pin(2, .left, to: .view(tag: 1), .right),
            ]
                + vertical(1) + vertical(2))
        #expect(layout.frame(tag: 2) == Rect(x: 100, y: 0, width: 53, height: 10))
    }

    // MARK: - Priorities

    @Test(arguments: [
        // (priorities of the constraints width == 100 and width == 50, expected width)
        (750.0, 250.0, 100.0),
        (250, 750, 50),
        (251, 250, 100),
    ])
    func higherPriorityWins(first: Double, second: Double, expected: Double) throws {
        let layout = try solve(
            labels(1...1),
            [size(1, .width, 100, priority: first), size(1, .width, 50, priority: second), pin(1, .left)] + vertical(1))
        #expect(layout.frame(tag: 1).width == expected)
    }

    @Test func requiredBeatsEveryOptionalPriority() throws {
        let layout = try solve(
            labels(1...1),
            [
                size(1, .width, 100, priority: 750), size(1, .width, 50, priority: 250), size(1, .width, 70),
                pin(1, .left),
            ] + vertical(1))
        #expect(layout.frame(tag: 1).width == 70)
    }

    @Test func oneHigherPriorityOutweighsManyLowerOnes() throws {
        let many = (0..<50).map { _ in size(1, .width, 50, priority: 749) }
        let layout = try solve(
            labels(1...1), many + [size(1, .width, 100, priority: 750), pin(1, .left)] + vertical(1))
        #expect(layout.frame(tag: 1).width == 100)
    }

    @Test func unsatisfiableOptionalConstraintsAreFine() throws {
        let layout = try solve(
            labels(1...1), [size(1, .width, 40), size(1, .width, 90, priority: 999), pin(1, .left)] + vertical(1))
        #expect(layout.frame(tag: 1) == Rect(x: 0, y: 0, width: 40, height: 10))
    }

    // MARK: - Intrinsic sizes

    @Test func intrinsicSizeIsRoundedUpToThePixelGrid() throws {
        let layout = try solve(
            labels(1...1), [pin(1, .left, constant: 10), pin(1, .top, constant: 10)],
            intrinsic: [1: IntrinsicSize(width: 40.3, height: 20.01)])
        #expect(layout.frame(tag: 1) == Rect(x: 10, y: 10, width: 40.5, height: 20.5))
    }

    @Test(arguments: [
        // (priority of `width == 100`, expected width): hugging is 251, so 250 loses and 252 stretches it.
        (250.0, 40.5),
        (252, 100),
    ])
    func huggingHoldsAgainstLowerPriorities(priority: Double, expected: Double) throws {
        let layout = try solve(
            labels(1...1), [pin(1, .left), pin(1, .top), size(1, .width, 100, priority: priority)],
            intrinsic: [1: IntrinsicSize(width: 40.3, height: 20)])
        #expect(layout.frame(tag: 1).width == expected)
    }

    @Test(arguments: [
        // (priority of `width == 10`, expected width): compression resistance is 750.
        (749.0, 40.5),
        (751, 10),
    ])
    func compressionResistanceHoldsAgainstLowerPriorities(priority: Double, expected: Double) throws {
        let layout = try solve(
            labels(1...1), [pin(1, .left), pin(1, .top), size(1, .width, 10, priority: priority)],
            intrinsic: [1: IntrinsicSize(width: 40.3, height: 20)])
        #expect(layout.frame(tag: 1).width == expected)
    }

    @Test func customHuggingAndCompressionPriorities() throws {
        var label = ViewSpec(tag: 1, kind: .label)
        label.compressionPriority = 1000
        let layout = try solve(
            [label], [pin(1, .left), pin(1, .top), size(1, .width, 10, priority: 999)],
            intrinsic: [1: IntrinsicSize(width: 30, height: 20)])
        #expect(layout.frame(tag: 1).width == 30)
    }

    @Test func plainViewsIgnoreIntrinsicSizes() {
        let message = solveError(
            [ViewSpec(tag: 1, kind: .view)], [pin(1, .left), pin(1, .top)],
            intrinsic: [1: IntrinsicSize(width: 30, height: 20)])
        #expect(message == "views[0]: view 1 has an ambiguous width; constrain its width, or its left and right")
    }

    // MARK: - Pixel snapping (frames stored by Xcode in 30DaysofSwift's RefreshContents.xib)

    @Test func twelveEqualLabelsSnapEachEdgeToTheNearestHalfPoint() throws {
        var constraints = [pin(1, .leading, constant: 25), pin(12, .trailing, constant: -25)]
        for tag in 1...12 {
            constraints.append(pin(tag, .centerY))
            if tag > 1 {
                constraints.append(pin(tag, .leading, to: .view(tag: tag - 1), .trailing))
                constraints.append(pin(tag, .width, to: .view(tag: 1)))
            }
        }
        let intrinsic = Dictionary(
            uniqueKeysWithValues: (1...12).map { ($0, IntrinsicSize(width: 14.2, height: 27.2)) })
        let layout = try solve(labels(1...12), constraints, intrinsic: intrinsic)

        let edges: [Double] = [25, 52, 79, 106.5, 133.5, 160.5, 187.5, 214.5, 241.5, 269, 296, 323, 350]
        for tag in 1...12 {
            #expect(
                layout.frame(tag: tag)
                    == Rect(x: edges[tag - 1], y: 16.5, width: edges[tag] - edges[tag - 1], height: 27.5))
        }
        #expect((1...12).map { layout.frame(tag: $0).width } == [27, 27, 27.5, 27, 27, 27, 27, 27, 27.5, 27, 27, 27])
    }

    @Test func labelCenteredVerticallyHasItsTopSnappedAwayFromZero() throws {
        let layout = try solve(
            labels(1...1), [pin(1, .centerY), pin(1, .centerX)], intrinsic: [1: IntrinsicSize(width: 20, height: 27.2)])
        #expect(layout.frame(tag: 1) == Rect(x: 177.5, y: 16.5, width: 20, height: 27.5))
    }

    @Test(
        arguments: [
            // (value, scale, snapped)
            (16.25, 2.0, 16.5),
            (-16.25, 2, -16.5),
            (16.2499999999, 2, 16.5),
            (16.24, 2, 16),
            (10.5 / 3, 3, 11.0 / 3),
            (-0.1, 2, 0),
        ] as [(Double, Double, Double)])
    func snappingRoundsHalfAwayFromZero(value: Double, scale: Double, snapped: Double) {
        let layout = try? LayoutSolver.solve(
            canvas: Canvas(width: 100, height: 100, scale: scale), views: labels(1...1),
            constraints: numbered([
                pin(1, .left, constant: value), pin(1, .top), size(1, .width, 10), size(1, .height, 10),
            ]), intrinsicSizes: [:])
        #expect(layout?.frame(tag: 1).x == snapped)
        #expect(layout?.frame(tag: 1).x.sign == snapped.sign)
    }

    // MARK: - The marquee tutorial and the xib sign convention

    @Test func marqueeTutorialLayout() throws {
        var constraints = (1...6).flatMap { [size($0, .width, 20), size($0, .height, 30), pin($0, .centerY)] }
        constraints += [
            pin(3, .centerX, constant: -19),
            pin(2, .trailing, to: .view(tag: 3), .leading, constant: -10),
            pin(1, .trailing, to: .view(tag: 2), .leading, constant: -10),
            pin(4, .leading, to: .view(tag: 3), .trailing, constant: 10),
            pin(5, .leading, to: .view(tag: 4), .trailing, constant: 10),
            pin(6, .leading, to: .view(tag: 5), .trailing, constant: 10),
        ]
        let layout = try solve(labels(1...6), constraints)
        // centerX of label 3 = 187.5 - 19 = 168.5, so x = 158.5; neighbours step by 20 + 10.
        #expect(
            layout.dump == """
                tag 1: x=98.5 y=15 w=20 h=30
                tag 2: x=128.5 y=15 w=20 h=30
                tag 3: x=158.5 y=15 w=20 h=30
                tag 4: x=188.5 y=15 w=20 h=30
                tag 5: x=218.5 y=15 w=20 h=30
                tag 6: x=248.5 y=15 w=20 h=30
                """)
    }

    @Test func superviewAsFirstItemFlipsTheSign() throws {
        let superviewFirst = ConstraintSpec(
            item: .superview, attribute: .centerX, toItem: .view(tag: 1), toAttribute: .centerX, constant: -25)
        let layout = try solve(labels(1...1), [superviewFirst, size(1, .width, 20)] + vertical(1))
        #expect(layout.frame(tag: 1).midX == 187.5 + 25)
        #expect(layout.frame(tag: 1).x == 202.5)
    }

    // MARK: - Errors

    @Test func conflictingRequiredConstraintsNameBothSides() {
        let constraints = [pin(3, .left), size(3, .width, 20), pin(3, .top), size(3, .height, 10), size(3, .width, 30)]
        #expect(
            solveError(labels(3...3), constraints)
                == "constraints[4]: conflicts with constraints[1] (view 3 width == 30 vs view 3 width == 20)")
    }

    @Test func conflictListsAMinimalSetInOrder() {
        let constraints = [
            pin(1, .left), pin(1, .top, constant: 5), size(1, .width, 100), size(1, .height, 10),
            pin(1, .right, to: .superview, .left, constant: 50),
        ]
        #expect(
            solveError(labels(1...1), constraints)
                == "constraints[4]: conflicts with constraints[0], constraints[2] (view 1 right == superview left + 50 vs view 1 left == superview left, view 1 width == 100)"
        )
    }

    @Test func negativeSizeConflictsWithTheImplicitMinimum() {
        #expect(
            solveError(labels(1...2), [size(2, .width, -5)])
                == "constraints[0]: conflicts with views[1] (view 2 width == -5 vs view 2 width >= 0)")
    }

    @Test func constraintThatCanNeverHold() {
        let constraints = [pin(1, .left, to: .view(tag: 1), constant: 5)]
        #expect(
            solveError(labels(1...1), constraints) == "constraints[0]: can never hold (view 1 left == view 1 left + 5)")
    }

    @Test func requiredHuggingTakesPartInConflicts() {
        var label = ViewSpec(tag: 1, kind: .label)
        label.huggingPriority = 1000
        let message = solveError([label], [size(1, .width, 50)], intrinsic: [1: IntrinsicSize(width: 30, height: 20)])
        #expect(
            message
                == "constraints[0]: conflicts with views[0] (view 1 width == 50 vs view 1 width <= 30 (content hugging))"
        )
    }

    @Test(arguments: [
        // (views, constraints, expected message)
        (
            [ViewSpec(tag: 5, kind: .label), ViewSpec(tag: 3, kind: .view)],
            [
                pin(5, .left), pin(5, .top), size(5, .width, 10), size(5, .height, 10), pin(3, .left), pin(3, .top),
                size(3, .height, 10),
            ],
            "views[1]: view 3 has an ambiguous width; constrain its width, or its left and right"
        ),
        (
            labels(1...2),
            [
                pin(1, .left), pin(1, .top), size(1, .width, 10), size(1, .height, 10), size(2, .width, 10),
                size(2, .height, 10), pin(2, .top),
            ],
            "views[1]: view 2 has an ambiguous horizontal position; constrain its left, centerX or right"
        ),
        (
            labels(1...1), [pin(1, .left), size(1, .width, 10), pin(1, .top, .greaterThanOrEqual, constant: 5)],
            "views[0]: view 1 has an ambiguous height; constrain its height, or its top and bottom"
        ),
        (
            labels(1...1),
            [pin(1, .left), size(1, .width, 10), size(1, .height, 10), pin(1, .top, .lessThanOrEqual, constant: 5)],
            "views[0]: view 1 has an ambiguous vertical position; constrain its top, centerY or bottom"
        ),
    ])
    func ambiguityIsReportedForTheFirstViewInTagOrder(
        views: [ViewSpec], constraints: [ConstraintSpec], expected: String
    ) {
        #expect(solveError(views, constraints) == expected)
    }

    @Test func optionalWishesResolveWhatWouldBeAmbiguous() throws {
        let layout = try solve(
            labels(1...1),
            [pin(1, .left, constant: 7, priority: 250), size(1, .width, 10), pin(1, .top), size(1, .height, 10)])
        #expect(layout.frame(tag: 1).x == 7)
    }

    @Test(arguments: [
        ([pin(9, .left)], "constraints[0]: no view with tag 9"),
        ([pin(1, .left, to: .view(tag: 9))], "constraints[0]: no view with tag 9"),
        ([size(1, .centerX, 10)], "constraints[0]: a constant constraint needs width or height, got centerX"),
        (
            [pin(1, .leading, to: .superview, .top)],
            "constraints[0]: cannot relate a horizontal attribute (leading) to a vertical one (top)"
        ),
        (
            [pin(1, .centerX, to: .superview, .width)],
            "constraints[0]: cannot relate a position (centerX) to a size (width)"
        ),
        ([size(1, .width, .nan)], "constraints[0]: constant must be a finite number, got nan"),
        ([pin(1, .left, multiplier: .infinity)], "constraints[0]: multiplier must be a finite number, got inf"),
        ([size(1, .width, 10, priority: 0)], "constraints[0]: priority must be greater than 0 and at most 1000, got 0"),
    ])
    func invalidConstraintsAreRejected(constraints: [ConstraintSpec], expected: String) {
        #expect(solveError(labels(1...1), constraints) == expected)
    }

    @Test func invalidInputsAreRejected() {
        #expect(solveError([ViewSpec(tag: 1), ViewSpec(tag: 1)], []) == "views[1]: tag 1 is already used by views[0]")
        #expect(
            solveError(labels(1...1), [], intrinsic: [1: IntrinsicSize(width: .nan, height: 1)])
                == "views[0]: intrinsic width of view 1 must be a finite number, got nan")
        #expect(throws: LayoutError(path: "canvas", message: "scale must be a finite number greater than 0, got 0")) {
            try LayoutSolver.solve(
                canvas: Canvas(width: 10, height: 10, scale: 0), views: [], constraints: [], intrinsicSizes: [:])
        }
    }

    @Test func sameInputGivesTheSameLayout() throws {
        let constraints =
            [
                pin(1, .leading, constant: 25), pin(2, .trailing, constant: -25),
                pin(2, .leading, to: .view(tag: 1), .trailing, constant: 8), pin(2, .width, to: .view(tag: 1)),
            ]
            + vertical(1) + vertical(2)
        let first = try solve(labels(1...2), constraints)
        for _ in 0..<5 { #expect(try solve(labels(1...2), constraints) == first) }
        #expect(first.dump == "tag 1: x=25 y=0 w=158.5 h=10\ntag 2: x=191.5 y=0 w=158.5 h=10")
    }
}

extension ConstraintSpec {
    fileprivate func with(relation: LayoutRelation) -> ConstraintSpec {
        var copy = self
        copy.relation = relation
        return copy
    }
}
