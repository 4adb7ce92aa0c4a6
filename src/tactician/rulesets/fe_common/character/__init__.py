"""001's character layer (rules text 001), shared by fe-tabletop and fe-classic.

Creation (001 L1-10), d100 growths with carried remainders (L12-26), weapon
ranks by use (L5), promotion (L9-10), EXP (L122-128), supports (L117-121),
rescue Aid (L8), inventory and Supply (L49), the unit file and its level-up
report, all on the shared FE8 compendium. 002 has no characters (002 only names a
character card), so fe-classic composes this layer (spec GC-01).
Citations stay on 001's lines. Rulings: ``options.CharacterOptions``.
"""
