"""The server's services beside the game rooms: the action log's group commit, players
and accounts, the bot's worker pool, analyses."""
