_callbreak_completion() {
    local IFS=$'
'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \
                   COMP_CWORD=$COMP_CWORD \
                   _CALLBREAK_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -o nosort -F _callbreak_completion callbreak
