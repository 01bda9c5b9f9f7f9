/**
 * Where an article stands, from its published_at: null is a draft, a future time is scheduled.
 * Only staff ever receive the first two: visitors' reads leave them out (row-level security).
 */
export type PublicationStatus = 'draft' | 'scheduled' | 'published'

export function publicationStatus(publishedAt: string | null, now = Date.now()): PublicationStatus {
  if (!publishedAt) return 'draft'
  return Date.parse(publishedAt) > now ? 'scheduled' : 'published'
}
