import { describe, expect, test } from 'vitest';
import { readBodyText } from './body.ts';

const tooLarge = () => new Error('too large');

function chunked(parts: string[]): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });
  return new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
}

describe('readBodyText', () => {
  test('reads a body within the limit, multi-byte text intact', async () => {
    expect(await readBodyText(new Request('http://x/', { method: 'POST', body: '{"judul":"Skadron ✈"}' }), 100, tooLarge)).toBe('{"judul":"Skadron ✈"}');
  });

  test('an empty request is an empty string', async () => {
    expect(await readBodyText(new Request('http://x/'), 10, tooLarge)).toBe('');
  });

  test('a declared length over the limit is refused before reading', async () => {
    const req = new Request('http://x/', { method: 'POST', body: 'x', headers: { 'content-length': '11' } });
    await expect(readBodyText(req, 10, tooLarge)).rejects.toThrow('too large');
  });

  test('a chunked body that grows past the limit is refused', async () => {
    await expect(readBodyText(chunked(['12345', '67890', '1']), 10, tooLarge)).rejects.toThrow('too large');
    expect(await readBodyText(chunked(['12345', '67890']), 10, tooLarge)).toBe('1234567890');
  });
});
