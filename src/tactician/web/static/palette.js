// Terrain colours, ink and glyphs per ruleset (static/palette.json, checked for
// colour-blind safety by tests/web/test_palette.py). A terrain the palette lacks (a
// map's own) gets a colour from its name and its first letter as a glyph.
const response = await fetch('/static/palette.json', { credentials: 'same-origin' });
const PALETTE = response.ok ? (await response.json()).rulesets : {};

function fallback(name) {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return { colour: `hsl(${h} 35% 75%)`, ink: '#1b1b1b', glyph: name.slice(0, 1).toUpperCase() };
}

export function terrainStyle(ruleset, name) {
  const own = (PALETTE[ruleset] || {})[name];
  if (own) return own;
  for (const table of Object.values(PALETTE)) {  // a map of one ruleset under another
    if (table[name]) return table[name];
  }
  return fallback(name);
}
