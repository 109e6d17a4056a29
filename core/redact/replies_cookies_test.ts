/**
 * Two shapes found leaking in the seventh blind batch after its single run, fixed as classes:
 * a quoted passphrase given as the reply to a question that names a password, and a session
 * cookie written as a name/value object (HAR exports, browser dumps). Examples of our own.
 */
import { gone, kept } from "./examples_testing.ts";

Deno.test("a quoted passphrase in the reply to a question about it is redacted", () => {
  gone(
    'Priya: what is the passphrase for the offsite backup disk?\nTom: "walnut ember falcon quay 58" (all lowercase)',
    "walnut ember falcon quay 58",
  );
  gone(
    "what's the vault passphrase?\n> 'opal-fjord-lantern-mist-07'",
    "opal-fjord-lantern-mist-07",
  );
  // A reply that is words about the password, not one, stays.
  kept('who knows the wifi password?\nJune: "ask the front desk"');
  kept('Marco: what\'s the passphrase policy?\nJune: "at least four words" is what IT says');
});

Deno.test("a session cookie written as a name/value object is redacted", () => {
  const value = ["Qm7", "xT2pLw9", "RvK4sNz8", "HcY1bJd6", "FgA3eUo5"].join("_");
  gone(`"cookies": [{ "name": "connect.sid", "value": "${value}", "httpOnly": true }]`, value);
  gone(`{ 'name': 'PHPSESSID', 'value': '${value}' }`, value);
  // Analytics and preference cookies stay.
  kept(`{ "name": "_ga", "value": "GA1.1.951808514.6296944945" }`);
  kept(`{ "name": "theme", "value": "dark-high-contrast-v2" }`);
});
