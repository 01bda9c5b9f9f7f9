/**
 * Personal data an attacker should not be able to read (docs/decisions/0002: approved colleagues
 * see each other; strangers' sign-ups are for staff only).
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

describe('profile contact data', () => {
  it('an approved plain user cannot read a pending sign-up\'s e-mail or phone number', async () => {
    const victim = await t.createUser({ role: 'user', status: 'pending' });
    await t.server.ctx.db.query("update public.profiles set phone_number = '+6281234567890' where id = $1", [victim.id]);
    const reader = await t.createUser({ role: 'user', status: 'approved' });
    const client = t.withToken(await t.mintUserToken(reader.id));
    const { data } = await client.from('profiles').select('id, email, phone_number').eq('id', victim.id);
    const row = data?.[0] as { email?: string | null; phone_number?: string | null } | undefined;
    expect(row?.email ?? null).toBeNull();
    expect(row?.phone_number ?? null).toBeNull();
  });
});

describe('repeated sign-up of an unconfirmed address', () => {
  it('does not hand a stranger the first sign-up\'s metadata (name, username, phone)', async () => {
    const anon = t.anon();
    const email = `korban-${Date.now()}@example.com`;
    const first = await anon.auth.signUp({
      email, password: 'rahasia-korban-1',
      options: { data: { full_name: 'Korban Rahasia', username: 'korban_rahasia', phone_number: '+6281122334455' } },
    });
    expect(first.error).toBeNull();
    // the resend is limited to once a minute; move the clock of the first mail back
    await t.server.ctx.db.query("update auth.users set confirmation_sent_at = now() - interval '2 minutes' where email = $1", [email]);
    const res = await fetch(`${t.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: t.server.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'penyerang-123', data: {} }),
    });
    const text = await res.text();
    expect(text).not.toContain('+6281122334455');
    expect(text).not.toContain('korban_rahasia');
    expect(text).not.toContain(first.data.user!.id);
  });
});
