"""Miridon battles (004 "Chapter 6" action blocks, L1588-1790): the state
(``state``), the start from a map and units files (``scenario``), the point economy
(``costs``), the attack procedure shared by resolution and forecast (``attack_roll``),
one module per family of actions registered in ``registry`` and the AI (``ai``).

Part 3 (spells, ghost HP, insanity, mechs) adds actions as new modules that register
themselves (``registry.ACTIONS``) and keeps its numbers in a unit's ``pools`` and
``conditions``; nothing here needs to change for it.
"""
