/**
 * Issue 42 item 2: the guard judges the text as a reader sees it. Every class of disguise is held
 * (the reasons name the term), through the API on the embedded server and in the DATABASE_URL mode
 * on Debian's PostgreSQL 15 with its default settings; the unit's innocent texts publish.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_MODES, useServerOn } from '../support/server-on.ts';
import { createUser, signInAs, type TypedClient } from '../support/server.ts';
import { UNIT_NEWS } from './integrity-corpus.ts';
import { DISGUISES, INNOCENT, type Fields } from './integrity-disguises.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

describe.each(SERVER_MODES)('on the %s server', (mode) => {
  const on = useServerOn(mode);
  let staff: TypedClient;
  let staffId: string;

  beforeAll(async () => {
    const user = await createUser(on.server, { role: 'admin', fullName: 'Letda Penerangan' });
    staffId = user.id;
    staff = await signInAs(on.server, user);
  });

  async function reasons(fields: Fields): Promise<string[]> {
    const { rows } = await on.server.ctx.db.query<{ reasons: string[] }>(
      `select private.guard_reasons(private.guard_words('articles', $1::jsonb), $1::jsonb ->> 'content') as reasons`, [JSON.stringify(fields)]);
    return rows[0].reasons;
  }

  it.each(Object.entries(DISGUISES))('holds %s', async (_name, attacks) => {
    for (const fields of attacks) {
      expect([JSON.stringify(fields), (await reasons(fields)).join(' ')]).toEqual([JSON.stringify(fields), expect.stringMatching(/^Kata yang lazim di spam judi: /)]);
      const { data, error } = await staff.from('articles').insert({ ...fields, author_id: staffId }).select('id, published_at').single();
      expect(error).toBeNull();
      expect(data!.published_at).toBeNull();
      expect((await on.server.ctx.db.query('select 1 from public.integrity_holds where row_id = $1', [data!.id])).rowCount).toBe(1);
    }
  });

  it('reports every disguise stored by SQL with the triggers off in the watch\'s scan of stored content', async () => {
    const attacks = Object.values(DISGUISES).flat();
    const ids = await on.server.ctx.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      const { rows } = await tx.query<{ id: string }>(`insert into public.articles (title, content, author_id, published_at)
        select x ->> 'title', x ->> 'content', $1, now() from jsonb_array_elements($2::jsonb) with ordinality as a(x, n) order by n returning id`,
      [staffId, JSON.stringify(attacks)]);
      return rows.map((row) => row.id);
    });
    const { rows } = await on.server.ctx.db.query<{ subject: string; detail: string }>(
      `select subject, detail from private.stored_article_findings($1::uuid[]) where kind = 'words'`, [ids]);
    const missed = attacks.filter((_, i) => !rows.some((row) => row.subject.includes(ids[i]) && row.detail.startsWith('Kata yang lazim di spam judi: ')));
    expect(missed).toEqual([]);
  });

  it('reads links as browsers do: no slashes, tabs in the scheme, backslashes, case', async () => {
    for (const href of ['https:evil.example/x', 'ht&#9;tps://evil.example/', 'ht\ntps://evil.example/', 'https:\\\\evil.example', '/\\evil.example/',
      '&#1;HTTPS://EVIL.Example/', 'https:/evil.example']) {
      expect([href, await reasons({ title: 'Info', content: `<p><a href="${href}">sumber</a></p>` })])
        .toEqual([href, ['Tautan ke domain yang belum pernah ditautkan: evil.example']]);
    }
    const flood = Array.from({ length: 7 }, (_, i) => `<a href="https:arsip${i}.example">sumber ${i}</a>`).join(' ');
    expect(await reasons({ title: 'Info', content: `<p>${flood}</p>` })).toContain('Tautan keluar terlalu banyak: 7 (batas 5)');
    expect(await reasons({ title: 'Info', content: '<p><a href="mailto:humas@example.id">surel</a> <a href="/berita">berita</a></p>' })).toEqual([]);
  });

  it('publishes the innocent texts and the unit news', async () => {
    for (const fields of [...INNOCENT, ...UNIT_NEWS]) {
      expect([fields.title, await reasons(fields)]).toEqual([fields.title, []]);
    }
    for (const fields of INNOCENT) {
      const { data, error } = await staff.from('articles').insert({ ...fields, author_id: staffId }).select('published_at').single();
      expect(error).toBeNull();
      expect(data!.published_at).not.toBeNull();
    }
  });
});
