/**
 * Issue 42 item 1: one reading of stored HTML in each language. The TypeScript renderer and its
 * reading (src/lib/integrity/reader-view.ts) and the SQL guard's (private.reader_view,
 * private.html_link_hosts) read the same text and the same link hosts from every attack class, the
 * demo's unit articles and pages, the unit news corpus and 400 generated bodies, on the embedded
 * server and on Debian's PostgreSQL 15 through DATABASE_URL. A change to either side alone fails.
 */
import { describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../server/db/seed.ts';
import { readerView } from '../../src/lib/integrity/reader-view.ts';
import { SERVER_MODES, useServerOn } from '../support/server-on.ts';
import { UNIT_NEWS } from './integrity-corpus.ts';
import { ATTACKS, generatedHtml } from './integrity-reading-corpus.ts';

vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });

const ORIGIN = 'https://skadron.example';

describe.each(SERVER_MODES)('on the %s server', (mode) => {
  const on = useServerOn(mode);

  /** Each body's reading on both sides, side by side, where they differ. */
  async function disagreements(bodies: string[]): Promise<unknown[]> {
    const { rows } = await on.server.ctx.db.query<{ text: string; hosts: string[] }>(
      `select private.reader_view(b) as text, private.html_link_hosts(b) as hosts from unnest($1::text[]) with ordinality as x(b, n) order by n`, [bodies]);
    return bodies.flatMap((html, i) => {
      const ts = readerView(html, ORIGIN);
      const sql = { text: rows[i].text, hosts: rows[i].hosts };
      return JSON.stringify(ts) === JSON.stringify(sql) ? [] : [{ html, ts, sql }];
    });
  }

  it('reads every attack class alike', async () => {
    expect(await disagreements(ATTACKS)).toEqual([]);
    // the reading is what a visitor sees: the disguises read as the word they show
    const { text } = readerView('<p>g\u0430\u200bc<!-- -->o<wbr>r SLOT\u00adGACOR \uff54\uff4f\uff47\uff45\uff4c</p><div>ma</div>xwin', ORIGIN);
    expect(text).toBe('gacor slotgacor togel maxwin');
  });

  it('reads the demo\'s unit articles and pages and the unit news alike', async () => {
    await seedDemo(on.server.ctx.db);
    const { rows } = await on.server.ctx.db.query<{ body: string }>(
      `select content as body from public.articles union all select body from public.unit_texts union all select body from public.info_pages`);
    const bodies = [...rows.map((row) => row.body), ...UNIT_NEWS.map((news) => news.content)];
    expect(bodies.length).toBeGreaterThan(60);
    expect(await disagreements(bodies)).toEqual([]);
  });

  it('reads 400 generated bodies alike', async () => {
    expect(await disagreements(generatedHtml(400))).toEqual([]);
  });
});
