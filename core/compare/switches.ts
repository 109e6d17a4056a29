/**
 * Switches: whether a thing is on or off, in the words people use — "http/2 is enabled on the
 * public ALB", "RLS is disabled", "we disabled http2 on the public alb", "turned off the
 * nightly sync", "flipped checkout_v2 on", "`checkout_v2=off`", "merge commits are disabled".
 * The state is a value of the `state` slot (`on` or `off`); what is switched stays the
 * statement's subject, so "X is enabled" and "X is disabled" contradict, and "we disabled X"
 * changes "X is enabled".
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

const ON = /^(?:enabled|on|active|activated|allowed|true|yes)$/;
const OFF = /^(?:disabled|off|inactive|deactivated|disallowed|false|no|paused)$/;
const COPULA = /^(?:is|are|was|were|be|been|stays|remain|remains|=|:|now)$/;

function state(lower: string): "on" | "off" | null {
  return ON.test(lower) ? "on" : OFF.test(lower) ? "off" : null;
}

/** The on/off states `tokens` names, as `state` values; tokens already used are skipped. */
export function readSwitches(tokens: readonly Token[], used: boolean[]): Value[] {
  const out: Value[] = [];
  const add = (i: number, norm: "on" | "off", end = i + 1) => {
    if (used[i] || tokens[i]!.reason) return;
    out.push({
      kind: "choice",
      slots: ["state"],
      norm,
      text: tokens.slice(i, end).map((t) => t.text).join(" "),
      start: i,
      end,
      negated: false,
      tense: "current",
    });
    for (let k = i; k < end; k++) used[k] = true;
  };
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word") continue;
    const prev = tokens[i - 1]!.lower;
    // "turned off", "switched on", "flipped … on": the particle is the state.
    if (
      /^(?:turned|switched|toggled|flipped|turn|switch)$/.test(prev) && /^(?:on|off)$/.test(t.lower)
    ) {
      add(i - 1, t.lower as "on" | "off", i + 1);
      continue;
    }
    const s = state(t.lower);
    if (!s) continue;
    // "X is enabled", "checkout_v2=off", "X is now disabled".
    if (COPULA.test(prev)) {
      const next = tokens[i + 1];
      // "is on call", "is on Postgres": "on"/"off" open a phrase unless it ends there.
      const phrase = next && next.kind !== "punct" && next.clause === t.clause &&
        !/^(?:for|in|by|since|now|again|everywhere)$/.test(next.lower) &&
        // "RLS is off on the tenants table": off, where.
        !(t.lower === "off" && next.lower === "on");
      if (/^(?:on|off)$/.test(t.lower) && phrase) continue;
      if (/^(?:true|false|yes|no)$/.test(t.lower) && !/^[=:]$/.test(prev)) continue;
      add(i, s);
      continue;
    }
    // "we disabled X", "enabled row level security": a verb of switching, its object follows.
    if (
      /ed$/.test(t.lower) && (/^(?:we|i|they|you|just|have|has|had|'ve)$/.test(prev) || i === 0)
    ) {
      add(i, s);
    }
  }
  // A sentence opened by "Enabled …" / "Disabled …".
  const first = tokens[0];
  if (first?.kind === "word" && /ed$/.test(first.lower)) {
    const s = state(first.lower);
    if (s) add(0, s);
  }
  // "flipped checkout_v2 on for 100% of users": the particle a few words after the verb.
  tokens.forEach((t, i) => {
    if (!/^(?:flipped|turned|switched|toggled)$/.test(t.lower)) return;
    for (let k = i + 2; k < Math.min(tokens.length, i + 5); k++) {
      if (tokens[k]!.clause !== t.clause) break;
      if (/^(?:on|off)$/.test(tokens[k]!.lower) && !used[k]) {
        add(k, tokens[k]!.lower as "on" | "off");
        break;
      }
    }
  });
  return out;
}
