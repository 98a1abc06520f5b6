/// An expression and its main token's location: the member name of `a.b`, the operator of `a + b`,
/// the callee of a call.
package struct Expr: Sendable {
    package var kind: Kind
    package var location: CodeLocation

    package init(_ kind: Kind, at location: CodeLocation) {
        self.kind = kind
        self.location = location
    }

    package indirect enum Kind: Sendable {
        case integer(Int)
        case float(Double)
        case string(String)
        case interpolation([InterpolationPart])
        case bool(Bool)
        case `nil`
        /// A name as written: a variable, a property or method of `self`, a type, a global function.
        case name(String)
        case `self`
        /// `super`, only as the base of a member.
        case `super`
        case member(Expr, String)
        /// `.red`, `.CurveLinear`, `.init(…)`: a member of the type the context expects.
        case implicitMember(String)
        case call(Expr, [Argument])
        case `subscript`(Expr, [Argument])
        /// The end of an optional chain: nil when any `?` inside it found nil.
        case optionalChain(Expr)
        /// `x?` inside an optional chain.
        case bindOptional(Expr)
        case forceUnwrap(Expr)
        case cast(Expr, TypeName, CastKind)
        case isType(Expr, TypeName)
        case binary(String, Expr, Expr)
        case prefix(String, Expr)
        case postfix(String, Expr)
        /// Swift 2's `++x`, `x--` inside an expression: `delta` is +1 or -1; a prefix one gives the new value.
        case increment(Expr, delta: Int, prefix: Bool)
        case ternary(Expr, Expr, Expr)
        case assign(Expr, Expr)
        /// `x += y`: the operator without `=`.
        case compoundAssign(String, Expr, Expr)
        case array([Expr])
        case dictionary([DictionaryEntry])
        case tuple([TupleElement])
        case closure(Closure)
        /// `#selector(ViewController.endedOfWork)` as the method's name (`endedOfWork`, `foo:` with arguments).
        case selector(String)
        /// `\Type.a.b`: the member names.
        case keyPath([String])
        /// A type used as a value: `UITableViewCell.self`, the callee of `[Int]()` or `Array<AnyObject>()`.
        case type(TypeName)
        /// `&x`.
        case `inout`(Expr)
        /// `_` on the left of `=`.
        case discard
        /// `try`, `try?`, `try!`: the interpreter's calls do not throw, so the value itself.
        case `try`(Expr, optional: Bool)
        /// A construct the interpreter does not evaluate: reaching it is an error naming it.
        case unsupported(String)
    }
}

package enum CastKind: String, Sendable {
    /// `as`
    case coerce = "as"
    /// `as?`
    case conditional = "as?"
    /// `as!`
    case forced = "as!"
}

package enum InterpolationPart: Sendable {
    case literal(String)
    case expression(Expr)
}

package struct Argument: Sendable {
    package var label: String?
    package var value: Expr
    /// Written after the parentheses: `animate(withDuration: 1) { … }`.
    package var isTrailingClosure = false
}

package struct DictionaryEntry: Sendable {
    package var key: Expr
    package var value: Expr
}

package struct TupleElement: Sendable {
    package var label: String?
    package var value: Expr
}

package struct Closure: Sendable {
    package var captures: [Capture]
    package var parameters: [Parameter]
    package var result: TypeName?
    package var body: [Stmt]
    /// `{ $0 * 2 }`: the body's one expression is the value.
    package var isSingleExpression: Bool
    package var location: CodeLocation
}

/// One entry of a capture list: `[weak self]`, `[x]`, `[y = a + b]`.
package struct Capture: Sendable {
    package enum Ownership: String, Sendable {
        case strong, weak, unowned
    }

    package var name: String
    package var value: Expr
    package var ownership: Ownership
}
