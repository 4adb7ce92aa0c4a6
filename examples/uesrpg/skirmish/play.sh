#!/bin/sh
# The example skirmish played to its end from the command line (seed 3): the
# players attack with --yes and end their Turns with `battle end-phase`; the
# bandits' Turns are `battle enemy-phase` (the first one also rolls initiative).
# The same session as the README's "UESRPG battles" block.
# Run from the repository root: sh examples/uesrpg/skirmish/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${BATTLE:-/tmp/uesrpg-skirmish.json}"
T="${TACTICIAN:-tactician}"
$T battle new --ruleset uesrpg --map examples/uesrpg/skirmish/map.yaml \
  --units examples/uesrpg/skirmish/party.yaml --units examples/uesrpg/skirmish/bandits.yaml \
  --seed 3 --out "$B" --force
$T battle enemy-phase -b "$B"            # initiative; the captain's Turn
$T battle move brand 4 2 -b "$B"
$T battle attack brand bandit-1 --yes -b "$B"
$T battle attack brand bandit-1 --yes -b "$B"
$T battle end-phase -b "$B"
$T battle move aela 5 1 -b "$B"
$T battle attack aela captain --yes -b "$B"
$T battle act aela attack target=captain defence=none -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"            # the bandits; a death test at a Turn's end
$T battle attack brand captain --yes -b "$B"
$T battle end-phase -b "$B"
$T battle attack aela bandit-2 --yes -b "$B"
$T battle attack aela bandit-2 --yes -b "$B"
$T battle attack aela bandit-2 --yes -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"            # bandit-2 bleeds at the end of its Turn
$T battle move brand 6 0 -b "$B"
$T battle attack brand bandit-2 --yes -b "$B"   # VICTORY
$T battle log -b "$B"
