/// swiftc's parser leaves `a + b * c` as a flat sequence (operand, operator, operand, …); the type
/// checker folds it by the operators' precedence groups. This is that folding, with the standard
/// library's groups.
extension ASTDecoder {
    /// An operator of a sequence, decoded where it stands.
    private enum Operator {
        case binary(String)
        case assign
        case ternary(Expr)
        case cast(TypeName, CastKind)
        case isType(TypeName)

        var precedence: Int {
            switch self {
            case .assign: return 90
            case .ternary: return 100
            case .cast, .isType: return 132
            case .binary(let op): return Self.precedence(of: op)
            }
        }

        var rightAssociative: Bool {
            switch self {
            case .assign, .ternary: return true
            case .binary(let op): return op == "??" || Self.precedence(of: op) == 90
            default: return false
            }
        }

        /// Swift's standard precedence groups; an unknown operator gets DefaultPrecedence.
        static func precedence(of op: String) -> Int {
            switch op {
            case "<<", ">>", "&<<", "&>>": return 160
            case "*", "/", "%", "&*", "&": return 150
            case "+", "-", "&+", "&-", "|", "^": return 140
            case "..<", "...": return 135
            case "??": return 131
            case "<", "<=", ">", ">=", "==", "!=", "===", "!==", "~=": return 130
            case "&&": return 120
            case "||": return 110
            case "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "|=", "^=", "&*=", "&+=", "&-=": return 90
            default: return 105
            }
        }
    }

    mutating func decodeSequence(_ elements: [ASTNode]) throws(CodeDiagnostic) -> Expr {
        guard let first = elements.first else { return Expr(.unsupported("an empty expression"), at: anchorLocation) }
        var operands: [Expr] = [try decodeExpr(first)]
        var operators: [(Operator, CodeLocation)] = []
        var k = 1
        while k + 1 < elements.count {
            let node = elements[k]
            let op: Operator
            var at = anchorLocation
            switch node.kind {
            case "assign_expr":
                at = location(cursor.find("="))
                op = .assign
            case "ternary_expr":
                at = location(cursor.find("?"))
                guard let middle = node.node("then_expr") else { return Expr(.unsupported("this ?:"), at: at) }
                let then = try decodeExpr(middle)
                _ = cursor.find(":")
                op = .ternary(then)
            case "coerce_expr", "conditional_checked_cast_expr", "forced_checked_cast_expr", "is_subtype_expr":
                let keyword = node.kind == "is_subtype_expr" ? "is" : "as"
                let token = cursor.find(keyword)
                at = location(token)
                guard let token, let type = typeAfter(token) else { return Expr(.unsupported("this cast"), at: at) }
                switch node.kind {
                case "is_subtype_expr": op = .isType(type)
                case "coerce_expr": op = .cast(type, .coerce)
                case "conditional_checked_cast_expr": op = .cast(type, .conditional)
                default: op = .cast(type, .forced)
                }
            case "unresolved_decl_ref_expr":
                let name = node.string("name") ?? ""
                at = location(cursor.find(name))
                op = .binary(name)
            default:
                let what = "the operator \(kindName(node.kind))"
                unsupported(what, at: anchorLocation)
                return Expr(.unsupported(what), at: anchorLocation)
            }
            // Move the operators that bind tighter (or as tightly, to the left) onto their operands.
            while let (top, topAt) = operators.last,
                top.precedence > op.precedence || (top.precedence == op.precedence && !op.rightAssociative)
            {
                operators.removeLast()
                reduce(top, at: topAt, &operands)
            }
            operators.append((op, at))
            switch op {
            case .cast, .isType: break  // the element after a cast is the cast again, standing in for its type
            default: operands.append(try decodeExpr(elements[k + 1]))
            }
            k += 2
        }
        while let (top, topAt) = operators.popLast() { reduce(top, at: topAt, &operands) }
        return operands.count == 1 ? operands[0] : Expr(.unsupported("this expression"), at: anchorLocation)
    }

    private func reduce(_ op: Operator, at: CodeLocation, _ operands: inout [Expr]) {
        switch op {
        case .cast(let type, let kind):
            let value = operands.removeLast()
            operands.append(Expr(.cast(value, type, kind), at: at))
        case .isType(let type):
            let value = operands.removeLast()
            operands.append(Expr(.isType(value, type), at: at))
        default:
            guard operands.count >= 2 else { return }
            let right = operands.removeLast()
            let left = operands.removeLast()
            let kind: Expr.Kind
            switch op {
            case .assign: kind = .assign(left, right)
            case .ternary(let then): kind = .ternary(left, then, right)
            case .binary(let name) where Operator.precedence(of: name) == 90 && name.hasSuffix("="):
                kind = .compoundAssign(String(name.dropLast()), left, right)
            case .binary(let name): kind = .binary(name, left, right)
            default: kind = .unsupported("this expression")
            }
            operands.append(Expr(kind, at: at))
        }
    }
}
