// After each build step: SHA-256 digests of every built file, for the integrity watch
// (server/integrity/build-files.ts). The server records them in the database at first start.
import { writeManifest } from '../server/integrity/build-files.ts';
import { ROOT } from '../server/paths.ts';

const manifest = await writeManifest(ROOT);
console.log(`build-manifest.json: ${Object.keys(manifest.files).length} files, build ${manifest.build_id}`);
