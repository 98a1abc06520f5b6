import Testing

@testable import RefreshFramesCore

@Suite struct SimplexTests {
    @Test func requiredHoldAndOptionalAreMinimised() throws {
        var simplex = Simplex()
        let x = LinearExpression(Variable(0))
        let y = LinearExpression(Variable(1))
        try simplex.add(LinearConstraint(expression: x + y + -10, relation: .equal, strength: .required), id: 10)
        try simplex.add(
            LinearConstraint(expression: x + -3, relation: .greaterThanOrEqual, strength: .required), id: 11)
        try simplex.add(LinearConstraint(expression: y, relation: .equal, strength: .optional(priority: 1)), id: 12)
        #expect(simplex.value(of: Variable(0)) == 10)
        #expect(simplex.value(of: Variable(1)) == 0)
    }

    @Test func rejectedConstraintNamesAMinimalConflictAndChangesNothing() throws {
        var simplex = Simplex()
        let x = LinearExpression(Variable(0))
        let y = LinearExpression(Variable(1))
        try simplex.add(LinearConstraint(expression: x + y + -10, relation: .equal, strength: .required), id: 10)
        try simplex.add(
            LinearConstraint(expression: x + -3, relation: .greaterThanOrEqual, strength: .required), id: 11)
        try simplex.add(
            LinearConstraint(expression: y + 50, relation: .greaterThanOrEqual, strength: .required), id: 12)
        try simplex.add(LinearConstraint(expression: y, relation: .equal, strength: .optional(priority: 1)), id: 13)
        #expect(throws: SimplexError.unsatisfiable(id: 14, conflictsWith: [10, 11])) {
            try simplex.add(
                LinearConstraint(expression: y + -8, relation: .greaterThanOrEqual, strength: .required), id: 14)
        }
        #expect(simplex.value(of: Variable(0)) == 10)
        #expect(simplex.value(of: Variable(1)) == 0)
    }

    @Test func higherPriorityOutweighsAnyAmountOfLowerPriorityError() throws {
        var simplex = Simplex()
        let x = LinearExpression(Variable(0))
        for id in 0..<100 {
            try simplex.add(
                LinearConstraint(expression: x + -1e6, relation: .equal, strength: .optional(priority: 1)), id: id)
        }
        try simplex.add(LinearConstraint(expression: x, relation: .equal, strength: .optional(priority: 1.5)), id: 100)
        #expect(simplex.value(of: Variable(0)) == 0)
    }

    /// Random small systems whose required constraints all hold at a known point: every order of
    /// adding them must be accepted, satisfy them, and reach the same error at every priority.
    @Test func optimumDoesNotDependOnTheOrderOfAddition() {
        var random = SplitMix(seed: 42)
        for _ in 0..<500 {
            let system = RandomSystem(&random)
            var shuffled = Array(system.constraints.indices)
            shuffled.shuffle(using: &random)
            let orders = [Array(system.constraints.indices), system.constraints.indices.reversed(), shuffled]
            let errors = orders.map { system.errorsPerPriority(addingIn: $0) }
            #expect(errors[0] != nil)
            for other in errors.dropFirst() {
                #expect(zip(errors[0] ?? [], other ?? []).allSatisfy { abs($0 - $1) < 1e-6 }, "\(system.constraints)")
            }
        }
    }
}

private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private struct RandomSystem {
    var count: Int
    var constraints: [LinearConstraint] = []

    init(_ random: inout SplitMix) {
        count = Int.random(in: 2...4, using: &random)
        let point = (0..<count).map { _ in Double(Int.random(in: -10...10, using: &random)) }
        func expression() -> LinearExpression {
            (0..<count).reduce(LinearExpression(0)) { sum, index in
                Bool.random(using: &random)
                    ? sum + Double(Int.random(in: -2...2, using: &random)) * LinearExpression(Variable(index)) : sum
            }
        }
        let relations: [LinearConstraint.Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        for _ in 0...Int.random(in: 0...count, using: &random) {
            let e = expression()
            let relation = relations.randomElement(using: &random)!
            let slack = Double(Int.random(in: 0...3, using: &random))
            let offset = relation == .equal ? 0 : relation == .lessThanOrEqual ? -slack : slack
            constraints.append(
                LinearConstraint(
                    expression: e + (offset - Self.value(e, at: point)), relation: relation, strength: .required))
        }
        for _ in 0...Int.random(in: 0...4, using: &random) {
            let constant = Double(Int.random(in: -10...10, using: &random))
            let priority = Double(Int.random(in: 1...3, using: &random))
            constraints.append(
                LinearConstraint(
                    expression: expression() + constant, relation: relations.randomElement(using: &random)!,
                    strength: .optional(priority: priority)))
        }
        for index in 0..<count {  // keep the optimum finite
            constraints.append(
                LinearConstraint(
                    expression: LinearExpression(Variable(index)) + 100, relation: .greaterThanOrEqual,
                    strength: .required))
        }
    }

    static func value(_ e: LinearExpression, at point: [Double]) -> Double {
        e.terms.reduce(e.constant) { $0 + $1.value * point[$1.key.id] }
    }

    /// Total error at priorities 3, 2, 1; nil if a required constraint was rejected or does not hold.
    func errorsPerPriority(addingIn order: [Int]) -> [Double]? {
        var simplex = Simplex()
        for (id, index) in order.enumerated() {
            guard (try? simplex.add(constraints[index], id: id)) != nil else { return nil }
        }
        let point = (0..<count).map { simplex.value(of: Variable($0)) }
        var errors = [0.0, 0, 0]
        for constraint in constraints {
            let v = Self.value(constraint.expression, at: point)
            let error =
                switch constraint.relation {
                case .equal: abs(v)
                case .lessThanOrEqual: max(0, v)
                case .greaterThanOrEqual: max(0, -v)
                }
            switch constraint.strength {
            case .required: if error > 1e-6 { return nil }
            case .optional(let priority): errors[3 - Int(priority)] += error
            }
        }
        return errors
    }
}
