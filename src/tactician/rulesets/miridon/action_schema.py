"""Miridon's battle actions as a schema (``rulesets.contract.actions``): what ``battle
act`` and the web table's forms may send, checked by the table before the rules see
it, and what ``battle.registry.ACTIONS`` holds each handler to.

004 Chapter 6: a turn of action blocks, each with one offensive, one movement and one
verbal action, bonus actions right after an attack and reactions on others' turns;
every action pays its strength and speed points. Part 3 adds spells (Cast, Channel,
Activate), ghosts and mechs (each part one action a block, L3641). The reactions a
defender makes inside an attack (Dodge, the block tiers, Shield Block, Riposte,
Deflection) are keys of the attack: ``auto`` lets the ruling ``auto_reactions``
choose. Rolling the turn order (3d6 roll-offs) begins the battle: the GM's to send.
The word lists below are the rules modules' own (``tests/miridon/battle/
test_action_schema.py`` holds them equal; the modules import the registry, which
imports this, so they cannot be imported here). The examples are the action cases'
(``action_cases``).
"""

from __future__ import annotations

from tactician.rulesets.contract.actions import (
    ActionKey,
    ActionKind,
    ActionSchema,
    actor,
    key,
    kind,
)

MOVES = ("sidestep", "fast_sidestep", "charge", "fast_charge")  # move_actions.MOVES
SLOTS = ("offensive", "movement", "verbal")  # melee_slots.SLOTS
FACES = ("n", "ne", "e", "se", "s", "sw", "w", "nw")  # geometry.DIRECTIONS
TIERS = ("block", "heavy", "super")  # stances.TIER_NAMES
ATTACK_KINDS = ("melee", "combo", "gun", "aimed")  # attack_plan.ACTION_NAMES
MODIFIERS = ("power_attack", "crushing_blow", "true_strike", "spinning_strike",
             "whirlwind_strike", "shoot_through")  # attack_numbers.MODIFIERS
ELEMENTS = ("fire", "cold", "electricity")  # magic.casting.ELEMENTS
BONUS_KINDS = ("melee", "gun", "aimed")  # follow_up_actions.SECOND
AUTO = ("auto", "yes", "no")
YES_NO = ("yes", "no")


def _reactions() -> tuple[ActionKey, ...]:
    """The defender's reactions an attack states (``attack_plan.REACTION_KEYS``)."""
    return (key("dodge", "choice", "the target dodges (L2966); auto: the ruling decides",
                values=AUTO),
            key("block", "choice", "the target's block tier on a hit; auto: the ruling",
                values=("auto", "none", *TIERS)),
            key("shield", "choice", "the target adds Shield Block (L2457)", values=AUTO),
            key("riposte", "choice", "the target ripostes a missed melee attack", values=AUTO),
            key("deflect", "choice", "Magic Shield Deflection (L2205)", values=AUTO),
            key("counter", "choice", "a missed mech's parts answer with Mech Counter (L210); "
                "auto: the policy", values=("auto", "no")))


def _attack_keys() -> tuple[ActionKey, ...]:
    """What every attack states: its target, weapon, kind, modifiers and Power Attack."""
    return (key("target", "unit", "the unit attacked", required=True),
            key("weapon", "weapon", "the weapon used; default: the one in hand"),
            key("kind", "choice", "the kind of attack; default: the weapon's",
                values=ATTACK_KINDS),
            key("modifiers", "choices", "attack modifiers (L2531-2626)", values=MODIFIERS),
            key("power", "integer", "the strength put into a Power Attack", minimum=0,
                maximum=99))


def _follow_up(name: str, help: str, unit: str = "rill") -> ActionKind:
    """A bonus attack right after an attack: its target is the attack's unless named;
    a Third Attack may carry the Combo Finisher (L2639)."""
    return kind(name, help, actor(),
                key("target", "unit", "the unit attacked; default: the attack's target"),
                key("weapon", "weapon", "the weapon used; default: the rule's"),
                key("kind", "choice", "the kind of attack; default: the weapon's",
                    values=BONUS_KINDS),
                key("modifiers", "choices", "attack modifiers (L2531-2639)",
                    values=(*MODIFIERS, "combo_finisher")),
                key("power", "integer", "the strength put into a Power Attack", minimum=0,
                    maximum=99),
                *_reactions(), example={"unit": unit})


PART = key("part", "name", "the mech part that acts", required=True, of="mech part")

ACTION_SCHEMA = ActionSchema("miridon", (
    kind("begin", "roll the turn order (Maximum Speed Points, 3d6 roll-offs: L1594-1596)",
         actor("any unit (the roll is the table's)", required=False), sender="gm",
         example={"unit": "wren"}),
    kind("end_turn", "end the unit's turn (its action blocks left unused)",
         actor("the unit whose turn it is (or none)", required=False),
         aliases=("end_phase", "wait", "pass"), example={"unit": "wren"}),
    kind("move", "a movement action in a straight line: Sidestep, Fast Sidestep, Charge, Fast "
         "Charge (L1929)", actor(), key("to", "tile", "where it ends",
                                        required=True),
         key("how", "choice", "the movement action; default: the cheapest that reaches",
             values=MOVES),
         key("face", "choice", "the facing after a sidestep", values=FACES),
         key("obstruct", "unit", "who obstructs the move (L2188); auto: the ruling, no: none",
             values=("auto", "no")),
         key("surface", "choice", "underground (Death Worm Burrow): come up at its end "
             "(L1518)", values=YES_NO),
         example={"unit": "wren", "to": [2, 5], "how": "sidestep"}),
    kind("burrow", "Death Worm Burrow: a movement action above sand takes it underground "
         "(L1518)", actor(),
         key("how", "choice", "the movement action spent; default: the cheapest", values=MOVES),
         example={"unit": "mauler"}),
    kind("surface", "Death Worm Burrow: a movement action brings it back up (L1518-1520)",
         actor(),
         key("how", "choice", "the movement action spent; default: the cheapest", values=MOVES),
         example={"unit": "mauler"}),
    kind("turn", "turn to face another direction (a movement action)", actor(),
         key("face", "choice", "the new facing", required=True, values=FACES),
         example={"unit": "wren", "face": "n"}),
    kind("restore_strength", "Restore Strength Points: +5 (and the boost), to the cap (L344)",
         actor(), example={"unit": "wren"}),
    kind("restore_speed", "Restore Speed Points: +5 (and the boost), to the cap (L352)",
         actor(), example={"unit": "wren"}),
    kind("attack", "an offensive attack: Melee, Melee Combo, Gun or Aimed Attack", actor(),
         *_attack_keys(),
         key("to", "tile", "Whirlwind Strike: the square it moves to"),
         key("how", "choice", "Whirlwind Strike: the movement action", values=MOVES),
         key("obstruct", "unit", "who obstructs the Whirlwind move; auto: the ruling, no: none",
             values=("auto", "no")),
         key("slot", "choice", "the action slot: offensive, or with Unarmed the movement "
             "(Dragon Wing Buffet, L1448) or verbal one (Death Worm Maw, L1500); default: the "
             "offensive, else the first free", values=SLOTS),
         key("bite", "choice", "Death Worm Bite: a verbal-slot hit begins a grapple (L1510)",
             values=YES_NO),
         *_reactions(), example={"unit": "wren", "target": "mauler"}),
    _follow_up("second_attack", "Second Attack: a bonus attack with the other weapon, right "
               "after an attack"),
    _follow_up("third_attack", "Third Attack: a bonus attack after a Second Attack"),
    _follow_up("redouble", "Redouble: a bonus attack with the same weapon, right after an "
               "attack", unit="sable"),
    _follow_up("rapid_fire", "Rapid Fire: a bonus Gun Attack right after a Gun Attack"),
    kind("block", "take a block stance: Block, Heavy Block or Super Block (L2149)", actor(),
         key("tier", "choice", "the stance's tier; default: block", values=TIERS),
         key("shield", "choice", "with the shield: a Shield Block stance", values=YES_NO),
         example={"unit": "brann", "tier": "heavy", "shield": "yes"}),
    kind("shield_block", "turn the block stance into its Shield Block stance (an offensive "
         "action, L2457)", actor(), example={"unit": "brann"}),
    kind("reload", "Reload (an offensive action): a gun to full ammo (L1903-1907)", actor(),
         key("weapon", "weapon", "the gun; default: the one in hand"),
         example={"unit": "wren"}),
    kind("quick_reload", "Quick Reload (a bonus action, the flair): a gun to full ammo "
         "(L2406-2413)", actor(), key("weapon", "weapon", "the gun; default: the one in hand"),
         example={"unit": "wren"}),
    kind("grapple", "Initiate Grapple: an attack that holds the target (L1865-1875)", actor(),
         key("target", "unit", "the unit grappled", required=True),
         key("dodge", "choice", "the target dodges; auto: the ruling", values=AUTO),
         aliases=("initiate_grapple",), example={"unit": "mauler", "target": "brann"}),
    kind("grapple_attack", "Grapple Attack: strike the unit held (L1875-1885)", actor(),
         key("target", "unit", "the unit held", required=True),
         example={"unit": "mauler", "target": "brann"}),
    kind("break_grapple", "Break Grapple: invest strength against the grappler's Maintain "
         "(L1893-1897)", actor(),
         key("invest", "integer", "the strength invested", minimum=0, maximum=99),
         key("maintain", "integer", "the grappler's Maintain investment; default: the ruling",
             minimum=0, maximum=99),
         example={"unit": "brann", "invest": 1}),
    kind("release", "release the unit held", actor(),
         key("target", "unit", "the unit released", required=True),
         example={"unit": "mauler", "target": "brann"}),
    kind("bullet_hell", "Bullet Hell: bonus attacks up to the rank's points a block (L2359)",
         actor(), key("target", "unit", "the unit attacked", required=True),
         key("weapon", "weapon", "the weapon used; default: the one in hand"),
         key("kind", "choice", "melee or gun; default: the weapon's", values=("melee", "gun")),
         key("modifiers", "choices", "attack modifiers (L2531-2626)", values=MODIFIERS),
         key("power", "integer", "the strength put into a Power Attack", minimum=0,
             maximum=99),
         *_reactions(),
         example={"unit": "rill", "target": "wren"}),
    kind("healing_word", "Healing Word (a verbal action): heal an ally", actor(),
         key("target", "unit", "the ally healed", required=True),
         example={"unit": "brann", "target": "sable"}),
    kind("guidance", "Guidance (a verbal action): help an ally's next roll", actor(),
         key("target", "unit", "the ally guided", required=True),
         example={"unit": "brann", "target": "sable"}),
    kind("veil", "Veil: conceal the spell being cast (L2076, L3273)", actor(),
         key("bonus", "choice", "the Bonus Action Veil after a Subtlety Modifier (L2522)",
             values=YES_NO),
         example={"unit": "gogo"}),
    kind("charisma", "a charisma skill (a verbal action, L1772-1784): Stunning Scream, Taunt...",
         actor(), key("skill", "name", "the skill used", required=True, of="charisma skill"),
         key("target", "unit", "the unit it is used on"),
         key("targets", "units", "the units it is used on"),
         example={"unit": "sable", "skill": "Taunt", "target": "mauler"}),
    kind("arm_trap", "Arm Trap (an offensive action): arm a carried trap within reach, or a "
         "disarmed one (L1849-1851)", actor(),
         key("trap", "name", "the trap's id", required=True, of="trap"),
         key("at", "tile", "where a carried trap goes; default: the unit's tile"),
         example={"unit": "rill", "trap": "snare"}),
    kind("disarm_trap", "Disarm Trap (an offensive action): a placed trap within reach",
         actor(), key("trap", "name", "the trap's id", required=True, of="trap"),
         key("take", "choice", "pick the trap up", values=YES_NO),
         example={"unit": "rill", "trap": "snare"}),
    kind("cast_spell", "Cast Spell (a verbal action): invest Spell Ghost HP; the spell charges "
         "over blocks (L3247-3251)", actor(),
         key("spell", "name", "the spell cast", required=True, of="spell"),
         key("ghost", "integer", "the ghost HP invested", minimum=0, maximum=999),
         key("target", "unit", "the spell's target; default: the caster", values=("self",)),
         key("modifiers", "names", "spell modifiers", of="spell modifier"),
         key("element", "choice", "the element, for an Elemental Spell (L3288)",
             values=ELEMENTS),
         key("staff", "name", "pay the Spell Ghost HP from a staff's stored ghost power: yes, "
             "or the staff's name (L3498)", of="staff"),
         example={"unit": "gogo", "spell": "Elemental Spell", "ghost": 10, "target": "husk",
                  "element": "fire"}),
    kind("eldritch_strike", "Eldritch Strike (a verbal action, after an Unarmed melee hit): "
         "Possession for 0/0 with no cast time (L1466-1470)", actor(),
         key("ghost", "integer", "the ghost HP invested", minimum=0, maximum=999),
         key("target", "unit", "the unit to possess", required=True),
         key("modifiers", "names", "spell modifiers", of="spell modifier"),
         key("staff", "name", "pay from a staff's stored ghost power (L3498)", of="staff"),
         example={"unit": "mauler", "ghost": 5, "target": "sable"}),
    kind("channel_spell", "Channel Spell: one block less to go", actor(),
         example={"unit": "gogo"}),
    kind("cancel_spell", "cancel the spell being cast", actor(), example={"unit": "gogo"}),
    kind("recover_ghost_power", "recover the spell's Ghost Power with strength and speed "
         "points", actor(),
         key("strength", "integer", "strength points spent", minimum=0, maximum=99),
         key("speed", "integer", "speed points spent", minimum=0, maximum=99),
         example={"unit": "gogo", "strength": 1}),
    kind("let_spell_lapse", "let the spell lapse", actor(), example={"unit": "gogo"}),
    kind("activate_spell", "Activate Spell: the charged spell takes effect", actor(),
         key("targets", "units", "its targets; default: the cast's target"),
         key("distances", "per_unit", "Selective Gale Burst: each target's knockback in feet "
             "(aria:10)"),
         key("directions", "per_unit", "Multi-Directional Gale Burst: each target's direction "
             "(aria:ne)"),
         key("weapon", "per_unit", "the weapon an Elemental or Vampiric Weapon enchants (one "
             "name, or per target)"),
         key("deflect", "per_unit", "Magic Shield Deflection: auto, yes or no (or per target)"),
         key("at", "tile", "an Explosive Spell's point, a Beam's aim (L2682-2706); default: "
             "the cast's target"),
         key("explode", "per_unit", "Explosive Beam Spell: the beam's targets that burst: a,b "
             "or {a: advanced} (L1150-1155)"),
         key("modifiers", "names", "Variant Spell: modifiers added now (L1355)",
             of="spell modifier"),
         example={"unit": "gogo"}),
    kind("mech_cast", "a mech part casts a spell (L3641)", actor(), PART,
         key("spell", "name", "the spell cast", required=True, of="spell"),
         key("ghost", "integer", "the ghost HP invested", minimum=0, maximum=999),
         key("target", "unit", "the spell's target; default: the mech", values=("self",)),
         key("element", "choice", "the element, for an Elemental Spell", values=ELEMENTS),
         key("modifiers", "names", "spell modifiers", of="spell modifier"),
         example={"unit": "warden", "part": "Warden Frame Spell Core",
                  "spell": "Elemental Spell", "ghost": 5, "target": "husk", "element": "fire"}),
    kind("mech_channel", "a mech part channels its spell", actor(), PART,
         example={"unit": "warden", "part": "Warden Frame Spell Core"}),
    kind("mech_activate", "a mech part activates its spell", actor(), PART,
         key("targets", "units", "its targets; default: the cast's target"),
         key("at", "tile", "an Explosive Spell's point, a Beam's aim; default: the cast's "
             "target"),
         key("explode", "per_unit", "Explosive Beam Spell: the beam's targets that burst"),
         example={"unit": "warden", "part": "Warden Frame Spell Core"}),
    kind("mech_attack", "a mech part's Melee or Gun Attack (L3641)", actor(), PART,
         key("target", "unit", "the unit attacked", required=True),
         key("dodge", "choice", "the target dodges; auto: the ruling", values=AUTO),
         key("block", "choice", "the target's block tier; auto: the ruling",
             values=("auto", "none", *TIERS)),
         key("shield", "choice", "the target adds Shield Block", values=AUTO),
         key("riposte", "choice", "the target ripostes a missed melee attack", values=AUTO),
         key("counter", "choice", "a missed mech's parts answer with Mech Counter (L210)",
             values=("auto", "no")),
         example={"unit": "frame", "part": "Training Frame Blade", "target": "husk"}),
    kind("enter_mech", "a pilot with Mech Training enters an adjacent empty mech", actor(),
         key("mech", "unit", "the mech entered", required=True),
         example={"unit": "rill", "mech": "frame"}),
    kind("exit_mech", "the pilot leaves the mech for an adjacent square", actor("the mech"),
         key("to", "tile", "where the pilot steps out", required=True),
         example={"unit": "frame", "to": [5, 4]}),
    kind("mech_move", "a mech part's movement action in a straight line (L3641)", actor(), PART,
         key("to", "tile", "where the mech ends", required=True),
         key("how", "choice", "the movement action; default: the cheapest that reaches",
             values=MOVES),
         key("face", "choice", "the facing after a sidestep", values=FACES),
         example={"unit": "frame", "part": "Training Frame Body", "to": [5, 2]}),
    kind("teleport", "Teleport (a ghost's action) to a free square", actor(),
         key("to", "tile", "where it appears", required=True),
         key("face", "choice", "its facing there; default: as it was", values=FACES),
         example={"unit": "husk", "to": [6, 3]}),
    kind("echo_spell", "Echo Spell: cast the last spell again", actor(),
         key("target", "unit", "its target", required=True),
         key("modifiers", "names", "spell modifiers", of="spell modifier"),
         example={"unit": "gogo", "target": "husk"}),
    kind("dragon_breath", "Dragon Breath at a unit", actor(),
         key("target", "unit", "the unit breathed on", required=True),
         example={"unit": "gogo", "target": "husk"}),
))
