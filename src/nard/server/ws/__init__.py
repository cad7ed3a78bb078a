"""The WebSocket of a game (docs/protocol.md)."""
