import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/adapter.ts';
import type { WatchFinding } from './findings.ts';

/** What `npm run build` and `npm run build:server` produce and the server runs or serves. */
export const BUILD_DIRS = ['dist', 'dist-ssr', 'dist-server'];
export const MANIFEST_FILE = 'build-manifest.json';

export interface BuildManifest {
  build_id: string;
  built_at: string;
  /** Path relative to the project root, '/'-separated -> hex SHA-256. */
  files: Record<string, string>;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** `between` is awaited after each file with the time it took (the watch gives way there). */
export async function digestBuild(root: string, between?: (workedMs: number) => Promise<void>): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const dir of BUILD_DIRS) {
    for (const file of await listFiles(path.join(root, dir))) {
      const started = performance.now();
      files[path.relative(root, file).split(path.sep).join('/')] = createHash('sha256').update(await readFile(file)).digest('hex');
      await between?.(performance.now() - started);
    }
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/** Written by the build scripts after each build step. */
export async function writeManifest(root: string): Promise<BuildManifest> {
  const manifest = { build_id: randomUUID(), built_at: new Date().toISOString(), files: await digestBuild(root) };
  await writeFile(path.join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

export async function readManifest(root: string): Promise<BuildManifest | undefined> {
  const text = await readFile(path.join(root, MANIFEST_FILE), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : (JSON.parse(text) as BuildManifest);
}

/**
 * At start: the manifest's digests are recorded once for its build id (a later start of the
 * same build keeps the first record). Returns the build id the watch checks against, or
 * undefined when there is no built site (development, tests).
 */
export async function recordBuild(db: Db, root: string): Promise<string | undefined> {
  const manifest = await readManifest(root);
  if (!manifest) return undefined;
  await db.query(
    `insert into private.build_manifests (build_id, files, built_at) values ($1, $2, $3) on conflict (build_id) do nothing`,
    [manifest.build_id, JSON.stringify(manifest.files), manifest.built_at],
  );
  return manifest.build_id;
}

/** Built files changed, removed or added since the build was recorded. */
export async function buildFindings(db: Db, root: string, buildId: string | undefined, between?: (workedMs: number) => Promise<void>): Promise<WatchFinding[]> {
  const { rows } = await db.query<{ build_id: string; files: Record<string, string> }>(
    buildId
      ? 'select build_id, files from private.build_manifests where build_id = $1'
      : 'select build_id, files from private.build_manifests order by recorded_at desc limit 1',
    buildId ? [buildId] : [],
  );
  if (rows.length === 0) return [];
  const recorded = rows[0].files;
  const onDisk = await digestBuild(root, between);
  const findings: WatchFinding[] = [];
  const build = (subject: string, detail: string) => findings.push({ kind: 'build', subject, detail });
  for (const [file, digest] of Object.entries(recorded)) {
    if (!(file in onDisk)) build(file, 'Berkas hasil build hilang');
    else if (onDisk[file] !== digest) build(file, 'Isi berkas hasil build berubah sejak build dicatat');
  }
  for (const file of Object.keys(onDisk)) {
    if (!(file in recorded)) build(file, 'Berkas baru yang tidak ada di build yang dicatat');
  }
  const manifest = await readManifest(root);
  if (manifest && manifest.build_id !== rows[0].build_id) build(MANIFEST_FILE, `Manifest build di disk (${manifest.build_id}) bukan build yang sedang berjalan (${rows[0].build_id})`);
  return findings.sort((a, b) => a.subject.localeCompare(b.subject));
}
