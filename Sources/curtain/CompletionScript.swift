// The shell completion scripts (`curtain --generate-completion-script SHELL`)
// and the completion requests they make (`curtain ---completion …`), both
// answered from `CompletionCommand`: `curtain` with the global options known
// before the command as well (`curtain --session copy push @<Tab>`), as
// `CurtainCommand.main` takes them (`GlobalOptions.hoisted`). The bash script
// gets a wrapper of its own (`bashWholeWords`).

import ArgumentParser

/// `curtain` as the completion scripts describe it: every command, and the
/// global options before the command too. It never runs.
struct CompletionCommand: ParsableCommand {
  static let configuration = CurtainCommand.configuration

  @OptionGroup var globals: GlobalOptions

  /// Whether `arguments` ask for a completion script or for the names to
  /// offer for a word (what the scripts run).
  static func handles(_ arguments: [String]) -> Bool {
    arguments.first == "---completion"
      || arguments.contains { $0.hasPrefix("--generate-completion-script") }
  }

  /// Prints the script or the names `arguments` ask for, and exits.
  static func answer(_ arguments: [String]) -> Never {
    if let shell = requestedShell(arguments), shell == .bash {
      print(completionScript(for: .bash) + bashWholeWords, terminator: "")
      exit()
    }
    main(arguments)
    exit()
  }

  /// The shell of `--generate-completion-script SHELL` (or `=SHELL`, or the
  /// shell of $SHELL when none is named), if that is the only argument.
  private static func requestedShell(_ arguments: [String]) -> CompletionShell? {
    let option = "--generate-completion-script"
    switch arguments.count {
    case 1 where arguments[0] == option: return .autodetected()
    case 1 where arguments[0].hasPrefix(option + "="):
      return CompletionShell(rawValue: String(arguments[0].dropFirst(option.count + 1)))
    case 2 where arguments[0] == option: return CompletionShell(rawValue: arguments[1])
    default: return nil
    }
  }

  /// Appended to the bash script. bash splits the word being completed at
  /// the characters of $COMP_WORDBREAKS, `@` and `=` among them, so the
  /// generated function saw `push @N` as `push`, `@`, `N` and offered
  /// nothing; and under `-o filenames` readline wrote `@Nav` back as
  /// `\@Nav`. This wrapper joins the pieces of each word again (those with
  /// no blank between them), completes the whole words with the generated
  /// function, gives bash back only the end of each name that
  /// readline replaces (readline replaces only its own word, which bash passes as the
  /// function's second argument), and asks for file-name quoting
  /// only when every name offered is a file.
  static let bashWholeWords = #"""

    # curtain: complete whole words, "@" and "=" included (CompletionScript.swift).
    _curtain_whole_words() {
        local -a words=()
        local -i index cword=0 start=0 word_start=0
        local rest="${COMP_LINE}" trimmed
        for index in "${!COMP_WORDS[@]}"; do
            trimmed="${rest#"${rest%%[![:space:]]*}"}"
            if ((index > 0)) && [[ "${trimmed}" == "${rest}" ]]; then
                words[${#words[@]} - 1]+="${COMP_WORDS[index]}"
            else
                words+=("${COMP_WORDS[index]}")
                start=$((${#COMP_LINE} - ${#trimmed}))
            fi
            rest="${trimmed#"${COMP_WORDS[index]}"}"
            if ((index == COMP_CWORD)); then
                cword=$((${#words[@]} - 1))
                word_start=${start}
            fi
        done
        local cur="${COMP_LINE:word_start:COMP_POINT-word_start}"
        local prev=""
        ((cword > 0)) && prev="${words[cword - 1]}"

        local -a COMP_WORDS=("${words[@]}")
        local -i COMP_CWORD=${cword}
        COMPREPLY=()
        _curtain "${1}" "${cur}" "${prev}"

        # Readline replaces only its own word, ${2}: the end of ${cur}.
        local -i keep=$((${#cur} - ${#2}))
        if ((keep > 0)) && [[ "${cur}" == *"${2}" ]]; then
            local -a whole=("${COMPREPLY[@]}")
            local name
            COMPREPLY=()
            for name in "${whole[@]}"; do
                [[ "${name}" == "${cur:0:keep}"* ]] && COMPREPLY+=("${name:keep}")
            done
        fi

        local name
        for name in "${COMPREPLY[@]}"; do
            [[ -e "${name}" ]] || return 0
        done
        ((${#COMPREPLY[@]} > 0)) && compopt -o filenames
        return 0
    }
    complete -F _curtain_whole_words curtain

    """#
}
