import type { ServerContext } from '../../context.ts';
import type { FileStore } from '../disk.ts';
import type { createRenderer } from '../render.ts';

/** What every route family of /storage/v1 is given. */
export interface StorageDeps {
  ctx: ServerContext;
  store: FileStore;
  render: ReturnType<typeof createRenderer>;
}
