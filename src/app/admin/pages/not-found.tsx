import type { RouteMeta } from '@/lib/route-module'
import { AdminNotFound } from '../admin-not-found'
import { useAdminMeta } from '../admin-meta'

export const meta = (): RouteMeta => ({ title: 'Halaman tidak ditemukan' })

export function Component() {
  useAdminMeta(meta)
  return <AdminNotFound />
}
