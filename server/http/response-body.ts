/**
 * The bodies of answers this server built from bytes it already holds, by answer. Middleware that
 * needs the body (ETag, compression, the read cache) reads it from here instead of from the
 * Response, which would turn @hono/node-server's lightweight Response into a streamed one.
 */
const bodies = new WeakMap<Response, string | Uint8Array>();

/** A Response whose body later middleware can read without consuming it. */
export function knownBodyResponse(body: string | Uint8Array<ArrayBuffer> | null, init: ResponseInit): Response {
  const res = new Response(body === '' ? null : body, init);
  if (body !== null && body !== '') bodies.set(res, body);
  return res;
}

/** The body of `res` as bytes; read from the Response itself (consuming it) only when not known. */
export async function bodyBytes(res: Response): Promise<{ bytes: Uint8Array<ArrayBuffer>; consumed: boolean }> {
  const known = bodies.get(res);
  if (known === undefined) return { bytes: new Uint8Array(await res.arrayBuffer()), consumed: true };
  if (typeof known !== 'string') return { bytes: known as Uint8Array<ArrayBuffer>, consumed: false };
  const bytes = Buffer.from(known, 'utf8');
  return { bytes: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), consumed: false };
}

/** The body as the handler gave it (a string stays a string), or undefined when not known. */
export function knownBody(res: Response): string | Uint8Array | undefined {
  return bodies.get(res);
}
