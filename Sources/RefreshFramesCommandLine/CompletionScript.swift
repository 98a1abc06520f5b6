/// `--generate-completion-script bash|zsh|fish` (swift-argument-parser's spelling): shell
/// completion generated from the command definitions, so it cannot drift from `--help`.
package enum CompletionScript {
    package enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    package static func make(_ shell: Shell, commands: [CommandDefinition]) -> String {
        switch shell {
        case .bash: bash(commands)
        case .zsh: zsh(commands)
        case .fish: fish(commands)
        }
    }

    /// A help text's first sentence without the characters the shells' quoting would need escaped.
    package static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ".", maxSplits: 1).first.map(String.init) ?? help
        return String(sentence.filter { !"'\"`\\[]:$".contains($0) })
    }

    private static func names(_ option: OptionDefinition) -> [String] {
        ["--" + option.long] + (option.short.map { ["-\($0)"] } ?? [])
    }

    package static func bash(_ commands: [CommandDefinition]) -> String {
        let top = (commands.map(\.name) + ["help", "--help", "--version", "--generate-completion-script"])
        var cases = ""
        for command in commands {
            let all = command.options.flatMap(names) + ["--help"]
            // After an option of fixed values: those values; after another that takes a value:
            // files (a command without either has no such case).
            var valueCases = ""
            for option in command.options where !option.choices.isEmpty {
                valueCases += """
                                \(names(option).joined(separator: "|")))
                                    COMPREPLY=( $(compgen -W "\(option.choices.joined(separator: " "))" -- "$cur") ); return ;;

                    """
            }
            let valued = command.options.filter { $0.valueName != nil && $0.choices.isEmpty }.flatMap(names)
            if !valued.isEmpty {
                valueCases += """
                                \(valued.joined(separator: "|")))
                                    COMPREPLY=( $(compgen -f -- "$cur") ); return ;;

                    """
            }
            let afterValue =
                valueCases.isEmpty
                ? ""
                : """
                        case "$prev" in
                \(valueCases)        esac

                """
            cases += """
                    \(command.name))
                \(afterValue)        if [[ $cur == -* ]]; then
                            COMPREPLY=( $(compgen -W "\(all.joined(separator: " "))" -- "$cur") )
                        else
                            COMPREPLY=( $(compgen -f -- "$cur") )
                        fi
                        ;;

                """
        }
        return """
            # bash completion for refresh-frames (refresh-frames --generate-completion-script bash)
            _refresh_frames() {
                local cur="${COMP_WORDS[COMP_CWORD]}"
                local prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=( $(compgen -W "\(top.joined(separator: " "))" -- "$cur") )
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    --generate-completion-script)
                        COMPREPLY=( $(compgen -W "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur") ) ;;
                    help)
                        COMPREPLY=( $(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur") ) ;;
            \(cases)    esac
            }
            complete -o filenames -F _refresh_frames refresh-frames

            """
    }

    package static func zsh(_ commands: [CommandDefinition]) -> String {
        let described = commands.map { "'\($0.name):\(summary($0.abstract))'" }
        var cases = ""
        for command in commands {
            var specs: [String] = []
            for option in command.options {
                for name in names(option) {
                    let action = option.choices.isEmpty ? "_files" : "(\(option.choices.joined(separator: " ")))"
                    let value = option.valueName.map { ":\(summary($0)):\(action)" } ?? ""
                    specs.append("'\(name)[\(summary(option.help))]\(value)'")
                }
            }
            specs.append("'--help[Show help information]'")
            specs.append("'*:file:_files'")
            cases += "        \(command.name))\n            _arguments \\\n"
            cases += specs.map { "                \($0)" }.joined(separator: " \\\n") + " ;;\n"
        }
        return """
            #compdef refresh-frames
            # zsh completion for refresh-frames (refresh-frames --generate-completion-script zsh)
            _refresh_frames() {
                local -a subcommands
                subcommands=(\(described.joined(separator: " ")) 'help:Show help for a subcommand')
                if (( CURRENT == 2 )); then
                    _describe 'subcommand' subcommands
                    _arguments '--help[Show help information]' '--version[Show the version]' \\
                        '--generate-completion-script[Print a shell completion script]:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))'
                    return
                fi
                case $words[2] in
            \(cases)        help) _describe 'subcommand' subcommands ;;
                esac
            }
            _refresh_frames "$@"

            """
    }

    package static func fish(_ commands: [CommandDefinition]) -> String {
        var lines = [
            "# fish completion for refresh-frames (refresh-frames --generate-completion-script fish)",
            "complete -c refresh-frames -f",
            "complete -c refresh-frames -n '__fish_use_subcommand' -l help -d 'Show help information'",
            "complete -c refresh-frames -n '__fish_use_subcommand' -l version -d 'Show the version'",
            "complete -c refresh-frames -n '__fish_use_subcommand' -l generate-completion-script -x -a '"
                + Shell.allCases.map(\.rawValue).joined(separator: " ") + "' -d 'Print a shell completion script'",
            "complete -c refresh-frames -n '__fish_use_subcommand' -a help -d 'Show help for a subcommand'",
        ]
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            lines.append(
                "complete -c refresh-frames -n '__fish_use_subcommand' -a \(command.name) -d '\(summary(command.abstract))'"
            )
            lines.append("complete -c refresh-frames \(condition) -F")
            for option in command.options {
                var line = "complete -c refresh-frames \(condition) -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if !option.choices.isEmpty {
                    line += " -x -a '\(option.choices.joined(separator: " "))'"
                } else if option.valueName != nil {
                    line += " -r -F"
                }
                lines.append(line + " -d '\(summary(option.help))'")
            }
            lines.append("complete -c refresh-frames \(condition) -l help -d 'Show help information'")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
