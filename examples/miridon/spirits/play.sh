#!/bin/sh
# Part 3 in a Miridon battle, played to its end from the command line (seed 2). The Vessel
# Gogo casts an Elemental Spell (10 Spell Ghost HP, 4/1 with its Short Staff, L3500) at the
# ghost-heavy Haunted Husk (60 ghost, 30 of 40 HP), channels it over three blocks and
# activates it: the wound calls for an insanity roll (Table 7.1) and drops it: VICTORY. Meanwhile the Husk (the engine) hacks at
# Rill's damaged Training Frame: it is DISABLED, and the next hits land on Rill inside too.
# Run from the repository root: sh examples/miridon/spirits/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${BATTLE:-/tmp/miridon-spirits.json}"
T="${TACTICIAN:-tactician}"
$T battle new --ruleset miridon --map examples/miridon/skirmish/map.yaml \
  --units examples/miridon/spirits/casters.yaml --units examples/miridon/spirits/haunted.yaml \
  --seed 2 --out "$B" --force --json > /dev/null
$T battle act husk begin -b "$B"                 # husk, rill, gogo; the mech goes last
$T battle enemy-phase -b "$B"                    # the Husk hits the Frame: DISABLED
# Rill's turn passes by itself: inside, it acts only through the mech's parts
$T battle act gogo cast_spell spell="Elemental Spell" ghost=10 target=husk element=fire -b "$B"
$T battle act gogo channel_spell -b "$B"         # 3 -> 2
$T battle act gogo end_turn -b "$B"
$T battle act frame end_turn -b "$B"             # Disabled: it only regenerates HP
$T battle enemy-phase -b "$B"                    # a hit on the disabled Frame hurts Rill too
$T battle act gogo channel_spell -b "$B"         # 2 -> 1
$T battle act gogo end_turn -b "$B"
$T battle act frame end_turn -b "$B"
$T battle enemy-phase -b "$B"
$T battle act gogo channel_spell -b "$B"         # 1 -> 0
$T battle act gogo activate_spell -b "$B"        # 9d6 fire; the Husk's insanity roll; VICTORY
$T battle log -b "$B"
