// The one small line plot the pages draw (salience fading, confidence over versions, the
// strand's growth): inline SVG built element by element, never from a string of markup. The
// plot is a picture of a table or label beside it; `label` is its text alternative.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 240;
const HEIGHT = 64;
const PAD = 4;

function svgEl(tag, attributes) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, String(value));
  return el;
}

/**
 * A line through `points` ({ x, y } numbers), x scaled from the first point's to the last's
 * and y from 0 to `yMax`; `step` draws each value until the next point (a value that holds
 * until it changes, such as a confidence). Each point is marked with a dot (up to 40), but for
 * the last when `openEnd` (it only says "until now"). `className` is added to the svg's own.
 */
export function linePlot(points, { yMax, label, step = false, openEnd = false, className = "" }) {
  const xs = points.map((p) => p.x);
  const x0 = Math.min(...xs);
  const span = Math.max(...xs) - x0 || 1;
  const top = yMax > 0 ? yMax : 1;
  const at = (x, y) =>
    `${(((x - x0) / span) * (WIDTH - 2 * PAD) + PAD).toFixed(1)},${
      (HEIGHT - PAD - (Math.min(y, top) / top) * (HEIGHT - 2 * PAD)).toFixed(1)
    }`;
  const coords = [];
  points.forEach((p, i) => {
    if (step && i > 0) coords.push(at(p.x, points[i - 1].y));
    coords.push(at(p.x, p.y));
  });
  const svg = svgEl("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: `plot ${className}`.trim(),
    role: "img",
    "aria-label": label,
  });
  svg.append(
    svgEl("polyline", {
      points: `${PAD},${PAD} ${PAD},${HEIGHT - PAD} ${WIDTH - PAD},${HEIGHT - PAD}`,
      class: "axis",
    }),
    svgEl("polyline", { points: coords.join(" "), class: "line" }),
  );
  const marked = openEnd ? points.slice(0, -1) : points;
  for (const p of marked.length <= 40 ? marked : []) {
    const [cx, cy] = at(p.x, p.y).split(",");
    svg.append(svgEl("circle", { cx, cy, r: 2, class: "dot" }));
  }
  return svg;
}
