"""Miridon mechs (004 Chapter 9, L3589-3681): who may pilot what, the mech's own battle
rules (turn always last, parts with their own speed pools, body stats, disabled and
recovered), entering and exiting. No part exists in the text (gap M17): parts are data
(``data/mech_parts.yaml``, defaults marked as such)."""
