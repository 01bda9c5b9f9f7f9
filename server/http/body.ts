/**
 * The one request-body reader with a size limit. The declared Content-Length is checked first, and
 * the stream is counted as it arrives too, because a chunked body declares nothing. Each service
 * passes the error its API answers with (PostgREST's PGRST413, Storage's 413, GoTrue's 413).
 */
export async function readBodyBytes(req: Request, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readBodyText(req: Request, limit: number, tooLarge: () => Error): Promise<string> {
  return (await readBodyBytes(req, limit, tooLarge)).toString('utf8');
}

/** Past this, an oversized upload is cut off instead of read to the end. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

/**
 * Reads and discards the rest of a refused body. Answering before the upload ends makes Node
 * drop the connection, and the browser would then report a network failure instead of the 413.
 */
export async function drain(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > DRAIN_LIMIT) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // the client went away; nothing left to answer
  }
}
