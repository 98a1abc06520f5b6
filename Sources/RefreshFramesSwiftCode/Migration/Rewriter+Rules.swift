extension Rewriter {
    // MARK: C-style for

    /// `for INIT; COND; STEP { BODY }` (parenthesised or not) → `do { INIT; while COND { defer { STEP } BODY } }`:
    /// the step runs after every pass, `continue` included, and INIT's names stay local to the loop.
    mutating func rewriteCStyleFor(at forIndex: Int) {
        guard startsStatement(forIndex) || token(forIndex - 1)?.is(":") == true else { return }
        var semicolons: [Int] = []
        var k = forIndex + 1
        let parenthesised = token(k)?.is("(") == true && partner[k] != nil
        if parenthesised { k += 1 }
        var body: Int?
        while let t = token(k) {
            if t.is("(") || t.is("["), let close = partner[k] {
                k = close + 1
                continue
            }
            if t.is(";") { semicolons.append(k) }
            if t.is("{") {
                body = k
                break
            }
            if t.is("}") { return }
            k += 1
        }
        guard semicolons.count == 2, let body, let bodyClose = partner[body] else { return }
        let (first, second) = (semicolons[0], semicolons[1])
        var closeParen: Int?
        if parenthesised {
            guard let close = partner[forIndex + 1], close == body - 1 else { return }
            closeParen = close
        }
        let anchor = tokens[forIndex].start
        // A label before the loop moves to the `while`, where `break label` and `continue label` find it.
        var label = ""
        if token(forIndex - 1)?.is(":") == true, let name = token(forIndex - 2), name.kind == .identifier,
            startsStatement(forIndex - 2)
        {
            label = name.text + ": "
            replace(forIndex - 2, with: "", anchor: anchor)
            replace(forIndex - 1, with: "", anchor: anchor)
        }
        replace(forIndex, with: "do {", anchor: anchor)
        if parenthesised { replace(forIndex + 1, with: "", anchor: anchor) }
        let hasInit = first > forIndex + (parenthesised ? 2 : 1)
        let conditionEnd = second
        let hasCondition = conditionEnd > first + 1
        replace(first, with: (hasInit ? "; " : "") + label + "while" + (hasCondition ? " " : " true"), anchor: anchor)
        let stepStart = second + 1
        let stepEnd = closeParen ?? body
        if stepEnd > stepStart {
            replace(second, with: " { defer {", anchor: anchor)
            // Steps are statements in the defer: `++i, --j` → `i += 1; j -= 1`.
            var s = stepStart
            while s < stepEnd {
                if tokens[s].is(","), !claimed.contains(s) { replace(s, with: ";") }
                s += 1
            }
            for s in stepStart..<stepEnd { rewriteIncrement(startingAt: s, limit: stepEnd - 1) }
            if let closeParen { replace(closeParen, with: "", anchor: anchor) }
            replace(body, with: "};", anchor: anchor)
        } else {
            replace(second, with: " {", anchor: anchor)
            if let closeParen { replace(closeParen, with: "", anchor: anchor) }
            replace(body, with: "", anchor: anchor)
        }
        replace(bodyClose, with: "} }", anchor: tokens[bodyClose].start)
        notes.append((anchor, "C-style for loop read as a while loop (removed in Swift 3)"))
    }

    // MARK: ++ and --

    /// `++x` or `x++` alone as a statement → `x += 1` (`--`: `-= 1`). Inside expressions they stay, and
    /// the interpreter gives them Swift 2's meaning.
    mutating func rewriteIncrementStatement(startingAt i: Int) {
        guard startsStatement(i) else { return }
        rewriteIncrement(startingAt: i, limit: nil)
    }

    /// Rewrites `++operand` or `operand++` starting at `i` when it ends at `limit` (or a statement's end).
    mutating func rewriteIncrement(startingAt i: Int, limit: Int?) {
        guard !claimed.contains(i), let t = token(i) else { return }
        func ends(_ e: Int) -> Bool {
            guard let limit else { return endsStatement(e) }
            return e == limit || token(e + 1)?.is(",") == true
        }
        if t.kind == .operator, t.text == "++" || t.text == "--" {
            guard let end = operandEnd(from: i + 1), ends(end) else { return }
            replace(i, with: "")
            insert(t.text == "++" ? " += 1" : " -= 1", at: tokens[end].end, anchor: t.start)
            notes.append(
                (t.start, "'\(t.text)' statement read as '\(t.text == "++" ? "+=" : "-=") 1' (removed in Swift 3)"))
        } else if let end = operandEnd(from: i), let op = token(end + 1), op.kind == .operator,
            op.text == "++" || op.text == "--", !op.spaceBefore, ends(end + 1), !claimed.contains(end + 1)
        {
            replace(end + 1, with: op.text == "++" ? " += 1" : " -= 1")
            notes.append(
                (op.start, "'\(op.text)' statement read as '\(op.text == "++" ? "+=" : "-=") 1' (removed in Swift 3)"))
        }
    }

    // MARK: Function types

    /// `(cell: AnyObject, item: AnyObject) -> ()` → `(_ cell: AnyObject, _ item: AnyObject) -> ()`: Swift 3
    /// dropped argument labels from function types.
    mutating func rewriteFunctionTypeLabels(open: Int) {
        guard let close = partner[open], let after = token(close + 1) else { return }
        let arrow =
            after.is("->")
            || (["throws", "rethrows"].contains(after.text) && token(close + 2)?.is("->") == true)
        guard arrow else { return }
        if let previous = token(open - 1) {
            // A declaration's parameters, a call, or a closure's signature: labels are fine there.
            let attribute = previous.kind == .identifier && token(open - 2)?.is("@") == true
            if previous.kind == .identifier && !attribute { return }
            if previous.is("{") || previous.is("]") || previous.is(">") || previous.is(")") { return }
        }
        var k = open + 1
        var elementStart = true
        while k < close {
            let t = tokens[k]
            if elementStart, t.kind == .identifier, t.text != "_", token(k + 1)?.is(":") == true {
                insert("_ ", at: t.start, anchor: t.start)
                notes.append((t.start, "argument label '\(t.text)' in a function type read as a parameter name"))
            }
            elementStart = false
            if t.is("(") || t.is("["), let c = partner[k] {
                k = c + 1
                continue
            }
            if t.is(",") { elementStart = true }
            k += 1
        }
    }

    // MARK: Parameters

    /// `func f(var a: Int)` → `func f(a: Int) { var a = a; …`; `let a` → `a`; `inout a: Int` → `a: inout Int`.
    mutating func rewriteParameterModifiers(declaration: Int) {
        var k = declaration + 1
        if tokens[declaration].is("func") { k += 1 }
        if let t = token(k), t.is("<") || t.text.hasPrefix("<") {
            var level = 0
            while let g = token(k) {
                level += g.text.filter { $0 == "<" }.count - g.text.filter { $0 == ">" }.count
                k += 1
                if level <= 0 { break }
            }
        }
        guard let open = token(k), open.is("("), let close = partner[k] else { return }
        var shadows: [String] = []
        var p = k + 1
        var elementStart = true
        while p < close {
            let t = tokens[p]
            if elementStart, ["var", "let", "inout"].contains(t.text), let name = token(p + 1), name.kind == .identifier
            {
                var colon = p + 1
                while colon < close, !tokens[colon].is(":") { colon += 1 }
                if colon < close, tokens[colon - 1].kind == .identifier {
                    let parameterName = tokens[colon - 1].text
                    replace(p, with: "")
                    if t.text == "var" { shadows.append(parameterName) }
                    if t.text == "inout", let type = token(colon + 1) {
                        insert("inout ", at: type.start, anchor: t.start)
                    }
                    notes.append((t.start, "'\(t.text)' before parameter '\(parameterName)' (removed in Swift 3)"))
                }
            }
            elementStart = false
            if t.is("(") || t.is("["), let c = partner[p] {
                p = c + 1
                continue
            }
            if t.is(",") { elementStart = true }
            p += 1
        }
        guard !shadows.isEmpty else { return }
        var b = close + 1
        while let t = token(b), !t.is("{") {
            if t.is("}") || t.is(";") || ["func", "var", "let", "init", "case", "class", "struct"].contains(t.text) {
                return
            }
            if t.is("(") || t.is("["), let c = partner[b] { b = c }
            b += 1
        }
        guard let brace = token(b) else { return }
        insert(" " + shadows.map { "var \($0) = \($0);" }.joined(separator: " "), at: brace.end, anchor: brace.start)
    }

    // MARK: Conditions

    /// `if let a = b where a > 0` → `if let a = b, a > 0`; `if let a = b, c = d` → `if let a = b, let c = d`.
    mutating func rewriteConditions(at keyword: Int) {
        guard tokens[keyword].interpolationDepth == 0 else { return }
        // `repeat { … } while x` has no body of its own.
        if tokens[keyword].is("while"), token(keyword - 1)?.is("}") == true { return }
        let stops: Set = ["for", "switch", "return", "func", "class", "struct", "enum", "repeat", "do", "defer"]
        var binding: String?
        var k = keyword + 1
        while let t = token(k), !t.is("{") {
            if t.is("}") || t.is(";") || stops.contains(t.text) { return }
            if t.is("let") || t.is("var") { binding = t.text }
            if t.is("case") { binding = nil }
            if t.is("where"), binding != nil {
                replace(k, with: ",")
                notes.append((t.start, "'where' in a condition read as ',' (changed in Swift 3)"))
            }
            if t.is(","), let binding, let name = token(k + 1), name.kind == .identifier,
                !Rewriter.keywords.contains(name.text), let eq = token(k + 2), eq.kind == .operator, eq.text == "="
            {
                insert(binding + " ", at: name.start, anchor: name.start)
                notes.append(
                    (name.start, "'\(binding)' added before '\(name.text)' in a condition (required since Swift 3)"))
            }
            if t.is("(") || t.is("["), let c = partner[k] {
                k = c + 1
                continue
            }
            k += 1
        }
    }
}
