import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicApi } from '../public-api'
import { useRenderContext } from '../render-context'
import { queryKeys } from '../query-keys'
import type { Database } from '../database.types'
import type { ListItem } from './html-parts'

type Tables = Database['public']['Tables']
export type UnitTextKey = 'sejarah' | 'visi' | 'misi' | 'peran' | 'tugas' | 'makna_logo' | 'penutup'
/** A text of /profil; the sections shown as cards also carry their list items, sanitised. */
export type UnitText = Pick<Tables['unit_texts']['Row'], 'key' | 'title' | 'body' | 'photo_url' | 'photo_alt'> & { items?: ListItem[] }
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

const LIST_SECTIONS = new Set<string>(['misi', 'tugas', 'makna_logo'] satisfies UnitTextKey[])

/**
 * /profil's texts by section. The card sections are split into items here, with the sanitizer
 * loaded only now: a page hydrated from the server's data never downloads it (decision 0021).
 */
export async function getProfileTexts(api: PublicApi, origin: string): Promise<ProfileTexts> {
  const { rows } = await api.select('unit_texts', 'key,title,body,photo_url,photo_alt')
  const { listItems } = await import('./html-parts')
  return Object.fromEntries(rows.map((row) => [row.key, LIST_SECTIONS.has(row.key) ? { ...row, items: listItems(row.body, origin) } : row]))
}

/** /struktur: every post in order, and the past commanders in order. */
export async function getStructure(api: PublicApi): Promise<Structure> {
  const [posts, commanders] = await Promise.all([
    api.select('unit_posts', 'id,kind,position,name,officer_title,officer_rank,officer_name,photo_url,sections,note', {
      query: { order: 'position.asc,created_at.asc' },
    }),
    api.select('past_commanders', 'id,ordinal,rank,name,period,photo_url', { query: { order: 'ordinal.asc' } }),
  ])
  return { posts: posts.rows, commanders: commanders.rows }
}

/** One public-information page; null when it is missing. */
export async function getInfoPage(api: PublicApi, slug: InfoPageSlug): Promise<InfoPage | null> {
  const { rows } = await api.select('info_pages', 'slug,title,description,body,updated_at', { query: { slug: `eq.${slug}` } })
  return rows[0] ?? null
}

export const profileTextsQueryOptions = (api: PublicApi, origin: string) =>
  queryOptions({ queryKey: queryKeys.unitPages.profile(), queryFn: () => getProfileTexts(api, origin) })
export const structureQueryOptions = (api: PublicApi) =>
  queryOptions({ queryKey: queryKeys.unitPages.structure(), queryFn: () => getStructure(api) })
export const infoPageQueryOptions = (api: PublicApi, slug: InfoPageSlug) =>
  queryOptions({ queryKey: queryKeys.unitPages.info(slug), queryFn: () => getInfoPage(api, slug) })

export const useProfileTexts = () => {
  const { api, origin } = useRenderContext()
  return useQuery(profileTextsQueryOptions(api, origin))
}
export const useStructure = () => useQuery(structureQueryOptions(useRenderContext().api))
export const useInfoPage = (slug: InfoPageSlug) => useQuery(infoPageQueryOptions(useRenderContext().api, slug))
