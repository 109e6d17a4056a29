/**
 * Tests of the command lines that give a secret without a secret word beside it
 * (`cli_pairs.ts`): a value piped into a command that stores a secret, PowerShell's
 * `ConvertTo-SecureString`, `lftp -u user,password`, redis's `--requirepass`. Examples are made
 * up here, not taken from a batch.
 *
 * @module
 */
import { ALNUM, chars, gone, kept } from "./examples_testing.ts";

Deno.test("piped in: a secret-shaped value echoed into a command that stores a secret", () => {
  const value = chars(ALNUM, 18);
  gone(`echo ${value} | gh secret set DEPLOY_KEY --repo acme/api`, value);
  gone(`printf '%s' '${value}' | docker login -u ci --password-stdin`, value);
  gone(`echo "${value}" | passwd --stdin deploy`, value);
  kept(`echo building-release | tee -a build.log`);
  kept(`echo hello-world | grep -c token`);
  kept(`printf 'deploy' | docker login --username ops --password-stdin`);
});

Deno.test("a password given by the tool's shape: SecureString, lftp's user,password, requirepass", () => {
  const value = chars(ALNUM, 14);
  gone(`$cred = ConvertTo-SecureString "${value}" -AsPlainText -Force`, value);
  gone(`lftp -u backup,${value} sftp://files.internal`, value);
  gone(`redis-server --port 6380 --requirepass ${value}`, value);
  kept(`$s = ConvertTo-SecureString $env:PW -AsPlainText -Force`);
});

Deno.test("cli tools: openssl enc -k and ssh-keygen's -N/-P passphrases", () => {
  const pw = `Wd${chars(ALNUM, 10)}`;
  gone(`openssl enc -aes-256-cbc -salt -k ${pw} -in dump.sql -out dump.enc`, pw);
  gone(`ssh-keygen -t ed25519 -N '${pw}' -C ci@build -f ./ci_key`, pw);
  const old = `Ox${chars(ALNUM, 9)}`;
  const out = gone(`ssh-keygen -p -P ${old} -N ${pw} -f ~/.ssh/id_ed25519`, pw);
  if (out.includes(old)) throw new Error(out);
  kept("ssh-keygen -t ed25519 -N '' -f ./throwaway");
});
