"""The WebSocket protocol as pydantic models, both ways (docs/protocol.md).

:mod:`~nard.server.protocol.client` holds what clients send (validated
strictly), :mod:`~nard.server.protocol.server` what the server sends,
:mod:`~nard.server.protocol.views` the objects inside those messages (a game,
its state, seats, settings) and :mod:`~nard.server.protocol.events` the match's
events. tests/server/test_protocol_doc.py holds docs/protocol.md to them.
"""
