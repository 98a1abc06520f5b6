/// A statement and where it starts.
package struct Stmt: Sendable {
    package var kind: Kind
    package var location: CodeLocation

    package init(_ kind: Kind, at location: CodeLocation) {
        self.kind = kind
        self.location = location
    }

    package indirect enum Kind: Sendable {
        /// An expression for its effect: a call, an assignment, `x += 1`.
        case expression(Expr)
        /// `let` / `var`, with the declared type and the initial value.
        case binding(Binding)
        /// A function declared inside a function.
        case function(FunctionDecl)
        case `if`([Condition], then: [Stmt], else: [Stmt]?)
        case `guard`([Condition], else: [Stmt])
        case forIn(Pattern, sequence: Expr, where: Expr?, body: [Stmt], label: String?)
        case `while`([Condition], body: [Stmt], label: String?)
        case `repeat`(body: [Stmt], condition: Expr, label: String?)
        case `switch`(Expr, cases: [SwitchCase], label: String?)
        /// `do { … }` (a scope of its own, or a labelled block).
        case block([Stmt], label: String?)
        case `return`(Expr?)
        case `break`(label: String?)
        case `continue`(label: String?)
        case `fallthrough`
        case `defer`([Stmt])
        /// A construct the interpreter does not run: reaching it is an error naming it.
        case unsupported(String)
    }
}

package struct Binding: Sendable {
    package var isLet: Bool
    package var pattern: Pattern
    package var type: TypeName?
    package var initial: Expr?
    package var isWeak = false
}

/// One clause of an `if`, `guard` or `while` condition.
package enum Condition: Sendable {
    case boolean(Expr)
    /// `let x = optional` (or `var`).
    case optionalBinding(Pattern, Expr)
    /// `case pattern = value`.
    case matches(Pattern, Expr)
    /// `#available(…)`: true, as on the newest iOS.
    case available
}

package struct SwitchCase: Sendable {
    /// The patterns (any one matches); empty for `default`.
    package var patterns: [Pattern]
    package var guardExpression: Expr?
    package var body: [Stmt]
    package var location: CodeLocation
}

package indirect enum Pattern: Sendable {
    /// A name that binds (`x` in `let x`, `for x in`).
    case name(String)
    case wildcard
    case tuple([Pattern])
    /// A value compared with `==` (`case 1:`, `case .red:`).
    case value(Expr)
    /// `let x?` / `x?`: matches a value that is not nil.
    case some(Pattern)
    /// `is T` / `let x as T`.
    case isType(TypeName, Pattern?)
    case typed(Pattern, TypeName)
}
