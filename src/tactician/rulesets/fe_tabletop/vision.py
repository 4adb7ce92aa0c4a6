"""Fog of war (001 L110): the shared copy is ``fe_common.battle.vision`` (fe-classic's
fog uses it too); these names stay for fe-tabletop's modules."""

from tactician.rulesets.fe_common.battle.vision import (
    BASE_VISION,
    THIEF_VISION,
    TORCH_VISION,
    sees,
    visible_tiles,
    vision_radius,
)

__all__ = ["BASE_VISION", "THIEF_VISION", "TORCH_VISION", "sees", "visible_tiles",
           "vision_radius"]
