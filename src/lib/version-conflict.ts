/** What the database says when a save was made from a stale copy (SQLSTATE PT409, HTTP 409). */
export type VersionConflict = {
  version: number
  updatedAt: string | null
  updatedByName: string | null
}

export class VersionConflictError extends Error {
  constructor(readonly conflict: VersionConflict) {
    super('Data telah diubah oleh pengguna lain.')
    this.name = 'VersionConflictError'
  }
}

type RestError = { code?: string; details?: string | null; message?: string }

/** Turns the trigger's PT409 into a VersionConflictError; anything else is returned unchanged. */
export function asVersionConflict(error: RestError): unknown {
  if (error.code !== 'PT409' || !error.details) return error
  try {
    const details = JSON.parse(error.details) as { version?: unknown; updated_at?: unknown; updated_by_name?: unknown }
    if (typeof details.version !== 'number') return error
    return new VersionConflictError({
      version: details.version,
      updatedAt: typeof details.updated_at === 'string' ? details.updated_at : null,
      updatedByName: typeof details.updated_by_name === 'string' ? details.updated_by_name : null,
    })
  } catch {
    return error
  }
}

/** The request header the database reads to log a deliberate overwrite ('Simpan tetap'). */
export const OVERWRITE_HEADER = 'x-overwrite-version'
