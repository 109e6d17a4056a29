/**
 * Ciphertext meant to be committed, which redaction keeps: Ansible Vault blocks
 * (`$ANSIBLE_VAULT;1.1;AES256` and its hex lines), SOPS values (`ENC[AES256_GCM,data:…]`) and
 * the `encryptedData` of a Bitnami SealedSecret. Without the key they hold nothing; with it,
 * the secret is elsewhere. Their names (`password: !vault |`) still read as secret labels, so
 * their spans are claimed before any detector runs.
 *
 * @module
 */
import { yamlValues } from "./k8s_secret.ts";

const ANSIBLE_VAULT =
  /\$ANSIBLE_VAULT;\d\.\d;AES256(?:;[\w\-]{1,64})?(?:\r?\n[ \t]*[0-9a-f]{2,80})+/g;
const SOPS =
  /ENC\[AES256_GCM,data:[A-Za-z0-9+\/=]{0,65536},iv:[A-Za-z0-9+\/=]{1,64},tag:[A-Za-z0-9+\/=]{1,64},type:\w{1,16}\]/g;
const SEALED = /^kind:[ \t]*["']?SealedSecret["']?[ \t]*$/gm;
const ENCRYPTED_DATA = /^([ \t]*)encryptedData:[ \t]*$/gm;

/** The spans of committed ciphertext in `text`. */
export function ciphertextSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  if (text.includes("$ANSIBLE_VAULT")) {
    for (const m of text.matchAll(ANSIBLE_VAULT)) out.push([m.index, m.index + m[0].length]);
  }
  if (text.includes("ENC[")) {
    for (const m of text.matchAll(SOPS)) out.push([m.index, m.index + m[0].length]);
  }
  if (text.includes("SealedSecret")) {
    for (const m of text.matchAll(SEALED)) out.push(...yamlValues(text, m.index, ENCRYPTED_DATA));
  }
  return out;
}
