"""The wire: every message and HTTP body as pydantic models, both ways (docs/protocol.md).

:mod:`~nard.server.protocol.client` holds what clients send (validated
strictly), :mod:`~nard.server.protocol.server` what the server sends,
:mod:`~nard.server.protocol.views` the objects inside those messages (a game,
its state, seats, settings) and :mod:`~nard.server.protocol.events` the match's
events; :mod:`~nard.server.protocol.http` the HTTP requests and answers,
:mod:`~nard.server.protocol.analysis` an analysis's result, and the other
modules each feature's shapes (frames, lobby, trainer, mistakes, the edge's
problems). No module outside this package defines a wire shape
(tests/server/test_layout.py). tests/server/test_protocol_doc.py holds
docs/protocol.md to them.
"""
