"""fe-classic's battle actions as a schema (``rulesets.contract.actions``): what
``battle act`` and the web table's forms may send, checked by the table before the
rules see it; ``battle_actions.apply`` reads its names and keys from here.

Two stages (002 L14-19): the set-up, where the GM deploys the pool's units in the
designated area, withdraws them and starts the battle ("Lords must always start in
a specific tile ... and cannot be switched"), all the GM's to send; then the battle
(L29-30 "the first thing he or she must do is move a unit"): a move once a turn,
then one of attack, staff, seize, open, break, rescue or wait; drop and ending the
phase. The examples are the action cases' (``action_cases``): the Pass at Zaha and
the arena (``examples/fe_classic/actions``).
"""

from __future__ import annotations

from tactician.rulesets.contract.actions import ActionSchema, actor, key, kind

SETUP, BATTLE = "setup", "battle"

ACTION_SCHEMA = ActionSchema("fe-classic", (
    kind("deploy", "put a pool unit on a free tile of the deployment area, or move a deployed "
         "one (002 L14-17)", actor("the pool unit deployed"),
         key("to", "tile", "its tile in the designated area", required=True),
         sender="gm", stage=SETUP, example={"unit": "artur", "to": [6, 13]}),
    kind("withdraw", "take a deployed unit back to the pool (never a Lord: 002 L17-19)",
         actor("the unit withdrawn"), sender="gm", stage=SETUP, example={"unit": "lute"}),
    kind("start", "end the set-up and begin the battle (at most the scenario's limit "
         "deployed, 002 L15-16)", actor("any unit (the start is the GM's)", required=False),
         sender="gm", stage=SETUP, example={"unit": "eirika"}),
    kind("move", "move once a turn, first (002 L29-30); a move of 0 is allowed", actor(),
         key("to", "tile", "where to move", required=True), stage=BATTLE,
         example={"unit": "seth", "to": [6, 9]}),
    kind("attack", "attack a foe in the weapon's range: 002's hit, crit and break checks",
         actor(), key("target", "unit", "the foe attacked", required=True),
         key("weapon", "weapon", "the weapon used (it is equipped); default: the equipped"),
         stage=BATTLE, example={"unit": "seth", "target": "brute"}),
    kind("staff", "use an offensive staff (Sleep, Silence, Berserk) on a foe in range",
         actor(), key("target", "unit", "the foe", required=True),
         key("weapon", "weapon", "the staff used; default: the first usable"),
         stage=BATTLE, example={"unit": "moulder", "target": "brute"}),
    kind("seize", "a Lord seizes the Throne it stands on once the boss has fallen: victory",
         actor(), stage=BATTLE, example={"unit": "eirika"}),
    kind("wait", "end this unit's turn", actor(), stage=BATTLE, example={"unit": "seth"}),
    kind("open", "open an adjacent door or chest (a key or a thief)", actor(),
         key("at", "tile", "the door's tile", required=True), stage=BATTLE,
         example={"unit": "garcia", "at": [6, 13]}),
    kind("break", "break an adjacent snag or unstable wall", actor(),
         key("at", "tile", "the tile", required=True), stage=BATTLE,
         example={"unit": "garcia", "at": [6, 13]}),
    kind("rescue", "carry an adjacent ally whose CON the Aid allows (001 L8); ends the turn",
         actor(), key("target", "unit", "the ally carried", required=True), stage=BATTLE,
         example={"unit": "seth", "target": "eirika"}),
    kind("drop", "set the carried ally down on a free adjacent tile", actor(),
         key("to", "tile", "where the ally goes", required=True), stage=BATTLE,
         example={"unit": "seth", "to": [4, 10]}),
    kind("end_phase", "end the side's phase (player phase, enemy phase: 002 L10-11, L25-27)",
         actor("who ends it (any unit of the side, or none)", required=False), stage=BATTLE,
         example={}),
), stages=(SETUP, BATTLE))
