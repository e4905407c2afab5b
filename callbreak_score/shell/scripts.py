"""The TAB-completion scripts, one per shell: what `callbreak completion SHELL` prints
and completions/ holds (`python -m callbreak_score.shell.completion` writes those files;
a test fails when they differ). Each one runs `callbreak` with _CALLBREAK_COMPLETE set on
every TAB press, answered by tab.py. They began as Typer's (MIT), kept in our hands:
- bash 4.4+ and fish 3.1+ keep our order (game ids newest first): `-o nosort`,
  `--keep-order`;
- no file names are offered, but for share's and export's output file (-o, --output).
"""

BASH = r'''_callbreak_completion() {
    local IFS=$'\n'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \
                   COMP_CWORD=$COMP_CWORD \
                   _CALLBREAK_COMPLETE=complete_bash $1 ) )
    case "${COMP_WORDS[COMP_CWORD-1]}" in
        -o|--output) compopt -o default ;;
    esac
    return 0
}

complete -o nosort -F _callbreak_completion callbreak
'''

ZSH = r'''#compdef callbreak

_callbreak_completion() {
  local reply
  reply=$(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _CALLBREAK_COMPLETE=complete_zsh callbreak)
  if [[ $reply != _files ]]; then
    eval $reply
  elif [[ ${words[CURRENT-1]} == (-o|--output) ]]; then
    _files
  fi
}

compdef _callbreak_completion callbreak
'''

FISH = r'''complete --command callbreak --keep-order --no-files --arguments "(env _CALLBREAK_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args _TYPER_COMPLETE_ARGS=(commandline -cp) callbreak)" --condition "env _CALLBREAK_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args _TYPER_COMPLETE_ARGS=(commandline -cp) callbreak"
complete --command callbreak --no-files
complete --command callbreak --condition '__fish_seen_subcommand_from export' --short-option o --long-option output --require-parameter --force-files
'''

POWERSHELL = r'''Import-Module PSReadLine
Set-PSReadLineKeyHandler -Chord Tab -Function MenuComplete
$scriptblock = {
    param($wordToComplete, $commandAst, $cursorPosition)
    $Env:_CALLBREAK_COMPLETE = "complete_powershell"
    $Env:_TYPER_COMPLETE_ARGS = $commandAst.ToString()
    $Env:_TYPER_COMPLETE_WORD_TO_COMPLETE = $wordToComplete
    callbreak | ForEach-Object {
        $commandArray = $_ -Split ":::"
        $command = $commandArray[0]
        $helpString = $commandArray[1]
        [System.Management.Automation.CompletionResult]::new(
            $command, $command, 'ParameterValue', $helpString)
    }
    $Env:_CALLBREAK_COMPLETE = ""
    $Env:_TYPER_COMPLETE_ARGS = ""
    $Env:_TYPER_COMPLETE_WORD_TO_COMPLETE = ""
}
Register-ArgumentCompleter -Native -CommandName callbreak -ScriptBlock $scriptblock
'''

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH, "powershell": POWERSHELL}
