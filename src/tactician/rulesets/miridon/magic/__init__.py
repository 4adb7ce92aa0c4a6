"""Miridon spells (004 L3243-3392): the casting lifecycle as a state machine, the nine
spells' effects, the casting modifiers, and the flairs that act on casters.

A ``Casting`` is an immutable value; every transition returns a new one (or refuses with a
``RulesError`` naming what was wrong, changing nothing). Effects are rolled through a
``Chance`` so one procedure serves play and exact forecasts.
"""
