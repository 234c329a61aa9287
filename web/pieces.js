// The seed site's piece theme, drawn here as SVG: one side plays with
// barrels (metal drums, seen from the side, with their hoops), the other
// with tires (seen from the front: tread, wall and hub). The barrels are the
// side that moves first ("Los barriles hacen la primera jugada"). A king is
// two stacked pieces, of a brighter colour, with a crown.

const CROWN_PATH = "M3 18h18l-1.6-9-4.6 4-2.8-7-2.8 7-4.6-4z";

const COLORS = {
  barrel: { man: { body: "#b8442a", shade: "#7c2a18", hoop: "#5b1f12", light: "#e07a5a" },
    king: { body: "#ff8a1f", shade: "#c45a00", hoop: "#ffd23f", light: "#ffc27a" } },
  tire: { man: { rubber: "#262626", tread: "#444", wall: "#3a3a3a", hub: "#a3abb4", bolt: "#555" },
    king: { rubber: "#17306b", tread: "#3d64c4", wall: "#2450b0", hub: "#f2f6fb", bolt: "#2f9bff" } },
};

function barrel(c) {
  // A drum 56 wide, 76 high, centred on (50, 50): body, a highlight, the top
  // and bottom rims and two hoops.
  return `<rect x="22" y="12" width="56" height="76" rx="9" fill="${c.body}" stroke="${c.shade}" stroke-width="3"/>` +
    `<rect x="30" y="16" width="9" height="68" rx="4" fill="${c.light}" opacity="0.55"/>` +
    `<rect x="20" y="10" width="60" height="8" rx="4" fill="${c.hoop}"/>` +
    `<rect x="20" y="82" width="60" height="8" rx="4" fill="${c.hoop}"/>` +
    `<rect x="21" y="34" width="58" height="6" rx="3" fill="${c.hoop}"/>` +
    `<rect x="21" y="60" width="58" height="6" rx="3" fill="${c.hoop}"/>`;
}

function tire(c) {
  // Rubber with a notched tread, the side wall, the hub and its bolts.
  const bolts = [0, 72, 144, 216, 288].map((a) => {
    const r = (a * Math.PI) / 180;
    return `<circle cx="${(50 + 11 * Math.sin(r)).toFixed(1)}" cy="${(50 - 11 * Math.cos(r)).toFixed(1)}" r="2.6" fill="${c.bolt}"/>`;
  }).join("");
  return `<circle cx="50" cy="50" r="44" fill="${c.rubber}"/>` +
    `<circle cx="50" cy="50" r="40" fill="none" stroke="${c.tread}" stroke-width="7" stroke-dasharray="6 5"/>` +
    `<circle cx="50" cy="50" r="31" fill="${c.wall}"/>` +
    `<circle cx="50" cy="50" r="21" fill="${c.hub}"/>` +
    bolts +
    `<circle cx="50" cy="50" r="5" fill="${c.rubber}"/>`;
}

/**
 * The SVG of one piece in the barrels-and-tires theme: `kind` "barrel" or
 * "tire", `king` for two stacked pieces with a crown.
 */
export function pieceSvg(kind, king) {
  const draw = kind === "barrel" ? barrel : tire;
  const colors = COLORS[kind][king ? "king" : "man"];
  let body;
  if (king) {
    // Two pieces, the lower one showing below and to the right of the upper
    // one (darker: in its shadow); the crown on the upper piece.
    body = `<g class="stack lower" transform="translate(17 19) scale(0.8)" style="filter: brightness(0.7)">${draw(colors)}</g>` +
      `<g class="stack upper" transform="translate(2 1) scale(0.8)">${draw(colors)}</g>` +
      `<g class="crown" transform="translate(24.4 20) scale(1.4)"><path d="${CROWN_PATH}" fill="#ffd700" stroke="#6b4700" stroke-width="1.3" stroke-linejoin="round"/></g>`;
  } else {
    body = draw(colors);
  }
  return `<svg class="theme-piece ${kind}${king ? " king" : ""}" viewBox="0 0 100 100" aria-hidden="true">${body}</svg>`;
}
