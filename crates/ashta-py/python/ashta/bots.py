"""Our bots from Python: ``choose(state, level=...)`` and the ``Bot`` class.

A bot decides a whole play (every value of the bag at once); it comes back as the
action ids of its moves, to apply to the state in order.
"""

from ._ashta import BOT_NAMES, Bot, choose

__all__ = ["BOT_NAMES", "Bot", "choose"]
