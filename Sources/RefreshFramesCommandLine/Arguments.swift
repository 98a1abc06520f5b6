import RefreshFramesCore

/// One option a command accepts: `--fps 30`, `-o out.gif`, or a flag `--quiet`.
package struct OptionDefinition: Sendable {
    package var long: String
    package var short: Character?
    /// Nil for a flag.
    package var valueName: String?
    package var help: String
    /// The values an option of fixed values takes, in the order completion offers them; empty
    /// for any value (a number, a path).
    package var choices: [String] = []
    /// Whether the option may be given more than once (`--code A.swift --code B.swift`).
    package var isRepeatable = false

    /// An option that may be given more than once; `ParsedArguments.all` has every value, in order.
    package static func repeatable(_ long: String, _ valueName: String, _ help: String) -> OptionDefinition {
        OptionDefinition(long: long, short: nil, valueName: valueName, help: help, isRepeatable: true)
    }

    package static func value(_ long: String, short: Character? = nil, _ valueName: String, _ help: String)
        -> OptionDefinition
    {
        OptionDefinition(long: long, short: short, valueName: valueName, help: help)
    }

    /// An option whose value is one of `choices`.
    package static func value(
        _ long: String, short: Character? = nil, _ valueName: String, choices: [String], _ help: String
    ) -> OptionDefinition {
        OptionDefinition(long: long, short: short, valueName: valueName, help: help, choices: choices)
    }

    /// An option whose value is one of `type`'s raw values (what `ParsedArguments.choice` parses).
    package static func choice<E: RawRepresentable & CaseIterable>(
        _ long: String, short: Character? = nil, _ valueName: String, _ type: E.Type, _ help: String
    ) -> OptionDefinition where E.RawValue == String {
        OptionDefinition(
            long: long, short: short, valueName: valueName, help: help, choices: E.allCases.map(\.rawValue))
    }

    package static func flag(_ long: String, short: Character? = nil, _ help: String) -> OptionDefinition {
        OptionDefinition(long: long, short: short, valueName: nil, help: help)
    }
}

package struct ArgumentDefinition: Sendable {
    package var name: String
    package var help: String
    package var isOptional: Bool
    /// The last argument may be given several times: `<spec> ...`.
    package var isVariadic = false

    package init(name: String, help: String, isOptional: Bool, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
    }
}

/// A subcommand's interface, from which both parsing and `--help` are derived.
package struct CommandDefinition: Sendable {
    package var name: String
    package var abstract: String
    package var discussion: String = ""
    package var arguments: [ArgumentDefinition] = []
    package var options: [OptionDefinition] = []

    package init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentDefinition] = [],
        options: [OptionDefinition] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    package var usage: String {
        var parts = ["refresh-frames", name]
        for a in arguments { parts.append(a.isOptional ? "[<\(a.name)>]" : "<\(a.name)>") }
        if arguments.last?.isVariadic == true { parts.append("...") }
        if !options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }

    package var help: String {
        var out = "OVERVIEW: \(abstract)\n"
        if !discussion.isEmpty { out += "\n\(discussion)\n" }
        out += "\nUSAGE: \(usage)\n"
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for a in arguments { out += row("<\(a.name)>", a.help) }
        }
        out += "\nOPTIONS:\n"
        for o in options + [.flag("help", short: "h", "Show help information.")] {
            var label = o.short.map { "-\($0), " } ?? ""
            label += "--\(o.long)"
            if let v = o.valueName { label += " <\(v)>" }
            out += row(label, o.help)
        }
        return out
    }
}

package func row(_ label: String, _ help: String) -> String {
    let pad = 26
    if label.count + 2 < pad {
        return "  " + label + String(repeating: " ", count: pad - label.count - 2) + help + "\n"
    }
    return "  \(label)\n" + String(repeating: " ", count: pad) + help + "\n"
}

package struct ParsedArguments: Sendable {
    /// The subcommand's name, for messages.
    package var command = ""
    package var positionals: [String] = []
    package var values: [String: String] = [:]
    /// Every value of a repeatable option, in the order given (`values` holds the first).
    package var lists: [String: [String]] = [:]
    package var flags: Set<String> = []
    package var wantsHelp = false

    package func value(_ long: String) -> String? { values[long] }
    /// Every value given for a repeatable option (empty when it was not given).
    package func all(_ long: String) -> [String] { lists[long] ?? values[long].map { [$0] } ?? [] }
    package func has(_ long: String) -> Bool { flags.contains(long) || values[long] != nil }
}

extension CommandDefinition {
    package func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments(command: name)
        var i = 0
        var onlyPositionals = false
        func usage(_ message: String) -> CLIError { .usage(message, command: name) }
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") || Double(arg) != nil {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            if arg == "--help" || arg == "-h" {
                parsed.wantsHelp = true
                continue
            }
            var name = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            let option: OptionDefinition?
            if name.hasPrefix("--") {
                option = options.first { "--" + $0.long == name }
            } else if name.count == 2 {
                option = options.first { $0.short.map { "-\($0)" } == name }
            } else {
                option = nil
            }
            guard let option else {
                var message = "Unknown option '\(name)'."
                let names = options.map { "--" + $0.long }
                if let m = closestMatch(to: name, in: names) { message += " Did you mean '\(m)'?" }
                throw usage(message)
            }
            if let valueName = option.valueName {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < arguments.count,
                        !(arguments[i].hasPrefix("-") && arguments[i].count > 1 && Double(arguments[i]) == nil)
                    else {
                        throw usage("Missing value for '--\(option.long) <\(valueName)>'.")
                    }
                    value = arguments[i]
                    i += 1
                }
                if option.isRepeatable {
                    parsed.lists[option.long, default: []].append(value)
                } else if parsed.values[option.long] != nil {
                    throw usage("'--\(option.long)' was given more than once.")
                }
                if parsed.values[option.long] == nil { parsed.values[option.long] = value }
            } else {
                if inline != nil { throw usage("'--\(option.long)' takes no value.") }
                parsed.flags.insert(option.long)
            }
        }
        if parsed.wantsHelp { return parsed }
        let required = self.arguments.filter { !$0.isOptional }
        if parsed.positionals.count < required.count {
            throw usage("Missing expected argument '<\(required[parsed.positionals.count].name)>'.")
        }
        if parsed.positionals.count > self.arguments.count && self.arguments.last?.isVariadic != true {
            throw usage("Unexpected argument '\(parsed.positionals[self.arguments.count])'.")
        }
        return parsed
    }
}

/// Typed values from option strings, with usage errors that quote the value.
extension ParsedArguments {
    package func double(_ long: String, command: String, in range: ClosedRange<Double>) throws(CLIError) -> Double? {
        guard let text = values[long] else { return nil }
        guard let v = Double(text), v.isFinite else {
            throw .usage("Invalid value '\(text)' for '--\(long)': expected a number.", command: command)
        }
        guard range.contains(v) else {
            throw .usage(
                "Invalid value '\(text)' for '--\(long)': expected a number from \(formatRange(range.lowerBound)) to \(formatRange(range.upperBound)).",
                command: command)
        }
        return v
    }

    package func integer(_ long: String, command: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
        guard let text = values[long] else { return nil }
        guard let v = Int(text) else {
            throw .usage("Invalid value '\(text)' for '--\(long)': expected a whole number.", command: command)
        }
        guard range.contains(v) else {
            throw .usage(
                "Invalid value '\(text)' for '--\(long)': expected a whole number from \(range.lowerBound) to \(range.upperBound).",
                command: command)
        }
        return v
    }

    package func choice<E: RawRepresentable & CaseIterable>(_ long: String, command: String, as: E.Type)
        throws(CLIError)
        -> E?
    where E.RawValue == String {
        guard let text = values[long] else { return nil }
        guard let v = E(rawValue: text) else {
            let names = E.allCases.map(\.rawValue)
            throw .usage(
                "Invalid value '\(text)' for '--\(long)': expected one of \(names.joined(separator: ", ")).",
                command: command)
        }
        return v
    }
}

private func formatRange(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
}
