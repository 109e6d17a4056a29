// A diff between two versions of a memory: the content word by word (longest common
// subsequence), the other fields as before → after.
import { h } from "../dom.js";

const MAX_CELLS = 4_000_000;

/** Word-level edit script of `a` → `b`: runs of `same`, `del` and `ins`. */
export function wordDiff(a, b) {
  const x = a.split(/(\s+)/);
  const y = b.split(/(\s+)/);
  if (x.length * y.length > MAX_CELLS) return [["del", a], ["ins", b]];
  const n = x.length;
  const m = y.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = [];
  const push = (kind, text) => {
    const last = out[out.length - 1];
    if (last && last[0] === kind) last[1] += text;
    else out.push([kind, text]);
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i] === y[j]) {
      push("same", x[i++]);
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) push("del", x[i++]);
    else push("ins", y[j++]);
  }
  while (i < n) push("del", x[i++]);
  while (j < m) push("ins", y[j++]);
  return out;
}

function show(value) {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** The differences between two versions' fields. */
export function diffView(before, after) {
  const rows = [];
  for (const field of Object.keys(after.fields)) {
    const a = before.fields[field];
    const b = after.fields[field];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const cell = field === "content"
      ? h(
        "td",
        { className: "content" },
        wordDiff(show(a), show(b)).map(([kind, text]) =>
          kind === "same" ? text : h(kind, { title: kind === "ins" ? "added" : "removed" }, text)
        ),
      )
      : h("td", {}, h("del", {}, show(a)), " → ", h("ins", {}, show(b)));
    rows.push(h("tr", {}, h("th", { scope: "row" }, field), cell));
  }
  if (rows.length === 0) return h("p", {}, "No field differs between these versions.");
  return h(
    "table",
    { className: "diff" },
    h("caption", {}, "Changes"),
    h(
      "thead",
      {},
      h("tr", {}, h("th", { scope: "col" }, "Field"), h("th", { scope: "col" }, "Before → after")),
    ),
    h("tbody", {}, rows),
  );
}
