import type { ServerContext } from '../../context.ts';
import type { BlobStore } from '../blob-store.ts';
import type { createRenderer } from '../render.ts';

/** What every route family of /storage/v1 is given. */
export interface StorageDeps {
  ctx: ServerContext;
  store: BlobStore;
  render: ReturnType<typeof createRenderer>;
}
