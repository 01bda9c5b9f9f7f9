import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries hold for relative imports too, and for the src files the server imports
 * (whose own import-pattern block once replaced the zone rules). Each case lints a line placed in a
 * real file of the tree, as `npm run lint` would see it there.
 */
const eslint = new ESLint();

async function zoneErrors(filePath: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\nexport const used = imported;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('lint zones', () => {
  it('refuses a feature importing another feature by a relative path', async () => {
    const errors = await zoneErrors('src/features/news/article-page.tsx', "import { imported } from '../gallery/api/public-galleries.ts';");
    expect(errors.join('\n')).toMatch(/A feature must not import another feature/);
  });

  it('lets a feature import its own files', async () => {
    expect(await zoneErrors('src/features/news/article-page.tsx', "import { imported } from './lib/list-params.ts';")).toEqual([]);
  });

  it('refuses a feature import in a shared file the server also imports', async () => {
    const errors = await zoneErrors('src/lib/paths.ts', "import { imported } from '../features/news/lib/list-params.ts';");
    expect(errors.join('\n')).toMatch(/src\/lib, src\/components and src\/content are shared/);
  });

  it('refuses a service importing another service', async () => {
    const errors = await zoneErrors('server/storage/objects.ts', "import { imported } from '../backup/archives.ts';");
    expect(errors.join('\n')).toMatch(/A service must not import another service/);
  });

  it('refuses the plumbing importing a service', async () => {
    for (const file of ['server/http/body.ts', 'server/db/adapter.ts', 'server/observability/log.ts', 'server/mail/mailer.ts']) {
      const errors = await zoneErrors(file, "import { imported } from '../auth/errors.ts';");
      expect(errors.join('\n'), file).toMatch(/is shared plumbing: it must not import a service/);
    }
  });

  it('lets a service import the plumbing', async () => {
    expect(await zoneErrors('server/storage/objects.ts', "import { imported } from '../http/client-ip.ts';")).toEqual([]);
  });
});
