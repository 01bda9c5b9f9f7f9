/**
 * Object names come from the visitor's disk: strip the directory, accents and anything
 * outside [A-Za-z0-9._-] so the storage path is one valid segment, and keep the extension.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  const ext = dot > 0 ? base.slice(dot + 1) : ''
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[._]+|[._]+$/g, '')
  const safeStem = clean(stem).slice(0, 80) || 'gambar'
  const safeExt = clean(ext).slice(0, 10).toLowerCase()
  return safeExt ? `${safeStem}.${safeExt}` : safeStem
}
