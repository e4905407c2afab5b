complete --command callbreak --keep-order --no-files --arguments "(env _CALLBREAK_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args _TYPER_COMPLETE_ARGS=(commandline -cp) callbreak)" --condition "env _CALLBREAK_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args _TYPER_COMPLETE_ARGS=(commandline -cp) callbreak"
complete --command callbreak --no-files
complete --command callbreak --condition '__fish_seen_subcommand_from export' --short-option o --long-option output --require-parameter --force-files
