/**
 * Issue 43, point 6: a name a member or staff chooses is a plain name, in the database (so a
 * hosted project holds it too) and in the forms (the same rule), and the unit's mail never greets
 * anyone with a link or markup.
 */
import { describe, expect, it } from 'vitest';
import { approvalMail } from '../../server/mail/templates.ts';
import { isPlainName } from '../../src/lib/validation/plain-name.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer();

const PLAIN = ['Budi Santoso', 'Kapten Cpn. Budi Santoso, S.T.', "Siti Nur'aini", 'Lettu (Pnb) Siti Rahma-Dewi', 'Dr. Ir. Joko, M.Kom.', 'Zoë Ñúñez', 'Nur’aini', 'Serda 12345'];
const NOT_PLAIN = [
  'Klik http://evil.example/login', 'Klik evil.example', 'www.evil.example', '<b>Admin</b>', 'Budi <script>', 'Budi & Rekan',
  '12345', 'admin@evil.example', 'Budi_Santoso', '...', 'Kunjungi bit.ly/x',
];

describe('plain names', () => {
  it('the database and the forms agree on what a plain name is', async () => {
    for (const name of [...PLAIN, ...NOT_PLAIN]) {
      const { rows } = await t.server.ctx.db.query<{ plain: boolean }>('select private.is_plain_name($1) as plain', [name]);
      expect({ name, sql: rows[0].plain }).toEqual({ name, sql: PLAIN.includes(name) });
      expect({ name, js: isPlainName(name) }).toEqual({ name, js: PLAIN.includes(name) });
    }
  });

  it('a member cannot give itself a name with a link or markup; a rank and a title are fine', async () => {
    const { user, client } = await t.signedIn({ status: 'approved' });
    const refused = await client.from('profiles').update({ full_name: 'Klik http://evil.example/login' }).eq('id', user.id).select();
    expect(refused.error).toMatchObject({ code: '23514', message: expect.stringContaining('Nama hanya boleh berisi huruf') });
    const ok = await client.from('profiles').update({ full_name: 'Kapten Cpn. Budi Santoso, S.T.' }).eq('id', user.id).select('full_name');
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([{ full_name: 'Kapten Cpn. Budi Santoso, S.T.' }]);
  });

  it('a sign-up whose name carries a link makes no account', async () => {
    const email = `nama-${Date.now()}@example.com`;
    const { error } = await t.anon().auth.signUp({ email, password: 'rahasia-123', options: { data: { full_name: 'Klik http://evil.example/login', username: `n${Date.now()}` } } });
    expect(error).not.toBeNull();
    const { rows } = await t.server.ctx.db.query('select 1 from public.profiles where email = $1', [email]);
    expect(rows).toEqual([]);
  });

  it('a name written before the rule stays, other changes to its row still save, and mail greets it without the name', async () => {
    const { user, client } = await t.signedIn({ status: 'approved' });
    await t.server.ctx.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`update public.profiles set full_name = 'Klik http://evil.example/login' where id = $1`, [user.id]);
    });
    const other = await client.from('profiles').update({ phone_number: '+6281234567890' }).eq('id', user.id).select('phone_number');
    expect(other.error).toBeNull();
    const mail = approvalMail({ to: user.email, loginUrl: 'https://skadron.example/login', siteName: 'Skadron', fullName: 'Klik http://evil.example/login' });
    expect(mail.text.startsWith('Halo,\n')).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example');
    expect(approvalMail({ to: user.email, loginUrl: 'https://skadron.example/login', siteName: 'Skadron', fullName: 'Kapten Budi' }).text).toMatch(/^Halo Kapten Budi,/);
  });
});
