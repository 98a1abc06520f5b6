/// An incremental Cassowary solver for linear equalities and inequalities with strengths,
/// after Badros, Borning and Stuckey (TOCHI 2001) and the structure of nucleic/kiwi.
///
/// Required constraints hold exactly; adding one that cannot hold throws and leaves the solver as it
/// was. Optional constraints get error variables whose weighted sum is minimised. Unlike kiwi, which
/// folds strengths into one number (strong 1e6, medium 1e3, weak 1), the objective here keeps one row
/// per priority and compares them lexicographically, so a higher priority outweighs any amount of
/// error at lower priorities and no float precision is lost between levels.
///
/// The solver is a value: copying it is cheap (copy-on-write) and gives an independent solver, which
/// the layout uses to probe for ambiguity and to find the constraints a rejected one conflicts with.
/// Every choice iterates symbols in creation order, so the same input always gives the same tableau.
struct Simplex: Sendable {
    private var rows: [Symbol: Row] = [:]
    private var symbols: [Variable: Symbol] = [:]
    private var objective = Objective()
    /// Phase one's objective while a constraint is added through an artificial variable.
    private var artificialObjective: Objective?
    private var nextSymbolID = 0
    /// The required constraints accepted so far, in order, for conflict reports.
    private var required: [(id: Int, constraint: LinearConstraint)] = []
    private var ids: Set<Int> = []

    init() {}

    /// The value of `variable` in the current optimal solution; 0 for a variable no constraint mentions.
    func value(of variable: Variable) -> Double {
        guard let symbol = symbols[variable], let row = rows[symbol] else { return 0 }
        return row.constant
    }

    /// Adds `constraint` under the caller's `id` (unique per solver) and re-optimises.
    mutating func add(_ constraint: LinearConstraint, id: Int) throws(SimplexError) {
        precondition(!ids.contains(id), "constraint id \(id) added twice")
        var trial = self
        guard trial.insert(constraint) else {
            guard let conflicts = conflictSet(for: constraint) else {
                throw .unsatisfiableAmongMany(id: id, required: required.count)
            }
            throw .unsatisfiable(id: id, conflictsWith: conflicts)
        }
        trial.ids.insert(id)
        if constraint.strength == .required { trial.required.append((id, constraint)) }
        self = trial
    }

    /// A smallest set of accepted required constraints that, with `rejected`, cannot all hold
    /// (deletion filtering: drop each one whose absence still leaves the set unsatisfiable).
    ///
    /// Each test re-solves the kept set, so the search is quadratic; after `conflictSearchBudget`
    /// constraint insertions it gives up and returns nil. (Without the budget, a conflict at the end
    /// of a thousand constraints took minutes.)
    private func conflictSet(for rejected: LinearConstraint) -> [Int]? {
        var kept = required
        var index = 0
        var budget = Simplex.conflictSearchBudget
        while index < kept.count {
            budget -= kept.count
            guard budget >= 0 else { return nil }
            var without = kept
            without.remove(at: index)
            if Simplex.isSatisfiable(without.map(\.constraint) + [rejected]) {
                index += 1
            } else {
                kept = without
            }
        }
        return kept.map(\.id)
    }

    static let conflictSearchBudget = 5_000

    private static func isSatisfiable(_ constraints: [LinearConstraint]) -> Bool {
        var solver = Simplex()
        return constraints.allSatisfy { solver.insert($0) }
    }

    // MARK: - The algorithm (kiwi's SolverImpl)

    /// Returns false, leaving `self` in an unspecified state, when a required constraint cannot hold.
    private mutating func insert(_ constraint: LinearConstraint) -> Bool {
        var (row, markers) = makeRow(constraint)
        if let subject = chooseSubject(row, markers) {
            row.solve(for: subject)
            substitute(subject, with: row)
            rows[subject] = row
        } else if row.cells.keys.allSatisfy({ $0.kind == .dummy }) {
            // Every variable cancelled: the constraint is `constant == 0` in disguise.
            guard Row.isNearZero(row.constant) else { return false }
            let marker = markers.marker
            row.solve(for: marker)
            substitute(marker, with: row)
            rows[marker] = row
        } else {
            guard addWithArtificialVariable(row) else { return false }
        }
        optimize(phaseOne: false)
        return true
    }

    private struct Markers {
        var marker: Symbol
        var other: Symbol?
    }

    private mutating func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { nextSymbolID += 1 }
        return Symbol(id: nextSymbolID, kind: kind)
    }

    private mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = symbols[variable] { return symbol }
        let symbol = makeSymbol(.external)
        symbols[variable] = symbol
        return symbol
    }

    /// The constraint as a row `0 = constant + Σ cells`, with basic variables substituted out and
    /// slack, error or dummy symbols added according to its relation and strength.
    private mutating func makeRow(_ constraint: LinearConstraint) -> (Row, Markers) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for (variable, coefficient) in expression.terms.sorted(by: { $0.key < $1.key }) {
            guard !Row.isNearZero(coefficient) else { continue }
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] {
                row.add(basic, times: coefficient)
            } else {
                row.add(symbol, coefficient)
            }
        }
        let markers: Markers
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.add(slack, sign)
            if case .optional(let priority) = constraint.strength {
                let error = makeSymbol(.error)
                row.add(error, -sign)
                objective.add(error, 1, priority: priority)
                markers = Markers(marker: slack, other: error)
            } else {
                markers = Markers(marker: slack)
            }
        case .equal:
            if case .optional(let priority) = constraint.strength {
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, 1, priority: priority)
                objective.add(minus, 1, priority: priority)
                markers = Markers(marker: plus, other: minus)
            } else {
                let dummy = makeSymbol(.dummy)
                row.add(dummy, 1)
                markers = Markers(marker: dummy)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, markers)
    }

    /// An external variable if there is one, else a new slack or error marker with a negative coefficient.
    private func chooseSubject(_ row: Row, _ markers: Markers) -> Symbol? {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for marker in [markers.marker, markers.other].compactMap({ $0 })
        where (marker.kind == .slack || marker.kind == .error) && row.coefficient(of: marker) < 0 {
            return marker
        }
        return nil
    }

    /// Phase one: adds the row with an artificial basic variable and minimises it; the constraint
    /// can hold exactly when the artificial variable reaches zero.
    private mutating func addWithArtificialVariable(_ row: Row) -> Bool {
        let artificial = makeSymbol(.slack)
        rows[artificial] = row
        var phaseOne = Objective()
        phaseOne.add(row, priority: 0)
        artificialObjective = phaseOne
        optimize(phaseOne: true)
        let success = Row.isNearZero(artificialObjective!.levels[0].row.constant)
        artificialObjective = nil
        if var basic = rows.removeValue(forKey: artificial) {
            if basic.cells.isEmpty { return success }
            guard let entering = basic.cells.keys.filter({ $0.kind == .slack || $0.kind == .error }).min()
            else { return false }
            basic.solve(for: entering, replacing: artificial)
            substitute(entering, with: basic)
            rows[entering] = basic
        }
        for symbol in rows.keys { rows[symbol]!.remove(artificial) }
        objective.remove(artificial)
        return success
    }

    private mutating func substitute(_ symbol: Symbol, with row: Row) {
        // Through the values' indices: no hashing, and each row is changed in place.
        var index = rows.values.startIndex
        while index != rows.values.endIndex {
            rows.values[index].substitute(symbol, with: row)
            rows.values.formIndex(after: &index)
        }
        objective.substitute(symbol, with: row)
        artificialObjective?.substitute(symbol, with: row)
    }

    /// Primal simplex on the objective or phase one's (Bland's rule: lowest entering and leaving
    /// symbols, so no cycling).
    ///
    /// Kiwi only ever increases the entering symbol. A parametric external variable is unrestricted,
    /// though, so when it reaches the objective it may also be decreased; the ratio test then looks
    /// at rows it would drive negative in that direction.
    private mutating func optimize(phaseOne: Bool) {
        while let (entering, direction) = (phaseOne ? artificialObjective! : objective).enteringSymbol() {
            var leaving: Symbol?
            var bestRatio = Double.infinity
            // The lowest symbol among equal ratios (Bland's rule), without sorting every row.
            for (symbol, row) in rows where symbol.kind != .external {
                let rate = row.coefficient(of: entering) * direction
                guard rate < 0 else { continue }
                let ratio = -row.constant / rate
                if ratio < bestRatio || (ratio == bestRatio && leaving.map { symbol < $0 } == true) {
                    bestRatio = ratio
                    leaving = symbol
                }
            }
            // Error variables are non-negative and weighted positively, so the objective is bounded
            // below and some restricted row always limits the step.
            guard let leaving else { preconditionFailure("unbounded objective in layout simplex") }
            var row = rows.removeValue(forKey: leaving)!
            row.solve(for: entering, replacing: leaving)
            substitute(entering, with: row)
            rows[entering] = row
        }
    }
}

/// A solver variable, named by the caller.
struct Variable: Hashable, Comparable, Sendable {
    var id: Int
    init(_ id: Int) { self.id = id }
    static func < (a: Variable, b: Variable) -> Bool { a.id < b.id }
}

/// `Σ coefficient × variable + constant`.
struct LinearExpression: Sendable {
    var terms: [Variable: Double]
    var constant: Double

    init(_ constant: Double = 0) {
        terms = [:]
        self.constant = constant
    }

    init(_ variable: Variable) {
        terms = [variable: 1]
        constant = 0
    }

    static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        var sum = a
        sum.constant += b.constant
        for (variable, coefficient) in b.terms { sum.terms[variable, default: 0] += coefficient }
        return sum
    }

    static func * (k: Double, e: LinearExpression) -> LinearExpression {
        var product = e
        product.constant *= k
        for variable in product.terms.keys { product.terms[variable]! *= k }
        return product
    }

    static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + -1 * b }
    static func + (a: LinearExpression, k: Double) -> LinearExpression { a + LinearExpression(k) }
}

/// `expression (relation) 0` at a strength.
struct LinearConstraint: Sendable {
    enum Relation: Sendable { case equal, lessThanOrEqual, greaterThanOrEqual }

    var expression: LinearExpression
    var relation: Relation
    var strength: Strength
}

enum Strength: Equatable, Sendable {
    /// Must hold exactly.
    case required
    /// Error is minimised; any error at a higher priority outweighs all error at lower ones.
    case optional(priority: Double)
}

enum SimplexError: Error, Equatable, Sendable {
    /// The required constraint `id` cannot hold together with the required constraints
    /// `conflictsWith` (a minimal set, in the order they were added; empty if it can never hold).
    case unsatisfiable(id: Int, conflictsWith: [Int])
    /// Unsatisfiable, but the conflicting set was too costly to narrow down among `required` constraints.
    case unsatisfiableAmongMany(id: Int, required: Int)
}

// MARK: - Tableau building blocks

private struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: Sendable { case external, slack, error, dummy }
    var id: Int
    var kind: Kind
    static func < (a: Symbol, b: Symbol) -> Bool { a.id < b.id }
}

/// `basic = constant + Σ coefficient × symbol`, or `0 = …` while a constraint is being added.
private struct Row: Sendable {
    var constant: Double
    var cells: [Symbol: Double] = [:]

    static func isNearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }

    func coefficient(of symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    mutating func add(_ symbol: Symbol, _ coefficient: Double) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = Row.isNearZero(sum) ? nil : sum
    }

    mutating func add(_ row: Row, times coefficient: Double) {
        constant += row.constant * coefficient
        for (symbol, c) in row.cells { add(symbol, c * coefficient) }
    }

    mutating func remove(_ symbol: Symbol) { cells[symbol] = nil }

    mutating func negate() {
        constant = -constant
        cells = cells.mapValues { -$0 }
    }

    /// Turns `0 = constant + Σ cells` into `symbol = …`.
    mutating func solve(for symbol: Symbol) {
        let factor = -1 / cells.removeValue(forKey: symbol)!
        constant *= factor
        cells = cells.mapValues { $0 * factor }
    }

    /// Turns `basic = …` (with `symbol` among the cells) into `symbol = …` in terms of `basic`.
    mutating func solve(for symbol: Symbol, replacing basic: Symbol) {
        add(basic, -1)
        solve(for: symbol)
    }

    mutating func substitute(_ symbol: Symbol, with row: Row) {
        if let coefficient = cells.removeValue(forKey: symbol) { add(row, times: coefficient) }
    }
}

/// The quantity to minimise: one row per priority, highest first, compared lexicographically.
private struct Objective: Sendable {
    struct Level: Sendable {
        var priority: Double
        var row: Row
    }

    var levels: [Level] = []

    mutating func add(_ symbol: Symbol, _ coefficient: Double, priority: Double) {
        levels[level(priority)].row.add(symbol, coefficient)
    }

    mutating func add(_ row: Row, priority: Double) {
        levels[level(priority)].row.add(row, times: 1)
    }

    private mutating func level(_ priority: Double) -> Int {
        if let index = levels.firstIndex(where: { $0.priority == priority }) { return index }
        let index = levels.firstIndex { $0.priority < priority } ?? levels.count
        levels.insert(Level(priority: priority, row: Row(constant: 0)), at: index)
        return index
    }

    mutating func remove(_ symbol: Symbol) {
        for index in levels.indices { levels[index].row.remove(symbol) }
    }

    mutating func substitute(_ symbol: Symbol, with row: Row) {
        for index in levels.indices { levels[index].row.substitute(symbol, with: row) }
    }

    /// The lowest symbol whose change lowers the highest-priority error it touches, and the direction
    /// of that change: +1 for a restricted (slack or error) symbol with lexicographically negative
    /// coefficients, either sign for an unrestricted external one. Dummies are fixed at zero.
    func enteringSymbol() -> (symbol: Symbol, direction: Double)? {
        // One pass over the levels, highest first, so a symbol is judged by the first level it is in;
        // the lowest qualifying symbol wins (no sort of every symbol on every pivot).
        var seen: Set<Symbol> = []
        var best: (symbol: Symbol, direction: Double)?
        for level in levels {
            for (symbol, coefficient) in level.row.cells where symbol.kind != .dummy && seen.insert(symbol).inserted {
                let direction: Double
                if coefficient < 0 {
                    direction = 1
                } else if symbol.kind == .external {
                    direction = -1
                } else {
                    continue
                }
                if best == nil || symbol < best!.symbol { best = (symbol, direction) }
            }
        }
        return best
    }
}
