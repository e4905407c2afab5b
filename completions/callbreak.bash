_callbreak_completion() {
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
