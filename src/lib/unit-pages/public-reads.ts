import { queryOptions, useQuery } from '@tanstack/react-query'
import { publicGet } from '@/lib/public-api'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

type Tables = Database['public']['Tables']
export type UnitTextKey = 'sejarah' | 'visi' | 'misi' | 'peran' | 'tugas' | 'makna_logo' | 'penutup'
export type UnitText = Pick<Tables['unit_texts']['Row'], 'key' | 'title' | 'body' | 'photo_url' | 'photo_alt'>
export type UnitPostKind = 'pimpinan' | 'staf' | 'flight_operasional' | 'flight_pemeliharaan' | 'kompi_markas'
export type UnitPost = Pick<
  Tables['unit_posts']['Row'],
  'id' | 'kind' | 'position' | 'name' | 'officer_title' | 'officer_rank' | 'officer_name' | 'photo_url' | 'sections' | 'note'
>
export type PastCommander = Pick<Tables['past_commanders']['Row'], 'id' | 'ordinal' | 'rank' | 'name' | 'period' | 'photo_url'>
export type InfoPageSlug = 'kebijakan-privasi' | 'aksesibilitas' | 'informasi-publik'
export type InfoPage = Pick<Tables['info_pages']['Row'], 'slug' | 'title' | 'description' | 'body' | 'updated_at'>

export type ProfileTexts = Partial<Record<UnitTextKey, UnitText>>
export type Structure = { posts: UnitPost[]; commanders: PastCommander[] }

/** /profil's texts by section. */
export async function getProfileTexts(): Promise<ProfileTexts> {
  const { rows } = await publicGet<UnitText>('unit_texts', new URLSearchParams({ select: 'key,title,body,photo_url,photo_alt' }))
  return Object.fromEntries(rows.map((row) => [row.key, row]))
}

/** /struktur: every post in order, and the past commanders in order. */
export async function getStructure(): Promise<Structure> {
  const [posts, commanders] = await Promise.all([
    publicGet<UnitPost>('unit_posts', new URLSearchParams({
      select: 'id,kind,position,name,officer_title,officer_rank,officer_name,photo_url,sections,note',
      order: 'position.asc,created_at.asc',
    })),
    publicGet<PastCommander>('past_commanders', new URLSearchParams({ select: 'id,ordinal,rank,name,period,photo_url', order: 'ordinal.asc' })),
  ])
  return { posts: posts.rows, commanders: commanders.rows }
}

/** One public-information page; null when it is missing. */
export async function getInfoPage(slug: InfoPageSlug): Promise<InfoPage | null> {
  const { rows } = await publicGet<InfoPage>('info_pages', new URLSearchParams({ select: 'slug,title,description,body,updated_at', slug: `eq.${slug}` }))
  return rows[0] ?? null
}

export const profileTextsQueryOptions = () => queryOptions({ queryKey: queryKeys.unitPages.profile(), queryFn: getProfileTexts })
export const structureQueryOptions = () => queryOptions({ queryKey: queryKeys.unitPages.structure(), queryFn: getStructure })
export const infoPageQueryOptions = (slug: InfoPageSlug) =>
  queryOptions({ queryKey: queryKeys.unitPages.info(slug), queryFn: () => getInfoPage(slug) })

export const useProfileTexts = () => useQuery(profileTextsQueryOptions())
export const useStructure = () => useQuery(structureQueryOptions())
export const useInfoPage = (slug: InfoPageSlug) => useQuery(infoPageQueryOptions(slug))
