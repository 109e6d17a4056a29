/**
 * Tests of capability URLs (`url_token.ts`): a random token in the path or fragment of a URL
 * whose own words say it delivers to or opens something goes; ids in other URLs stay. Examples
 * are made up here.
 *
 * @module
 */
import { ALNUM, B64URL, chars, gone, hex, kept } from "./examples_testing.ts";

const token = () => `Rk${chars(ALNUM, 20)}9${chars(B64URL, 12)}`;

Deno.test("url token: a webhook's, a feed's or a reset link's random path token goes", () => {
  const a = token();
  gone(`POST https://inbound.mailrelay.example/hook/${a}`, a);
  const b = token();
  gone(`subscribe to https://cal.example.org/feeds/${b}/team.ics in your calendar app`, b);
  const c = token();
  gone(`the link was https://app.example.com/reset/${c}?lang=en`, c);
});

Deno.test("url token: ids in URLs that open nothing, hex and slugs stay", () => {
  kept(`spec: https://docs.example.com/document/d/1${chars(B64URL, 43)}/edit`);
  kept(`https://api.example.com/repos/acme/web/hooks/${hex(40)}/deliveries`);
  kept(`https://hooks.example.io/services/weekly-digest-for-the-platform-team`);
  kept(`https://example.com/callback?state=${chars(B64URL, 32)}`); // a query's value: by its key
});

Deno.test("url token: a signed link's signature goes, and so does a token in an app's route", () => {
  const sig = `${chars(ALNUM, 30)}%2F${chars(ALNUM, 12)}`;
  gone(`download: https://files.example.net/report.pdf?exp=1767225600&sig=${sig}`, sig);
  const route = token();
  gone(`open https://app.example.com/#/reset-password/${route} within the hour`, route);
  // No expiry: a signature parameter alone is no signed link.
  kept(`https://img.example.net/a.png?sig=${chars(ALNUM, 24)}`);
});

Deno.test("url token: hex under a feed's or a hook's own segment goes; under a commit's it stays", () => {
  const feed = hex(40);
  gone(`subscribe to https://cal.example.org/ical/${feed}.ics for the on-call rota`, feed);
  const hook = hex(32);
  gone(`POST to https://ci.example.org/hooks/${hook} on merge`, hook);
  kept(`see https://ci.example.org/push/${hex(40)} for the failing build`);
  kept(`fixed in https://git.example.org/acme/api/commit/${hex(40)}`);
});
