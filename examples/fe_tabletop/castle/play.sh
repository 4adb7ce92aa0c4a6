#!/bin/sh
# The example battle (Castle Renvall, seed 4) played to its end from the command
# line: fog of war, the players' d100 turn order, a Move and a Wait by hand, then
# the engine plays every phase (`enemy-phase --any-side` plays the party too)
# until Eirika seizes the throne or falls. The log shows the turn-order rolls,
# rank-ups, level-ups with every growth d100, support fights and the support
# conversation held after the battle.
# Run from the repository root: sh examples/fe_tabletop/castle/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${BATTLE:-/tmp/fe-tabletop-castle.json}"
T="${TACTICIAN:-tactician}"
$T battle new --ruleset fe-tabletop --map examples/fe_tabletop/castle/map.yaml \
  --units examples/fe_tabletop/castle/party.yaml \
  --units examples/fe_tabletop/castle/garrison.yaml --seed 4 --out "$B" --force
$T battle show --side player -b "$B"      # fog: the garrison is out of sight
$T battle move lute 3 3 -b "$B"           # the first action rolls Ana's and Ben's d100s
$T battle act lute wait -b "$B"
$T battle end-phase -b "$B"               # Ana's turn ends; Ben's begins
$T battle move vanessa 5 1 -b "$B"        # the flier crosses the Sea and the Forest
$T battle show --side player -b "$B"      # now one brigand is in sight
$T battle act vanessa wait -b "$B"
$T battle end-phase -b "$B"               # Ben's turn ends: the Enemy Turn
while $T battle show --json -b "$B" | grep -q '"result": "ongoing"'; do
  $T battle enemy-phase --any-side -b "$B"
done
$T battle log -b "$B"
