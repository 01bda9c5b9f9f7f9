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
