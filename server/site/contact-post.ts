/**
 * Reading the contact form the browser posts without JavaScript: an urlencoded body, cut off at a
 * size no real message reaches (5000 characters of 4-byte UTF-8, percent-encoded, is 60 kB).
 */
export const CONTACT_BODY_LIMIT = 100 * 1024;

/** The form's fields (first value of each), {} for another content type, null when too large. */
export async function readFormBody(req: Request, limit = CONTACT_BODY_LIMIT): Promise<Record<string, string> | null> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) return null;
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '') || !req.body) return {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
