import { describe, expect, it, vi } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';
import { confirmationLink, openLink, uniqueEmail } from './helpers.ts';

vi.setConfig({ hookTimeout: 180_000, testTimeout: 60_000 });

// Pre-account takeover (issue 30 point 5): whatever the order of sign-ups of one address by the
// attacker (A) and its owner (M), only the one who opens a link mailed to the address signs in
// afterwards, with a password only they know.
const t = useTestServer();
const ATTACKER = 'punya-penyerang-1';
const OWNER = 'punya-pemilik-1';
const CHOSEN = 'dipilih-di-tautan-1';

async function signUp(email: string, password: string) {
  const { error } = await t.anon().auth.signUp({ email, password, options: { data: { full_name: password } } });
  expect(error).toBeNull();
}

async function signsIn(email: string, password: string): Promise<boolean> {
  return !(await t.anon().auth.signInWithPassword({ email, password })).error;
}

/** The owner opens `link` from their mailbox and finishes whatever it asks for. */
async function ownerOpens(link: URL): Promise<string> {
  const { fragment } = await openLink(link);
  expect(fragment.get('error_code')).toBeNull();
  if (fragment.get('type') !== 'recovery') return OWNER;
  const client = t.anon();
  await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
  expect((await client.auth.updateUser({ password: CHOSEN })).error).toBeNull();
  return CHOSEN;
}

describe('no order of sign-ups takes an account', () => {
  for (const order of ['AM', 'MA', 'AMA', 'MAM', 'AAM', 'MAA']) {
    it(`order ${order.split('').join(' then ')}: every link mailed works, the attacker's password never does`, async () => {
      const email = uniqueEmail('ambil');
      let firstLink: URL | undefined;
      for (const who of order) {
        await signUp(email, who === 'A' ? ATTACKER : OWNER);
        firstLink ??= await confirmationLink(t.server, email);
      }
      // the owner's own (first) link is never made useless by a later sign-up
      const password = await ownerOpens(firstLink!);
      expect(await signsIn(email, ATTACKER)).toBe(false);
      expect(await signsIn(email, password)).toBe(true);
      // a sign-up after the owner confirmed changes nothing
      await signUp(email, ATTACKER);
      expect(await signsIn(email, ATTACKER)).toBe(false);
      expect(await signsIn(email, password)).toBe(true);
    });
  }

  it('a confirmed address re-signed up from many addresses keeps its password', async () => {
    const email = uniqueEmail('ambil');
    await signUp(email, OWNER);
    await ownerOpens(await confirmationLink(t.server, email));
    await Promise.all(Array.from({ length: 5 }, () => signUp(email, ATTACKER)));
    expect(await signsIn(email, OWNER)).toBe(true);
    expect(await signsIn(email, ATTACKER)).toBe(false);
  });
});
