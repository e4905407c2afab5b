"""Files on disk: the game file's schema, atomic saves under a lock, backups and recovery,
the stats index, the settings file and the user folders."""
