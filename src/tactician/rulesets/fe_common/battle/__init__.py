"""The Fire Emblem battle layer both FE rulesets build on (001 ``fe-tabletop``,
002 ``fe-classic``): what every Fire Emblem battle has, whatever its numbers.

A ruleset subclasses two pydantic models and calls small functions:

- ``state.FeUnit`` / ``state.FeBattle``: a unit's place and turn (moved, acted,
  done, carrying) and the battle (map, units, sides in phase order, round,
  result). Subclass them with the ruleset's own fields (the unit's character,
  weapon uses, weather...); every function here returns the subclass it got.
- ``turn``: the move-then-act flow ("Units can move and attack, or attack and
  move however they cannot stop their movement mid-turn", 001 L44): one move,
  whole, before or after one standard action; free actions any time in the turn.
- ``phases.end_phase``: player phase, enemy phase (and any other side), fresh
  turns for the side whose phase starts, a hook for what a phase start does
  (a Fort's +5 HP, a torch burning down).
- ``rescue``: rescue and drop (Aid against CON is the ruleset's number).
- ``seize``: a Lord seizes a throne or gate and the battle is won.
- ``combat``: the exchange as a battle action: who may attack whom at what
  distance, and writing a fight's end (HP, weapon uses, the fallen) back.
- ``result``: victory and defeat from the objectives (``engine.objectives``)
  and a seize.

Actions register in the ruleset's own ``engine.actions.ActionRegistry`` (this
layer has no registry and imports no ruleset).
"""
