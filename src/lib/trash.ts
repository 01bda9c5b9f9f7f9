/** How long a deleted article, gallery or unit-page row stays in Tempat Sampah (decision 0018). */
export const TRASH_DAYS = 30

/** When an entry deleted at `deletedAt` leaves Tempat Sampah for good. */
export function purgeDate(deletedAt: string): string {
  return new Date(new Date(deletedAt).getTime() + TRASH_DAYS * 24 * 60 * 60 * 1000).toISOString()
}
