"""Miridon (rules text 004): the compendium and the character model.

Not registered as a ruleset yet: the contract adapter wraps this library
(``compendium``, ``build``, ``advance``, ``sheet``) when the typed ruleset contract lands.
"""
