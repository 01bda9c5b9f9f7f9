import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import { describeError } from '@/lib/error-messages'
import { ImageFileError, prepareImage } from '@/lib/images'
import { unitPhotoPath } from './photo-path'
import { UNIT_PHOTOS_BUCKET } from '@/lib/unit-pages/unit-photo'
import { asVersionConflict } from '@/lib/version-conflict'
import { heldReasons, heldRowIds } from '@/lib/held-for-review'

type Tables = Database['public']['Tables']
export type AdminUnitText = Tables['unit_texts']['Row']
export type AdminUnitPost = Tables['unit_posts']['Row']
export type AdminPastCommander = Tables['past_commanders']['Row']
export type AdminInfoPage = Tables['info_pages']['Row']
export type UnitPageTable = 'unit_texts' | 'unit_posts' | 'past_commanders' | 'info_pages'

export type UnitPagesData = {
  texts: AdminUnitText[]
  posts: AdminUnitPost[]
  commanders: AdminPastCommander[]
  pages: AdminInfoPage[]
}

/** Everything the screen edits, with ids and versions, read with the staff member's session. */
export async function getUnitPagesData(): Promise<UnitPagesData> {
  const [texts, posts, commanders, pages] = await Promise.all([
    supabase.from('unit_texts').select('*').order('position'),
    supabase.from('unit_posts').select('*').order('position').order('created_at'),
    supabase.from('past_commanders').select('*').order('ordinal'),
    supabase.from('info_pages').select('*').order('title'),
  ])
  for (const result of [texts, posts, commanders, pages]) if (result.error) throw result.error
  return { texts: texts.data!, posts: posts.data!, commanders: commanders.data!, pages: pages.data! }
}

export const unitPagesAdminQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.unitPages.all, 'admin'], queryFn: getUnitPagesData })
export const useUnitPagesData = () => useQuery(unitPagesAdminQueryOptions())

export type TextFields = Pick<Tables['unit_texts']['Update'], 'title' | 'body' | 'photo_url' | 'photo_alt'>
export type InfoPageFields = Pick<Tables['info_pages']['Update'], 'title' | 'description' | 'body'>
export type PostFields = Pick<
  Tables['unit_posts']['Insert'],
  'kind' | 'position' | 'name' | 'officer_title' | 'officer_rank' | 'officer_name' | 'photo_url' | 'sections' | 'note'
>
export type CommanderFields = Pick<Tables['past_commanders']['Insert'], 'ordinal' | 'rank' | 'name' | 'period' | 'photo_url'>

export type SaveInput =
  | { table: 'unit_texts'; id: string; version: number; fields: TextFields }
  | { table: 'info_pages'; id: string; version: number; fields: InfoPageFields }
  | { table: 'unit_posts'; id?: string; version?: number; fields: PostFields }
  | { table: 'past_commanders'; id?: string; version?: number; fields: CommanderFields }

const NOT_FOUND = 'Data tidak ditemukan atau Anda tidak memiliki izin untuk mengubahnya.'

/**
 * Updates a row at the version the editor read (a stale one throws VersionConflictError and
 * changes nothing), or adds a post or a commander when there is no id. `held`: the integrity
 * guard keeps the change back for a superadmin's review (the public page stays as it was; a new
 * row is not added until released).
 */
export async function saveUnitPageRow(input: SaveInput): Promise<{ held: string[] | null }> {
  const update = (() => {
    switch (input.table) {
      case 'unit_texts':
        return supabase.from('unit_texts').update({ ...input.fields, version: input.version }).eq('id', input.id).select('id')
      case 'info_pages':
        return supabase.from('info_pages').update({ ...input.fields, version: input.version }).eq('id', input.id).select('id')
      case 'unit_posts':
        return input.id
          ? supabase.from('unit_posts').update({ ...input.fields, version: input.version }).eq('id', input.id).select('id')
          : supabase.from('unit_posts').insert(input.fields).select('id')
      case 'past_commanders':
        return input.id
          ? supabase.from('past_commanders').update({ ...input.fields, version: input.version }).eq('id', input.id).select('id')
          : supabase.from('past_commanders').insert(input.fields).select('id')
    }
  })()
  const { data, error } = await update
  if (error) throw asVersionConflict(error)
  if (data && data.length > 0) return { held: await heldReasons(supabase, input.table, { id: data[0].id }) }
  // only the guard's trigger keeps a new row out without an error
  const held = !input.id && 'name' in input.fields ? await heldReasons(supabase, input.table, { label: input.fields.name }) : null
  if (held) return { held }
  throw new Error(NOT_FOUND)
}

export async function deleteUnitPageRow({ table, id }: { table: 'unit_posts' | 'past_commanders'; id: string }): Promise<void> {
  const { data, error } = await supabase.from(table).delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error(NOT_FOUND)
}

function useInvalidatingMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.unitPages.all }),
  })
}

export const useSaveUnitPageRow = () => useInvalidatingMutation(saveUnitPageRow)
export const useDeleteUnitPageRow = () => useInvalidatingMutation(deleteUnitPageRow)

/** Rows with a change the integrity guard holds for review, as a set of ids. */
export const useHeldUnitPageRows = () =>
  useQuery({ queryKey: [...queryKeys.unitPages.all, 'held'], queryFn: () => heldRowIds(supabase, ['unit_texts', 'info_pages', 'unit_posts', 'past_commanders']) })

/** Earlier versions of one row, newest first (staff only, by row-level security). */
export async function getUnitPageRevisions(rowId: string) {
  const { data, error } = await supabase
    .from('unit_page_revisions')
    .select('id, version, data, saved_by_name, saved_at, replaced_by_name, replaced_at')
    .eq('row_id', rowId)
    .eq('kind', 'update')
    .order('id', { ascending: false })
    .limit(20)
  if (error) throw error
  return data
}
export type UnitPageRevision = Awaited<ReturnType<typeof getUnitPageRevisions>>[number]

export const useUnitPageRevisions = (rowId: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.unitPages.revisions(rowId), queryFn: () => getUnitPageRevisions(rowId), enabled })

/**
 * A photo through the shared pipeline (checked by its bytes, at most 2,000 px, re-encoded
 * without metadata) into the staff member's folder; returns its public URL. Throws an Error with
 * an Indonesian message.
 */
export async function uploadUnitPhoto(userId: string, file: File): Promise<string> {
  let prepared
  try {
    prepared = await prepareImage(file)
  } catch (error) {
    if (error instanceof ImageFileError) throw new Error(error.message)
    throw error
  }
  const path = unitPhotoPath(userId, file.name, prepared.extension, Date.now())
  const { error } = await supabase.storage.from(UNIT_PHOTOS_BUCKET).upload(path, prepared.blob, { contentType: prepared.contentType })
  if (error) throw new Error(describeError(error))
  return supabase.storage.from(UNIT_PHOTOS_BUCKET).getPublicUrl(path).data.publicUrl
}

const OBJECT_PATH = `/storage/v1/object/public/${UNIT_PHOTOS_BUCKET}/`

/**
 * Removes uploaded photos no longer wanted (replaced, or picked in a dialog then cancelled).
 * Storage refuses a file a unit page still uses, so a photo shared by two rows stays.
 */
export async function removeUnitPhotos(urls: (string | null | undefined)[]): Promise<void> {
  const names = urls.flatMap((url) => {
    const at = url ? url.indexOf(OBJECT_PATH) : -1
    return url && at !== -1 ? [decodeURIComponent(url.slice(at + OBJECT_PATH.length))] : []
  })
  if (names.length > 0) await supabase.storage.from(UNIT_PHOTOS_BUCKET).remove(names)
}
