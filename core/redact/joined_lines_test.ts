/**
 * Tests of commands continued with a backslash (`joined_lines.ts`): a word the break cut off
 * from its key goes when the command read joined redacts it. Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

Deno.test("joined lines: a password cut off from its user by a continuation goes", () => {
  const pw = `Hq${chars(ALNUM, 10)}#x`;
  gone(
    `wget --quiet \\\n  --user=backup --password=\\\n${pw} \\\n  https://files.example.org/dump.gz`,
    pw,
  );
  const pat = chars(ALNUM, 36);
  gone(`git clone https://deploy:\\\n${pat}@git.example.org/acme/app.git`, pat);
});

Deno.test("joined lines: a command broken between its words keeps them", () => {
  kept(`docker run --rm \\\n  -e LOG_LEVEL=debug \\\n  -v /srv/data:/data \\\n  acme/api:1.4.2`);
  kept(`./configure \\\n  --prefix=/opt/tools \\\n  --with-openssl=/usr/local/ssl`);
});
