import { describe, expect, it } from 'vitest';
import { ArchiveDamaged } from './check.ts';
import { lines } from './load.ts';

async function* chunks(...parts: Buffer[]) {
  yield* parts;
}

async function read(body: AsyncIterable<Buffer>): Promise<string[]> {
  const out: string[] = [];
  for await (const line of lines(body)) out.push(line);
  return out;
}

describe('a table entry read back in chunks', () => {
  it('keeps a character whose bytes two chunks split', async () => {
    const bytes = Buffer.from('{"ch":"é"}\n{"ch":"ɡ"}\n{"ch":"😀"}\n', 'utf8');
    // every split point, so each multi-byte character is cut somewhere
    for (let at = 1; at < bytes.length; at++) {
      expect(await read(chunks(bytes.subarray(0, at), bytes.subarray(at)))).toEqual(['{"ch":"é"}', '{"ch":"ɡ"}', '{"ch":"😀"}']);
    }
  });

  it('calls an entry damaged when it ends inside a row or inside a character', async () => {
    await expect(read(chunks(Buffer.from('{"a":1}\n{"a":')))).rejects.toBeInstanceOf(ArchiveDamaged);
    await expect(read(chunks(Buffer.from('{"a":1}\n'), Buffer.from([0xc3])))).rejects.toBeInstanceOf(ArchiveDamaged);
  });
});
