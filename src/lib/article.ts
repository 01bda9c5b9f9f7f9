import type { Database } from '@/lib/database.types'

export type Article = Database['public']['Tables']['articles']['Row']
