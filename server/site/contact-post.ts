import { drain, readBodyText } from '../http/body.ts';

/**
 * Reading the contact form the browser posts without JavaScript: an urlencoded body, cut off at a
 * size no real message reaches (5000 characters of 4-byte UTF-8, percent-encoded, is 60 kB).
 */
export const CONTACT_BODY_LIMIT = 100 * 1024;

class TooLarge extends Error {}

/** The form's fields (first value of each), {} for another content type, null when too large. */
export async function readFormBody(req: Request, limit = CONTACT_BODY_LIMIT): Promise<Record<string, string> | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers.get('content-type') ?? '')) {
    await drain(req);
    return {};
  }
  let text: string;
  try {
    text = await readBodyText(req, limit, () => new TooLarge());
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    // The browser must receive the refusal page, not a dropped connection.
    await drain(req);
    return null;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (!(name in fields)) fields[name] = value;
  }
  return fields;
}
