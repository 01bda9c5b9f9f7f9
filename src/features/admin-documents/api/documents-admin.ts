import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import { heldReasons, newestHolds } from '@/lib/held-for-review'
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type DocumentCategory } from '@/lib/public-documents/documents'

export type AdminDocument = Database['public']['Tables']['public_documents']['Row']

export type DocumentInput = {
  title: string
  description: string
  category: DocumentCategory
  year: number
  published: boolean
  /** A new file (always for a new document); none keeps the current one. */
  file: File | null
}

/** Every document, drafts included (staff read them all), newest year first. */
export async function getDocuments(): Promise<AdminDocument[]> {
  const { data, error } = await supabase.from('public_documents').select('*')
    .order('year', { ascending: false }).order('created_at', { ascending: false })
  if (error) throw error
  return data
}

export const useDocuments = () => useQuery({ queryKey: queryKeys.documents.admin(), queryFn: getDocuments })

/** Each document's newest pending or rejected hold (issue 42); every save and decision refreshes it. */
export const useDocumentHolds = () =>
  useQuery({ queryKey: [...queryKeys.documents.admin(), 'held'], queryFn: () => newestHolds(supabase, ['public_documents']) })

/** Storage's refusals of a document told for documents (the shared texts speak of images). */
function uploadError(error: { message: string; statusCode?: string }): Error {
  if (/not supported|does not match/i.test(error.message) || error.statusCode === '415') {
    return new Error('Jenis berkas tidak didukung atau isinya tidak sesuai dengan namanya. Gunakan PDF, DOCX, XLSX, PPTX, ODT, ODS, ODP, PNG, JPG atau WebP.')
  }
  if (/too large|maximum allowed size/i.test(error.message) || error.statusCode === '413') {
    return new Error('Ukuran berkas melebihi batas 20 MB.')
  }
  return Object.assign(new Error(error.message), error)
}

const safeName = (name: string) =>
  name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '').slice(-80) || 'dokumen'

/**
 * Into the uploader's own folder under a fresh name (the policies require it; files are never
 * replaced, so a restorable version keeps its own). The server judges the type from the bytes.
 */
async function uploadFile(userId: string, file: File): Promise<string> {
  if (file.size > MAX_DOCUMENT_BYTES) throw new Error('Ukuran berkas melebihi batas 20 MB.')
  const path = `${userId}/${crypto.randomUUID()}-${safeName(file.name)}`
  const contentType = file.type in DOCUMENT_TYPES ? file.type : 'application/octet-stream'
  const { error } = await supabase.storage.from('documents').upload(path, file, { contentType, upsert: false })
  if (error) throw uploadError(error as { message: string; statusCode?: string })
  return path
}

/** A file no saved document names (the save failed), so it does not linger. */
async function discard(path: string) {
  await supabase.storage.from('documents').remove([path])
}

export function useSaveDocument(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ input, current }: { input: DocumentInput; current: AdminDocument | null }) => {
      if (!current && !input.file) throw new Error('Pilih berkas dokumen yang akan diunggah.')
      const path = input.file ? await uploadFile(userId, input.file) : current!.file_path
      const fields = {
        title: input.title,
        description: input.description,
        category: input.category,
        year: input.year,
        file_path: path,
        published_at: input.published ? (current?.published_at ?? new Date().toISOString()) : null,
      }
      // type and size are copied from the stored file by the database
      const { data, error } = current
        ? await supabase.from('public_documents').update({ ...fields, version: current.version }).eq('id', current.id).select('id')
        : await supabase.from('public_documents').insert({ ...fields, file_type: '', file_size: 0 }).select('id')
      if (error) {
        if (input.file) await discard(path)
        throw error
      }
      // a held save keeps the public version (a new document stays a draft) until a superadmin decides
      return { held: input.published && data.length > 0 ? await heldReasons(supabase, 'public_documents', { id: data[0].id }) : null }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  })
}

/** Publishes or takes back one document; the list's version must still be current. */
export function useSetPublished() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ doc, published }: { doc: AdminDocument; published: boolean }) => {
      const { data, error } = await supabase.from('public_documents')
        .update({ published_at: published ? new Date().toISOString() : null, version: doc.version })
        .eq('id', doc.id).select('id')
      if (error) throw error
      if (data.length === 0) throw new Error('Dokumen tidak ditemukan atau Anda tidak memiliki izin.')
      return { held: published ? await heldReasons(supabase, 'public_documents', { id: doc.id }) : null }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  })
}

/** To the trash for 30 days; the file stays with it. */
export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { data, error } = await supabase.from('public_documents').delete().eq('id', id).select('id')
      if (error) throw error
      if (data.length === 0) throw new Error('Dokumen tidak ditemukan atau Anda tidak memiliki izin.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  })
}

export async function getDocumentTrash() {
  const { data, error } = await supabase.from('public_document_trash')
    .select('id, title, category, year, deleted_at, deleted_by_name').order('deleted_at', { ascending: false })
  if (error) throw error
  // a view's columns are nullable in the generated types; the trash always has an id and a time
  return data.map((row) => ({ ...row, id: row.id as string, deleted_at: row.deleted_at as string }))
}
export type TrashedDocument = Awaited<ReturnType<typeof getDocumentTrash>>[number]

export const useDocumentTrash = () => useQuery({ queryKey: queryKeys.documents.trash(), queryFn: getDocumentTrash })

export function useRestoreDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('restore_deleted_document', { target_document: id })
      if (error) throw error
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
  })
}
