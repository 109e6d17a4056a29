/**
 * Tests of value shapes and file formats the prose batches taught after blind5 (issue 16,
 * item 5): dotted property keys, PINs named further from their value, key ids, PuTTY MACs,
 * masked connection strings. Examples are made up here, not taken from a batch.
 *
 * @module
 */
import { ok } from "node:assert/strict";
import { gone, kept } from "./examples_testing.ts";

Deno.test("dotted keys: a properties line or a chart override holds a literal, even in words", () => {
  gone("app.mail.password=OrchidTundraLantern\napp.mail.host=smtp.local", "OrchidTundraLantern");
  const out = gone(
    "helm install web ./chart --set redis.auth.password=PebbleSaffronWharf --set replicas=2",
    "PebbleSaffronWharf",
  );
  ok(out.includes("--set replicas=2"), out);
  kept("this.password=incomingPassword");
  kept("  const secret = config.signingSecret;");
});

Deno.test("PINs: a PIN label states its digits further on with a copula; other digits stay", () => {
  gone("The passcode for the badge reader at the east door is 58203917.", "58203917");
  gone("the SIM pin of the on-call phone was 40917", "40917");
  kept("The PIN for the phone 2 was reset in 2023");
  kept("The PIN pad on floor 3 is model 44871");
});

Deno.test("key files: a PuTTY MAC and a service account key's id go, outside their files they stay", () => {
  const mac = "5e1f".repeat(16);
  const out = gone(
    `PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: ci@build\nPublic-Lines: 1\n` +
      `AAAAB3NzaC1yc2EAAAADAQAB\nPrivate-Lines: 1\nQmFzZTY0UHJpdmF0ZUJsb2NrSGVyZQ==\n` +
      `Private-MAC: ${mac}`,
    mac,
  );
  ok(out.includes("Private-MAC: "), out);
  const id = "0c9d".repeat(10);
  gone(
    `{"type": "service_account", "project_id": "acme-ci", "private_key_id": "${id}"}`,
    id,
  );
  kept(`{"private_key_id": "${id}", "note": "rotated key id, in the audit log"}`);
});

Deno.test("dotted tokens: a Discord bot token that ends a sentence goes whole", () => {
  const token = "MTA5ODc2NTQzMjEwOTg3NjU0.Gx7Kq2.p9Wm4Rt8Yz2Lc6Nv1Bq5Hd3Jf7Ks0Xa4Ue8Io";
  gone(`The release bot signs in with ${token}.`, token);
});

Deno.test("masked connection strings: a Server=host pair after a password label stays", () => {
  kept("Here it is, password masked: Host=pg-7.internal.acme.io;Username=app_ro;Password=*****;");
  kept("with the password left out: Server=sql3.corp;Database=orders;User Id=svc_orders;");
  gone("the password is Tr0ub4dor&3x for Server=sql3.corp", "Tr0ub4dor&3x");
});

Deno.test("URL passwords: an unescaped '@' or a leading sigil stays inside the password", () => {
  const out = gone(
    "REDIS_URL=rediss://cache_rw:Kp@9vQ#mT4wZ@cache-2.internal:6380/0",
    "Kp@9vQ#mT4wZ",
  );
  ok(out.includes("@cache-2.internal:6380/0"), out);
  gone("amqp://jobs:*Rt5mWq8Lz2Np@mq.internal:5672/", "*Rt5mWq8Lz2Np");
  gone("amqp://jobs:@Hy7nBv3Xq9Ls@mq.internal:5672/", "@Hy7nBv3Xq9Ls");
  gone(
    `sql.Open("mysql", "app:Qw@7z&Lp3x%Vr@tcp(db.internal:3306)/orders")`,
    "Qw@7z&Lp3x%Vr",
  );
  kept("mailto:ops@acme.io and https://docs.acme.io/x?user=a@b.io");
});

Deno.test("quoted passphrases: one joined phrase in quotes reads as it does bare", () => {
  gone(
    "The backup passphrase is “tundra-pebble-saffron-orchid”, mind the dashes.",
    "tundra-pebble-saffron-orchid",
  );
  gone("our disk passphrase is 'walnut.ember.heron.quill'", "walnut.ember.heron.quill");
  kept("The password rule is “at-least-twelve-chars”, see the wiki.");
});

Deno.test("wifi: the network's place, then its password; an SSID-like word or a state stays", () => {
  gone("The wi-fi in the north lab is OrchidPebbleWharf, ask before sharing.", "OrchidPebbleWharf");
  kept("the wifi in the lab is AcmeGuest");
  kept("the wifi in the big lab is down again");
});

Deno.test("answers and flags: a value answered above an aside, a flag's value led by a sigil", () => {
  gone("> pw for the staging broker?\nQ7#vLm2@xRt9  (admin user, rotate it after)", "Q7#vLm2@xRt9");
  kept("> what's the db pw for the cache?\nask Dana (she owns the vault)");
  gone("redis-cli -h cache.internal -a *Vb8kTq2Wm5Lz PING", "*Vb8kTq2Wm5Lz");
});

Deno.test("Secret manifests: a plain-text user name under stringData stays, its password goes", () => {
  const out = gone(
    "kind: Secret\nmetadata:\n  name: mail\nstringData:\n  MAIL_USER: relay_bot\n  MAIL_PASS: Hq8!vZ2m#Lp4",
    "Hq8!vZ2m#Lp4",
  );
  ok(out.includes("MAIL_USER: relay_bot"), out);
  gone("kind: Secret\ndata:\n  username: cmVsYXlfYm90\n", "cmVsYXlfYm90");
});

Deno.test("bare passwords: a trailing '$' is a password's symbol unless the word reads as a regex", () => {
  gone("Kw7#pLz2Qm!Rv9$ is what the billing user was given", "Kw7#pLz2Qm!Rv9$");
  kept("the route must match ^/v[0-9]+/Items!$ in the proxy");
  kept("grep for ^Deploy-[A-Z]+!Done$ in the log");
});

Deno.test("odd case: letters whose case flips mid-word, after a password clause's colon", () => {
  gone(
    "Write down the root password for the NAS at 192.168.4.20: lanTERnPebble, then burn it.",
    "lanTERnPebble",
  );
  kept("the password for the admin account: ResetRequired");
  kept("the password for the webhook: parseURL handles it");
  kept("the password for the router at 10.0.0.1: see the vault");
});
