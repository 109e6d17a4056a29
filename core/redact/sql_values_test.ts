/**
 * Tests of SQL rows (`sql_values.ts`): a value's key is its column, not the table's name.
 * Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, hex, kept } from "./examples_testing.ts";

const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-b${hex(3)}-${hex(12)}`;

Deno.test("sql values: ids and hashes under public columns stay, whatever the table is called", () => {
  kept(
    `INSERT INTO access_tokens (id, owner_id, token_digest) VALUES ('${uuid()}', 42, '${
      hex(64)
    }');`,
  );
  kept(`insert into secrets (secret_id, label) values ('${uuid()}', 'smtp relay');`);
});

Deno.test("sql values: the value under a secret-named column goes", () => {
  const pw = `Tq${chars(ALNUM, 12)}`;
  gone(`INSERT INTO operators (id, login, password) VALUES ('${uuid()}', 'ops', '${pw}');`, pw);
  const token = chars(ALNUM, 32);
  gone(`INSERT INTO integrations (name, api_token) VALUES ('pager', '${token}');`, token);
});
