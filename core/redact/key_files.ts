/**
 * Fields of key files that travel with the private key and identify or authenticate it: a
 * PuTTY `.ppk` file's `Private-MAC` (keyed by the private part), and a Google service account
 * key file's `private_key_id` (the id the key is revoked and looked up by). Each is redacted only
 * inside its own file format, so a key id elsewhere, or a MAC in a log, stays.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";

const PUTTY_MAC = /(?<![\w\-])Private-MAC:[ \t]*([0-9a-fA-F]{40,128})(?![0-9a-fA-F])/gd;
const KEY_ID = /"private_key_id"[ \t]*:[ \t]*"([0-9a-fA-F]{32,64})"/gd;
/** What marks a Google service account key file around its key id. */
const SERVICE_ACCOUNT = /"type"[ \t]*:[ \t]*"service_account"|\.iam\.gserviceaccount\.com"/;

/** Candidate spans of key-file fields in `text`. */
export function keyFileCandidates(text: string, out: Candidate[]): void {
  if (text.includes("Private-MAC")) {
    for (const m of text.matchAll(PUTTY_MAC)) {
      if (text.lastIndexOf("PuTTY-User-Key-File-", m.index) === -1) continue;
      const [start, end] = m.indices![1]!;
      out.push({ start, end, type: "pem_private_key", tier: 4 });
    }
  }
  if (text.includes("private_key_id") && SERVICE_ACCOUNT.test(text)) {
    for (const m of text.matchAll(KEY_ID)) {
      const [start, end] = m.indices![1]!;
      out.push({ start, end, type: "gcp_service_account_key", tier: 4 });
    }
  }
}
