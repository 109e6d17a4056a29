/**
 * Tests of secrets hard-coded as a lookup's fallback (`fallbacks.ts`). Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

Deno.test("fallbacks: a secret-named lookup's default is a hard-coded secret", () => {
  const v = `Hx${chars(ALNUM, 14)}`;
  gone(`    environment:\n      - REDIS_PASSWORD=\${REDIS_PASSWORD:-${v}}`, v);
  gone(`const apiKey = process.env.MAPS_API_KEY ?? '${v}';`, v);
  gone(`SECRET_KEY = os.environ.get("DJANGO_KEY") or "${v}"`, v);
  gone(`settings.webhook_secret = ENV.fetch("HOOK", "${v}")`, v);
});

Deno.test("fallbacks: settings, words, empty defaults and other references stay", () => {
  kept("image: registry.example.org/api:${IMAGE_TAG:-latest}");
  kept("ttl = ${TOKEN_TTL:-3600}");
  kept("password: ${DB_PASSWORD:-}");
  kept(`const mode = process.env.AUTH_MODE ?? "password";`);
  kept(`token = os.environ.get("GH_TOKEN") or os.environ.get("GITHUB_TOKEN")`);
  kept(`timeout = ENV.fetch("TIMEOUT", "30")`);
});
