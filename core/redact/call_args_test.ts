/**
 * Tests of secrets given as call arguments (`call_args.ts`). Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, hex, kept } from "./examples_testing.ts";

Deno.test("call args: a setter or builder named for its secret takes its literal", () => {
  const pw = `Kv${chars(ALNUM, 10)}!`;
  gone(`source.setPassword("${pw}");`, pw);
  gone(`client = Client.builder().withApiKey('${pw}').build()`, pw);
  gone(`smtp.setUserPassword("deploy", "${pw}")`, pw);
});

Deno.test("call args: a wallet built from a private key loses the key", () => {
  const key = `0x${hex(64)}`;
  gone(`const signer = new ethers.Wallet("${key}", rpc);`, key);
  gone(`acct = web3.eth.account.privateKeyToAccount("${key}")`, key);
});

Deno.test("call args: the password after the user of a connect call goes, in any language", () => {
  const pw = `Maple.Orbit${chars("0123456789", 4)}`;
  gone(`$pdo = new PDO("mysql:host=db;dbname=shop", "shop", "${pw}");`, pw);
  gone(`Connection c = DriverManager.getConnection(jdbcUrl, "svc_report", "${pw}");`, pw);
  gone(`$link = mysqli_connect('10.0.0.7', 'web', '${pw}', 'crm');`, pw);
});

Deno.test("call args: names, references, words and hashed values stay", () => {
  kept(`client.setApiKeyHeader("X-Api-Key")`);
  kept(`tokenizer.setToken("Bearer")`);
  kept(`cfg.setPassword("DB_PASSWORD")`);
  kept(`user.setPassword(encoder.encode(raw))`);
  kept(`conn = DriverManager.getConnection(url, "app", System.getenv("PW"));`);
  kept(`const w = ethers.Wallet.createRandom();`);
  kept(`const hash = keccak256("0x${hex(64)}");`);
  kept(`conn = psycopg2.connect("dbname=test user=postgres")`);
});

Deno.test("call args: a call that hashes, checks or reads a secret is no setter", () => {
  kept(`expect(hashPassword("correct-Horse7")).not.toEqual("x")`);
  kept(`const pw = getPassword("smtp-relay-prod");`);
});
