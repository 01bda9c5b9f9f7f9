import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { errors } from './errors.ts';

/**
 * The request body as a Node stream. Under @hono/node-server the socket's own IncomingMessage is
 * read directly (no copy through a web stream); elsewhere (app.request in tests) the Request body.
 */
export function requestStream(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming instanceof Readable && !incoming.readableEnded && incoming.readableFlowing !== true) return incoming;
  const body = c.req.raw.body;
  if (!body) return Readable.from([]);
  return Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>);
}

/**
 * Iterates a stream without destroying it when the consumer stops early: a refused upload must
 * leave the request readable so the server can drain it and still deliver the JSON error
 * (destroying it would reset the connection and the client would see a network failure).
 */
export function chunksOf(stream: Readable): AsyncIterable<Uint8Array> {
  return stream.iterator({ destroyOnReturn: false });
}

export interface MultipartFile {
  stream: Readable;
  mimeType: string;
  filename: string;
}

export interface MultipartResult<T> {
  fields: Record<string, string>;
  file: T;
}

/**
 * Parses multipart/form-data as storage-js sends it (fields `cacheControl`, `metadata`, then one
 * file part whose field name is empty). The first file part goes to `onFile` while it streams;
 * further file parts are skipped. Fields that arrive after the file are still collected.
 */
export function parseMultipart<T>(
  input: Readable,
  headers: Record<string, string>,
  fileSizeLimit: number,
  onFile: (file: MultipartFile) => Promise<T>,
): Promise<MultipartResult<T>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // one byte over the limit reaches onFile, which refuses it; busboy drops the rest
        limits: { fileSize: fileSizeLimit + 1, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 40 },
      });
    } catch {
      reject(errors.invalidRequest('Invalid multipart/form-data request'));
      return;
    }
    const fields: Record<string, string> = {};
    let filePromise: Promise<T> | undefined;
    let fileStream: Readable | undefined;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      // ends a receive still waiting for bytes (client gone), so its temp file is removed now
      fileStream?.destroy(error instanceof Error ? error : new Error(String(error)));
      reject(error);
    };
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      if (filePromise) {
        stream.resume();
        return;
      }
      fileStream = stream;
      // errors reach the consumer through its iterator; this keeps an unconsumed stream's error from crashing the process
      stream.on('error', () => {});
      filePromise = onFile({ stream, mimeType: info.mimeType, filename: info.filename ?? '' });
      filePromise.catch(fail);
    });
    parser.on('close', () => {
      if (!filePromise) {
        fail(errors.noContent());
        return;
      }
      filePromise.then((file) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      }, fail);
    });
    parser.on('error', () => fail(errors.invalidRequest('Invalid multipart/form-data request')));
    input.on('error', fail);
    input.on('close', () => {
      if (!input.readableEnded) fail(errors.invalidRequest('The request body ended early'));
    });
    input.pipe(parser);
  });
}
