/**
 * Kubernetes Secret manifests: every value under `data` (base64) or `stringData` of a
 * `kind: Secret` document is a secret, whatever its key is called (`DATABASE_URL`, `signing`,
 * `.dockerconfigjson`) and however innocent its decoded text reads, but a user name written in
 * plain text under `stringData` (`SMTP_USER: app_mailer`). A ConfigMap's `data`, and
 * a SealedSecret's `encryptedData` (ciphertext meant to be committed), are left as they are.
 * YAML (one document of a `---` stream) and JSON (`kubectl get secret -o json`).
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";

const YAML_KIND = /^kind:[ \t]*["']?Secret["']?[ \t]*$/gm;
const YAML_DATA = /^([ \t]*)(?:data|stringData):[ \t]*$/gm;
const JSON_KIND = /"kind"[ \t]*:[ \t]*"Secret"/g;
const JSON_DATA = /"(?:data|stringData)"[ \t]*:[ \t]*\{([^{}]{0,65536})\}/g;
const JSON_PAIR = /"[^"\n]{1,253}"[ \t\n]*:[ \t\n]*"([^"\n]{1,65536})"/gd;

/** Candidate spans of the values of Kubernetes Secret manifests in `text`. */
export function k8sSecretCandidates(text: string, out: Candidate[]): void {
  if (!text.includes("Secret")) return;
  for (const kind of text.matchAll(YAML_KIND)) {
    for (const [start, end] of yamlValues(text, kind.index, YAML_DATA)) {
      if (userNameRow(text, start)) continue;
      out.push({ start, end, type: "secret_assignment", tier: 1 });
    }
  }
  for (const kind of text.matchAll(JSON_KIND)) jsonObject(text, kind.index, out);
}

/**
 * A user name given in plain text (`SMTP_USER: app_mailer` under `stringData`): the login's
 * name, not its secret. Base64 under `data` stays redacted, whatever its key.
 */
function userNameRow(text: string, at: number): boolean {
  const row = text.slice(text.lastIndexOf("\n", at) + 1, at);
  if (!USER_KEY.test(row)) return false;
  const head = text.slice(0, at);
  return head.lastIndexOf("stringData:") > head.lastIndexOf("data:");
}

/** A key naming a user: `SMTP_USER:`, `username:`, `db.login:`. */
const USER_KEY =
  /^[ \t]+["']?(?:[\w.\-]*[_.\-])?(?:user|username|user_name|login)["']?:[ \t]+["']?$/i;

/**
 * The spans of the values of the mappings whose key `keys` matches (`^indent key:$`, the
 * indent captured), in the YAML document around `at`: `key: value` rows, and the lines of a
 * block scalar (`key: |`).
 */
export function yamlValues(text: string, at: number, keys: RegExp): [number, number][] {
  const start = Math.max(0, text.lastIndexOf("\n---", at) + 1);
  const next = text.indexOf("\n---", at);
  const end = next === -1 ? text.length : next;
  const doc = text.slice(start, end);
  const out: [number, number][] = [];
  for (const data of doc.matchAll(keys)) {
    const indent = data[1]!.length;
    let line = data.index + data[0].length + 1;
    while (line < doc.length) {
      const lineEnd = doc.indexOf("\n", line) === -1 ? doc.length : doc.indexOf("\n", line);
      const row = doc.slice(line, lineEnd);
      const lead = /^[ \t]*/.exec(row)![0].length;
      if (row.trim() !== "" && lead <= indent) break; // the mapping ended
      const pair = /^[ \t]+["']?[\w.\-]{1,253}["']?:[ \t]+(["']?)(.+?)\1[ \t]*$/.exec(row);
      const value = pair?.[2];
      if (value !== undefined && !/^[|>][+\-]?\d?$/.test(value) && isLiteral(value)) {
        const from = start + line + row.lastIndexOf(value);
        out.push([from, from + value.length]);
      } else if (pair === null && lead > indent + 2 && row.trim() !== "" && isLiteral(row)) {
        out.push([start + line + lead, start + lineEnd]); // a line of a block scalar
      }
      line = lineEnd + 1;
    }
  }
  return out;
}

/**
 * The values of the `data` and `stringData` objects near `at` (`kubectl … -o json` writes
 * `data` before `kind`).
 */
function jsonObject(text: string, at: number, out: Candidate[]): void {
  const from = Math.max(0, at - 8192);
  const window = text.slice(from, at + 8192);
  for (const data of window.matchAll(JSON_DATA)) {
    const body = data[1]!;
    const bodyStart = from + data.index + data[0].indexOf("{") + 1;
    for (const pair of body.matchAll(JSON_PAIR)) {
      if (!isLiteral(pair[1]!)) continue;
      const [s, e] = pair.indices![1]!;
      out.push({ start: bodyStart + s, end: bodyStart + e, type: "secret_assignment", tier: 1 });
    }
  }
}
