/**
 * Tests of safe shapes and value shapes added in stop 32: a header's directive list is no
 * `user, password` pair. Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, hex, kept } from "./examples_testing.ts";

Deno.test("user, password: a header's directive after a comma is no password", () => {
  kept("Cache-Control: private, max-age=600");
  kept("Strict-Transport-Security: preload, max-age=63072000");
  kept("Content-Type: text, charset=utf-8");
  const pw = `Rw${chars(ALNUM, 10)}`;
  gone(`Grafana: viewer, ${pw}`, pw);
});

Deno.test("url userinfo: a password with ?, = or & unescaped still goes; a port's query stays", () => {
  const pw = `Hk?${chars(ALNUM, 5)}=${chars(ALNUM, 6)}`;
  gone(`MONGO_URL=mongodb://ops:${pw}@mongo-1.internal:27017/app`, pw);
  gone(`curl "https://bot:${pw}@api.example.org/v1/ping"`, pw);
  kept("open https://portal.example.org:8443?next=jane@example.org to sign in");
});

Deno.test("sql: a password as a T-SQL national string (N'…') goes", () => {
  const pw = chars(ALNUM, 14);
  gone(`ALTER LOGIN etl_reader WITH PASSWORD = N'${pw}';`, pw);
});

Deno.test("join tokens: kubeadm, Swarm and k3s join tokens go; a bundle's chunk name stays", () => {
  const boot = `${chars("abcdefghijklmnopqrstuvwxyz0123456789", 5)}7.${
    chars("abcdefghijklmnopqrstuvwxyz", 8)
  }4${chars("abcdefghijklmnopqrstuvwxyz0123456789", 7)}`;
  gone(
    `kubeadm join 10.0.4.2:6443 --token ${boot} --discovery-token-unsafe-skip-ca-verification`,
    boot,
  );
  gone(`the node joined with ${boot} before it expired`, boot);
  const swarm = `SWMTKN-1-${chars("abcdefghijklmnopqrstuvwxyz0123456789", 50)}-${
    chars("abcdefghijklmnopqrstuvwxyz0123456789", 25)
  }`;
  gone(`docker swarm join --token ${swarm} 10.0.0.5:2377`, swarm);
  kept("served vendor.3f2a1b9c8d7e6f5a from the CDN cache");
  kept("the build wrote dist/assets/main.a81f09c2d4b7e6f1.js");
});

Deno.test("entropy: an aside after a token that names it public keeps it; one naming a use does not", () => {
  const addr = chars("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 44);
  kept(`Airdrop went to ${addr} (treasury wallet, public address).`);
  kept(`Pinned the tarball to ${chars(ALNUM, 43)} (sha256 of the release archive).`);
  const token = chars(ALNUM, 40);
  gone(`the runner calls back with ${token} (for the deploy job)`, token);
});

Deno.test("user / password: random-case letters after the pair's slash go; capitalised words stay", () => {
  gone("the kiosk login is frontdesk / QwhRtyUkpLzmNb, ask me if it fails", "QwhRtyUkpLzmNb");
  kept("we split the repo by team: docs / GitHubActions / Infra");
});

Deno.test("owner: a name after 'password of the' owns the secret; the value before is bound", () => {
  const pw = `#${chars(ALNUM, 12)}=4`;
  const out = gone(`Use ${pw} (that's the admin password of the UniFi in the loft).`, pw);
  kept("the admin password of the UniFi in the loft is in the vault");
  if (!out.includes("UniFi")) throw new Error(out);
});

Deno.test("letters: random case that happens to spell a code word is still random", () => {
  gone("Kata laluan untuk pelayan ujian ialah QrnUtTIdEmKxyVo.", "QrnUtTIdEmKxyVo");
  gone("the kiosk password is WbKeyzPqLmTrXo", "WbKeyzPqLmTrXo");
  kept("call getUserIdFromToken before the refresh");
});

Deno.test("title: a commit's subject that names a secret labels the one key-shaped value below", () => {
  const pw = `Vb7q!${chars(ALNUM, 8)}`;
  gone(`chore(ci): rotate the registry password\n\nOld one was in the runbook. Now: ${pw}`, pw);
  kept(`chore(ci): rotate the registry password\n\nNothing in the repo held it; see ticket 4411.`);
  kept(`fix: token refresh\n\nBuild ${hex(40)} broke it; reverted in ${hex(40)}.`);
});

Deno.test("log in with: a made-up phrase of words and digits is the password", () => {
  gone("you can sign in with Harbor_318Maple and change it after", "Harbor_318Maple");
  kept("log in with your GitHub account, then open Settings");
  kept("log in with GoogleWorkspace or Okta, whichever your team uses");
});

Deno.test("owned: a digest of a secret, a commit that touched one, a hash call's output stay", () => {
  kept(`the deploy token's SHA-1 is ${hex(40)}, compare before you paste it`);
  kept(`the commit that rotated the password was ${hex(40)}`);
  kept(`we keep only hmac_sha256(api_key) = ${hex(64)} in the table`);
});

Deno.test("passphrase: words after 'is:' or a dash are the passphrase", () => {
  gone("The vault passphrase is: amber quiver dolphin socket", "amber quiver dolphin socket");
  gone("Disk passphrase — cobalt meadow pilgrim thirteen", "cobalt meadow pilgrim thirteen");
  kept("The passphrase is: stored in the team vault, ask Sam");
});

Deno.test("public key: a public noun right before a value is its key, even after 'for'", () => {
  kept(`the token refresh failed for request ${chars(ALNUM, 17)} again`);
  const v = `Kd${chars(ALNUM, 15)}`;
  gone(`api key for the side project: ${v}`, v);
});

Deno.test("stated: 'now' in other languages states a phrase after a password label", () => {
  gone("Het wachtwoord is nu Tulp-Gracht-31", "Tulp-Gracht-31");
  gone("Das Passwort ist jetzt Berg-Wiese-64", "Berg-Wiese-64");
});

Deno.test("title: a commit range is no key, and a long first line is a title by its words", () => {
  kept(`fix: rotate the token\n\n   4a25860..11ca2e8  main -> main`);
});
