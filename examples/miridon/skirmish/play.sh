#!/bin/sh
# The Dry Dock (examples/miridon/skirmish) played to its end from the command line
# (seed 1): the raiders are the engine's (`battle enemy-phase`, which also rolls the
# turn order's 3d6 roll-offs); the crew's turns are the commands below. Written by
# write_play.py (the crew's commands are the AI's choices for them, typed out).
# Run from the repository root: sh examples/miridon/skirmish/play.sh
set -e
cd "$(dirname "$0")/../../.."
B="${BATTLE:-/tmp/miridon-skirmish.json}"
T="${TACTICIAN:-tactician}"
$T battle new --ruleset miridon --map examples/miridon/skirmish/map.yaml \
  --units examples/miridon/skirmish/crew.yaml --units examples/miridon/skirmish/raiders.yaml \
  --seed 1 --out "$B" --force

$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle end-phase -b "$B"
$T battle act sable move to=5,3 how=fast_sidestep -b "$B"
$T battle end-phase -b "$B"
$T battle act brann move to=5,4 how=fast_sidestep -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle act wren restore_speed -b "$B"
$T battle end-phase -b "$B"
$T battle end-phase -b "$B"
$T battle act brann restore_speed -b "$B"
$T battle act brann break_grapple invest=1 -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle act wren restore_strength -b "$B"
$T battle end-phase -b "$B"
$T battle attack sable mauler --yes -b "$B"
$T battle act sable redouble -b "$B"
$T battle act sable restore_speed -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle act wren restore_speed -b "$B"
$T battle end-phase -b "$B"
$T battle act sable restore_speed -b "$B"
$T battle act sable break_grapple invest=1 -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle attack wren mauler --yes -b "$B"
$T battle act wren restore_speed -b "$B"
$T battle end-phase -b "$B"
$T battle enemy-phase -b "$B"
$T battle show -b "$B"
$T battle log -b "$B"
