"""nard.ai: the bot and analysis, built on the bgsage engine.

The engine sits behind one protocol (:class:`~nard.ai.evaluator.Evaluator`);
the bot only ever chooses among the plays :mod:`nard.core` says are legal, so
it follows every rule set, the Iranian customs included. Importing this
package does not load bgsage; :mod:`nard.ai.engine` does, on first use.
"""
