#!/bin/sh
# The Pass at Zaha played to its end from the command line (seed 3): the briefing,
# the set-up (Artur deployed from the pool, Lute withdrawn to keep to the limit of
# 10; Eirika, a Lord, stays on her tile), then every phase played by the engine:
# the players' phases with --any-side, the enemy's with --explain.
# Run from the repository root: sh examples/fe_classic/battle/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${BATTLE:-/tmp/fe-classic-pass.json}"
T="${TACTICIAN:-tactician}"
E=examples/fe_classic/battle
$T battle new --ruleset fe-classic --map $E/map.yaml --units $E/party.yaml \
  --units $E/army.yaml --seed "${SEED:-3}" --out "$B" --force
$T battle show -b "$B"                       # the briefing, the map, the pool
$T battle act artur deploy to=6,13 -b "$B"   # from the pool into the area
$T battle act lute withdraw -b "$B"          # back to the pool: 10 deployed
$T battle act eirika start -b "$B"
$T battle forecast seth soldier -b "$B" || true   # out of reach yet: refused, one line
state=ongoing
while [ "$state" = ongoing ]; do
  # the players' phase, then the enemy's; each prints the result it leaves
  state=$($T battle enemy-phase --any-side --json -b "$B" | sed -n 's/^  "result": "\(.*\)",$/\1/p')
  if [ "$state" = ongoing ]; then
    $T battle enemy-phase --explain --top 2 -b "$B"
    state=$($T battle show --json -b "$B" | sed -n 's/^  "result": "\(.*\)",$/\1/p')
  fi
done
$T battle show -b "$B" | head -3
