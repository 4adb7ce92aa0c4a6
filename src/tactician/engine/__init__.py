"""The battle engine (core): a battle is its start state plus an append-only
event log; turn edges, effects with durations and objectives. Knows no ruleset."""
