// A memory's neighbourhood as a picture: the memory in the middle, the memories it links to
// around it, each line labelled with its relation. The list below it is what to navigate by;
// the picture says the same thing at a glance. Labels are text nodes (content is untrusted).
import { excerpt } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";
const MAX_SHOWN = 12;

function el(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The neighbourhood of `memory` over `edges` (from the memory route), or null without any. */
export function neighbourhood(memory, edges) {
  if (edges.length === 0) return null;
  const shown = edges.slice(0, MAX_SHOWN);
  const width = 640;
  const height = shown.length <= 2 ? 110 : 300;
  const cx = width / 2;
  const cy = height / 2;
  const svg = el("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "graph",
    role: "img",
    "aria-label": `${memory.id} and ${edges.length} linked ${
      edges.length === 1 ? "memory" : "memories"
    } (listed below)`,
  });
  shown.forEach(({ edge, direction, other }, i) => {
    // Few neighbours sit left and right (the picture is wide), more go round from the top.
    const start = shown.length <= 2 ? Math.PI : -Math.PI / 2;
    const angle = (2 * Math.PI * i) / shown.length + start;
    const x = cx + Math.cos(angle) * (width / 2 - 110);
    const y = cy + Math.sin(angle) * (height / 2 - 30);
    svg.append(el("line", { x1: cx, y1: cy, x2: x, y2: y, class: "edge" }));
    const label = direction === "out" ? `${edge.relation} →` : `← ${edge.relation}`;
    svg.append(el("text", { x: (cx + x) / 2, y: (cy + y) / 2 - 4, class: "relation" }, label));
    svg.append(el("circle", { cx: x, cy: y, r: 6, class: "node" }));
    svg.append(
      el(
        "text",
        { x, y: y + 18, class: "label" },
        other ? excerpt(other.content, 28) : "(gone)",
      ),
    );
  });
  svg.append(el("circle", { cx, cy, r: 9, class: "node self" }));
  svg.append(el("text", { x: cx, y: cy - 16, class: "label self" }, excerpt(memory.content, 32)));
  return svg;
}
