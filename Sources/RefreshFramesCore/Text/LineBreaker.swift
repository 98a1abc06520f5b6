/// Line break opportunities by the Unicode Line Breaking Algorithm (UAX #14, Unicode 15.0: rules
/// LB2–LB31 with the number tailoring of its Section 8.2, Example 7, as LineBreakTest.txt uses), over
/// the classes of `LineBreakTable.swift`. Chinese and Japanese break between ideographs (ID) and keep
/// their punctuation where kinsoku puts it: closing marks (`。，、）」`: CL, CP) never start a line,
/// opening ones (`（「`: OP) never end one, small kana and iteration marks (NS) stay with what precedes.
package enum LineBreaker {
    /// What may happen before a scalar.
    package enum Opportunity: Sendable, Equatable {
        /// The line must end here (after a line feed, a paragraph separator…).
        case mandatory
        /// The line may end here.
        case allowed
        /// The line may not end here.
        case prohibited
    }

    /// The class of a scalar (LB1 applied).
    static func lineClass(_ scalar: Unicode.Scalar) -> LineClass {
        let value = scalar.value
        var low = 0
        var high = classRuns.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if classRuns[middle] >> 6 <= value { low = middle } else { high = middle - 1 }
        }
        return LineClass(rawValue: UInt8(classRuns[low] & 0x3F)) ?? .al
    }

    /// For each scalar after the first, what may happen before it (`result[i]` is the position before
    /// `scalars[i + 1]`); the end of the text is always a break (LB3) and not listed.
    package static func opportunities(_ scalars: [Unicode.Scalar]) -> [Opportunity] {
        guard scalars.count > 1 else { return [] }
        let classes = scalars.map(lineClass)
        var state = State(first: classes[0])
        var result: [Opportunity] = []
        result.reserveCapacity(classes.count - 1)
        for i in 1..<classes.count {
            let next = i + 1 < classes.count ? classes[i + 1] : nil
            result.append(state.opportunity(before: classes[i], then: next))
            state.advance(classes[i])
        }
        return result
    }
}

extension LineBreaker.LineClass {
    fileprivate var isOP: Bool { self == .op || self == .opw }
    fileprivate var isCP: Bool { self == .cp || self == .cpw }
    fileprivate var isAlphabetic: Bool { self == .al || self == .hl }
    fileprivate var isIdeographic: Bool { self == .id || self == .idcn || self == .eb || self == .em }
    fileprivate var isHangul: Bool { [.jl, .jv, .jt, .h2, .h3].contains(self) }
    /// The classes rule LB9 does not attach a combining mark to.
    fileprivate var takesNoMarks: Bool { [.bk, .cr, .lf, .nl, .sp, .zw].contains(self) }
}

/// What the rules need to know of the text before a position.
private struct State {
    typealias LineClass = LineBreaker.LineClass

    /// The class of the scalar before (LB4–LB8a look at it as it is).
    var actual: LineClass
    /// The class of the character before, combining marks attached to their base (LB9, LB10).
    var before: LineClass
    /// The character before that (LB21a).
    var beforeThat: LineClass?
    /// The last class that is not a space (the rules written `X SP* ×`).
    var lastNonSpace: LineClass
    /// How many regional indicators end the text so far (LB30a).
    var regionalIndicators = 0
    /// Inside a number `NU (NU | SY | IS)*`, or just after its closing `(CL | CP)` (LB25).
    var number: NumberState = .none

    enum NumberState { case none, digits, closed }

    init(first: LineClass) {
        let base: LineClass = first == .cm || first == .zwj ? .al : first
        actual = first
        before = base
        lastNonSpace = base
        track(base)
    }

    mutating func advance(_ next: LineClass) {
        defer { actual = next }
        if (next == .cm || next == .zwj) && !before.takesNoMarks { return }  // LB9: part of the character before
        let base: LineClass = next == .cm || next == .zwj ? .al : next  // LB10
        beforeThat = before
        before = base
        if base != .sp { lastNonSpace = base }
        track(base)
    }

    private mutating func track(_ base: LineClass) {
        regionalIndicators = base == .ri ? regionalIndicators + 1 : 0
        switch (number, base) {
        case (_, .nu): number = .digits
        case (.digits, .sy), (.digits, .`is`): number = .digits
        case (.digits, .cl), (.digits, .cp), (.digits, .cpw): number = .closed
        default: number = .none
        }
    }

    /// LB4 to LB31, in order, for the position before a scalar of class `b` (`next`: the one after it).
    func opportunity(before b: LineClass, then next: LineClass?) -> LineBreaker.Opportunity {
        // LB4, LB5: after a hard line break.
        if actual == .cr && b == .lf { return .prohibited }
        if [.bk, .cr, .lf, .nl].contains(actual) { return .mandatory }
        // LB6, LB7.
        if [.bk, .cr, .lf, .nl, .sp, .zw].contains(b) { return .prohibited }
        // LB8: ZW SP* ÷.
        if lastNonSpace == .zw && (before == .zw || before == .sp) { return .allowed }
        // LB8a: ZWJ ×.
        if actual == .zwj { return .prohibited }
        // LB9: a combining mark stays with its base.
        if (b == .cm || b == .zwj) && !before.takesNoMarks { return .prohibited }
        let a = before
        let b: LineClass = b == .cm || b == .zwj ? .al : b  // LB10
        // LB11, LB12, LB12a.
        if a == .wj || b == .wj || a == .gl { return .prohibited }
        if b == .gl && ![.sp, .ba, .hy].contains(a) { return .prohibited }
        // LB13: × CL, CP, EX, IS, SY.
        if b == .cl || b.isCP || b == .ex || b == .`is` || b == .sy { return .prohibited }
        // LB14–LB17: OP SP* ×; QU SP* × OP; (CL | CP) SP* × NS; B2 SP* × B2.
        if lastNonSpace.isOP { return .prohibited }
        if lastNonSpace == .qu && b.isOP { return .prohibited }
        if (lastNonSpace == .cl || lastNonSpace.isCP) && b == .ns { return .prohibited }
        if lastNonSpace == .b2 && b == .b2 { return .prohibited }
        // LB18: SP ÷.
        if a == .sp { return .allowed }
        // LB19, LB20.
        if a == .qu || b == .qu { return .prohibited }
        if a == .cb || b == .cb { return .allowed }
        // LB21, LB21a, LB21b, LB22.
        if b == .ba || b == .hy || b == .ns || a == .bb { return .prohibited }
        if (a == .hy || a == .ba) && beforeThat == .hl { return .prohibited }
        if a == .sy && b == .hl { return .prohibited }
        if b == .`in` { return .prohibited }
        // LB23, LB23a, LB24.
        if (a.isAlphabetic && b == .nu) || (a == .nu && b.isAlphabetic) { return .prohibited }
        if (a == .pr && b.isIdeographic) || (a.isIdeographic && b == .po) { return .prohibited }
        if (a == .pr || a == .po) && b.isAlphabetic { return .prohibited }
        if a.isAlphabetic && (b == .pr || b == .po) { return .prohibited }
        // LB25, tailored: (PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)? is one unit.
        if (a == .pr || a == .po) && (b == .nu || ((b.isOP || b == .hy) && next == .nu)) { return .prohibited }
        if (a.isOP || a == .hy) && b == .nu { return .prohibited }
        if number == .digits && [.nu, .sy, .`is`, .cl, .cp, .cpw].contains(b) { return .prohibited }
        if number != .none && (b == .po || b == .pr) { return .prohibited }
        // LB26, LB27: Korean syllables.
        if a == .jl && [.jl, .jv, .h2, .h3].contains(b) { return .prohibited }
        if (a == .jv || a == .h2) && (b == .jv || b == .jt) { return .prohibited }
        if (a == .jt || a == .h3) && b == .jt { return .prohibited }
        if (a.isHangul && b == .po) || (a == .pr && b.isHangul) { return .prohibited }
        // LB28, LB29, LB30.
        if a.isAlphabetic && b.isAlphabetic { return .prohibited }
        if a == .`is` && b.isAlphabetic { return .prohibited }
        if (a.isAlphabetic || a == .nu) && b == .op { return .prohibited }
        if a == .cp && (b.isAlphabetic || b == .nu) { return .prohibited }
        // LB30a: regional indicators in pairs; LB30b: an emoji base and its modifier.
        if a == .ri && b == .ri && regionalIndicators % 2 == 1 { return .prohibited }
        if (a == .eb || a == .idcn) && b == .em { return .prohibited }
        // LB31.
        return .allowed
    }
}
