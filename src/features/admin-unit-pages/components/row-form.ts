import type { UnitPostKind } from '@/lib/unit-pages/public-reads'
import type {
  AdminInfoPage,
  AdminPastCommander,
  AdminUnitPost,
  AdminUnitText,
  SaveInput,
} from '../api/unit-pages-admin'

/** What a dialog edits: an existing row, or a new post or commander. */
export type EditTarget =
  | { table: 'unit_texts'; row: AdminUnitText }
  | { table: 'info_pages'; row: AdminInfoPage }
  | { table: 'unit_posts'; row: AdminUnitPost | null; kind: UnitPostKind; position: number }
  | { table: 'past_commanders'; row: AdminPastCommander | null; ordinal: number }

/** Every field any of the four forms shows, as the inputs hold them. */
export type FormValues = {
  title: string
  description: string
  body: string
  photo_url: string | null
  photo_alt: string
  kind: UnitPostKind
  position: string
  name: string
  officer_title: string
  officer_rank: string
  officer_name: string
  sections: string
  note: string
  ordinal: string
  rank: string
  period: string
}

export const POST_KINDS: { kind: UnitPostKind; label: string }[] = [
  { kind: 'pimpinan', label: 'Pimpinan Satuan' },
  { kind: 'staf', label: 'Staf' },
  { kind: 'flight_operasional', label: 'Flight Operasional' },
  { kind: 'flight_pemeliharaan', label: 'Flight Pemeliharaan' },
  { kind: 'kompi_markas', label: 'Kompi Markas' },
]

export const LIMITS = { title: 120, description: 300, name: 120, officerTitle: 120, rank: 60, officerName: 120, note: 200, period: 60, photoAlt: 200 }

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const number = (value: unknown, fallback: number) => String(typeof value === 'number' ? value : fallback)

/** The form's values from a row, or from an earlier version's saved copy of it. */
export function formValues(target: EditTarget, row: Record<string, unknown> | null): FormValues {
  const r = row ?? {}
  return {
    title: text(r.title),
    description: text(r.description),
    body: text(r.body),
    photo_url: typeof r.photo_url === 'string' ? r.photo_url : null,
    photo_alt: text(r.photo_alt),
    kind: (typeof r.kind === 'string' ? r.kind : target.table === 'unit_posts' ? target.kind : 'staf') as UnitPostKind,
    position: number(r.position, target.table === 'unit_posts' ? target.position : 1),
    name: text(r.name),
    officer_title: text(r.officer_title),
    officer_rank: text(r.officer_rank),
    officer_name: text(r.officer_name),
    sections: Array.isArray(r.sections) ? r.sections.join('\n') : '',
    note: text(r.note),
    ordinal: number(r.ordinal, target.table === 'past_commanders' ? target.ordinal : 1),
    rank: text(r.rank),
    period: text(r.period),
  }
}

const optional = (value: string) => (value.trim() === '' ? null : value.trim())
const blank = (value: string) => value.trim() === ''
const blankHtml = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === ''

export type FormErrors = Partial<Record<keyof FormValues, string>>

/** The same refusals as the database, before anything is sent. */
export function checkForm(target: EditTarget, values: FormValues): FormErrors {
  const errors: FormErrors = {}
  const whole = (value: string) => /^\d{1,3}$/.test(value.trim()) && Number(value) >= 1
  switch (target.table) {
    case 'unit_texts':
      if (blank(values.title)) errors.title = 'Judul wajib diisi.'
      if (blankHtml(values.body)) errors.body = 'Isi teks wajib diisi.'
      break
    case 'info_pages':
      if (blank(values.title)) errors.title = 'Judul wajib diisi.'
      if (blank(values.description)) errors.description = 'Ringkasan wajib diisi.'
      if (blankHtml(values.body)) errors.body = 'Isi halaman wajib diisi.'
      break
    case 'unit_posts':
      if (blank(values.name)) errors.name = 'Nama jabatan atau satuan wajib diisi.'
      if (!whole(values.position)) errors.position = 'Urutan harus berupa angka 1 sampai 999.'
      if (values.sections.split('\n').filter((line) => line.trim()).length > 20) errors.sections = 'Seksi terlalu banyak (maksimal 20).'
      break
    case 'past_commanders':
      if (!whole(values.ordinal)) errors.ordinal = 'Urutan harus berupa angka 1 sampai 999.'
      if (blank(values.rank)) errors.rank = 'Pangkat wajib diisi.'
      if (blank(values.name)) errors.name = 'Nama komandan wajib diisi.'
      if (blank(values.period)) errors.period = 'Periode menjabat wajib diisi.'
      break
  }
  return errors
}

/** The save request for the form's values. */
export function saveInput(target: EditTarget, values: FormValues): SaveInput {
  switch (target.table) {
    case 'unit_texts':
      return {
        table: 'unit_texts', id: target.row.id, version: target.row.version,
        fields: { title: values.title.trim(), body: values.body, photo_url: values.photo_url, photo_alt: optional(values.photo_alt) },
      }
    case 'info_pages':
      return {
        table: 'info_pages', id: target.row.id, version: target.row.version,
        fields: { title: values.title.trim(), description: values.description.trim(), body: values.body },
      }
    case 'unit_posts':
      return {
        table: 'unit_posts', id: target.row?.id, version: target.row?.version,
        fields: {
          kind: values.kind,
          position: Number(values.position),
          name: values.name.trim(),
          officer_title: optional(values.officer_title),
          officer_rank: optional(values.officer_rank),
          officer_name: optional(values.officer_name),
          photo_url: values.photo_url,
          sections: values.sections.split('\n').map((line) => line.trim()).filter(Boolean),
          note: optional(values.note),
        },
      }
    case 'past_commanders':
      return {
        table: 'past_commanders', id: target.row?.id, version: target.row?.version,
        fields: { ordinal: Number(values.ordinal), rank: values.rank.trim(), name: values.name.trim(), period: values.period.trim(), photo_url: values.photo_url },
      }
  }
}
