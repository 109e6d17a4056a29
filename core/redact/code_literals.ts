/**
 * Secrets written as code literals that the assignment rule cannot read as one value: a key as
 * a C byte array under a secret name (`static const uint8_t APPKEY[16] = { 0x2B, 0x7E, … }`,
 * `#define LORA_APPKEY { … }`: LoRaWAN's AppKey and session keys, AES keys in firmware), and the
 * password of an ESP8266 join command (`AT+CWJAP="ssid","password"`). Names that say id
 * (`DevEUI`, `JoinEUI`) stay.
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";

/** A C array of eight or more hex bytes: group 1 is the bytes inside the braces. */
const BYTE_ARRAY =
  /\{[ \t\r\n]*((?:0[xX][0-9A-Fa-f]{2}[ \t]*,[ \t\r\n]*){7,63}0[xX][0-9A-Fa-f]{2})[ \t\r\n]*,?[ \t\r\n]*\}/gd;
/** The array's name, before its braces: `APPKEY[16] = `, `#define LORA_APPKEY `. */
const ARRAY_NAME = /([A-Za-z_]\w{0,60})(?:\[[\w ]{0,8}\])?[ \t]*(?:=[ \t]*)?$/;
const SECRET_NAME = /key|secret|pass|token|psk/i;
/** Ids and tables that share those words: `DevEUI`, `keymap`, `keycodes`, `hotkeys`, `bypass`. */
const NOT_SECRET_NAME = /eui|keymap|keycode|keyboard|hotkey|keypad|keyframe|bypass|passthrough/i;
const ESP_JOIN = /\bAT\+CWJAP(?:_CUR|_DEF)?="[^"\n]{0,64}","([^"\n]{1,64})"/gd;

/** Candidate spans of secrets in code literals. */
export function codeLiteralCandidates(text: string, out: Candidate[]): void {
  if (text.includes("0x") || text.includes("0X")) {
    for (const m of text.matchAll(BYTE_ARRAY)) {
      const name = ARRAY_NAME.exec(text.slice(Math.max(0, m.index - 80), m.index))?.[1] ?? "";
      if (!SECRET_NAME.test(name) || NOT_SECRET_NAME.test(name)) continue;
      const [start, end] = m.indices![1]!;
      out.push({ start, end, type: "secret_assignment", tier: 1 });
    }
  }
  if (text.includes("AT+CWJAP")) {
    for (const m of text.matchAll(ESP_JOIN)) {
      if (!isLiteral(m[1]!)) continue;
      const [start, end] = m.indices![1]!;
      out.push({ start, end, type: "secret_assignment", tier: 1 });
    }
  }
}
