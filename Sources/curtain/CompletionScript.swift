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
    switch requestedShell(arguments) {
    case .bash?:
      print(completionScript(for: .bash) + bashWholeWords, terminator: "")
      exit()
    case .zsh?:
      print(zshEqualsForms(completionScript(for: .zsh)), terminator: "")
      exit()
    default:
      break
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

  /// The zsh script with each option that takes a value declared as
  /// `--name=` to `_arguments`, which then reads `--session=copy` as well
  /// as `--session copy` (ArgumentParser declares `--session`, the second
  /// form only, so that zsh took `--session=copy` before a command for the
  /// command and completed nothing after it).
  static func zshEqualsForms(_ script: String) -> String {
    script.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let name = optionTakingAValue(in: line) else { return String(line) }
      return String(line[..<name]) + "=" + line[name...]
    }.joined(separator: "\n")
  }

  /// Where the name of an option that takes a value ends, in a line of
  /// `_arguments` specs (`'--session[The session…]:name:action'`, or
  /// without the bracketed description), if the line is one.
  private static func optionTakingAValue(in line: Substring) -> Substring.Index? {
    let spec = line.drop { $0 == " " }
    guard spec.hasPrefix("'--") || spec.hasPrefix("'*--") else { return nil }
    let nameEnd =
      spec.dropFirst(spec.hasPrefix("'*") ? 4 : 3).firstIndex {
        !($0.isLetter || $0.isNumber || $0 == "-")
      } ?? spec.endIndex
    guard nameEnd < spec.endIndex else { return nil }
    switch spec[nameEnd] {
    case ":": return nameEnd
    case "[":
      // The description ends at the first "]" not escaped as "\]".
      var escaped = false
      var index = spec.index(after: nameEnd)
      while index < spec.endIndex {
        let character = spec[index]
        index = spec.index(after: index)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "]" {
          return index < spec.endIndex && spec[index] == ":" ? nameEnd : nil
        }
      }
      return nil
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

        # "--option=VALUE": VALUE is completed as the word after "--option"
        # (files for --socket), and each name offered gets "--option=" back.
        local option=""
        local line="${COMP_LINE}"
        if [[ "${cur}" == --*=* ]]; then
            option="${cur%%=*}"
            cur="${cur#*=}"
            prev="${option}"
            words=("${words[@]:0:cword}" "${option}" "${cur}" "${words[@]:cword+1}")
            cword+=1
            line="${COMP_LINE:0:word_start+${#option}} ${COMP_LINE:word_start+${#option}+1}"
        fi

        local -a COMP_WORDS=("${words[@]}")
        local -i COMP_CWORD=${cword}
        local COMP_LINE="${line}"
        COMPREPLY=()
        _curtain "${1}" "${cur}" "${prev}"
        if [[ -n "${option}" ]]; then
            COMPREPLY=("${COMPREPLY[@]/#/${option}=}")
            cur="${option}=${cur}"
        fi

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
