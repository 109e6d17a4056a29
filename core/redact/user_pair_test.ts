/**
 * Tests of lone `user:password` words (`user_pair.ts`). Examples are made up here.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

const random = () => `Rt${chars(ALNUM, 14)}4Qz`;

Deno.test("user pair: a lone user:password word loses the password", () => {
  const v = random();
  gone(`auth_basic_user_file /etc/nginx/.htpasswd;  # ops:${v}`, v);
  const p = `Hk7#pLq2W${chars(ALNUM, 3)}`;
  gone(`try deploy:${p} on the staging box`, p);
});

Deno.test("user pair: ids, images, hosts, times and hashes keep their values", () => {
  kept(`image: registry.example.org/acme/api:${random()}`);
  kept(`user:${random()} logged in from 10.0.0.8`);
  kept(`trace:${random()} span:${random()}`);
  kept(`api.example.io:${random()}`);
  kept("started at 2024-05-01T10:22:31Z, ended 10:25");
  kept(`sha256:${chars("0123456789abcdef", 64)}`);
});
