import { equal, ok } from "node:assert/strict";
import { ERROR_CODES } from "@helix/core";
import { EXIT_CODES, EXIT_FAILED, EXIT_OK, EXIT_SOFTWARE, EXIT_USAGE } from "./exit_codes.ts";

Deno.test("EXIT_CODES tells the four .dna failures apart, each from the others", () => {
  const dna = ["unsupported_version", "decrypt_failed", "bad_signature", "tampered"] as const;
  equal(new Set(dna.map((code) => EXIT_CODES[code])).size, dna.length);
});

Deno.test("EXIT_CODES maps every error code to a failure exit code", () => {
  for (const code of ERROR_CODES) {
    const exit = EXIT_CODES[code];
    ok(exit >= EXIT_USAGE && exit < 126, `${code} → ${exit}`);
    ok(![EXIT_OK, EXIT_FAILED, EXIT_SOFTWARE].includes(exit), `${code} → ${exit}`);
  }
});
