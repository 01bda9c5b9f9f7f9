// The watch's failures in the words the superadmin reads them ('Integritas Situs', the mail):
// Node's own messages ("This operation was aborted", "fetch failed") say nothing to them.

/** Why a page could not be fetched. */
export function fetchFailure(error: unknown): string {
  const err = error as Error & { cause?: { code?: string } };
  if (err?.name === 'TimeoutError') return 'situs tidak menjawab dalam 20 detik';
  if (err?.name === 'AbortError') return 'pengambilan dihentikan';
  if (err instanceof TypeError && err.message === 'fetch failed') {
    return `situs tidak dapat dihubungi${err.cause?.code ? ` (${err.cause.code})` : ''}`;
  }
  return err?.message ?? String(error);
}

/** Why a run did not finish, as recorded with it and shown after 'Pemantauan terakhir'. */
export function runFailure(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return 'dihentikan sebelum selesai karena server berhenti; pemantauan berikutnya memeriksa semuanya lagi';
  const err = error as Error;
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError' || (err instanceof TypeError && err.message === 'fetch failed')) {
    return `gagal: ${fetchFailure(error)}`;
  }
  return `gagal: ${err?.message ?? String(error)}`.slice(0, 500);
}
