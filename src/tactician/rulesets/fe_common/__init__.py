"""Shared Fire Emblem layer: not a ruleset, a library the Fire Emblem rulesets import.

It holds what 000 (Tropera), 001 (fe-tabletop) and 002 (fe-classic) share: the
triangles, attack rolls (one d100 or two averaged; the crit in the same roll or
a second one; a fumble band), the GBA-order exchange, and one FE8 compendium
(classes, weapons, items) that each ruleset reads its own way. It imports core
only, never a ruleset; a ruleset may import it.
"""
