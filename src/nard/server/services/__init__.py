"""The server's services: games (seats, turns, apply, save, publish), players, the bot."""
