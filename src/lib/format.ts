// Dates are shown the way the unit reads them: Indonesian words, Western Indonesian Time.
const LOCALE = 'id-ID'
const TIME_ZONE = 'Asia/Jakarta'

type DateInput = string | number | Date | null | undefined

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

// Building a formatter costs milliseconds on a phone (a list page formats a date per card), so
// each set of options gets one, made on first use.
const formatters = new Map<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>()

function format(value: DateInput, options: Intl.DateTimeFormatOptions, fallback: string) {
  const date = toDate(value)
  if (!date) return fallback
  let formatter = formatters.get(options)
  if (!formatter) formatters.set(options, (formatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options })))
  return formatter.format(date)
}

export const UNKNOWN_DATE = 'Tanggal tidak diketahui'

const LONG_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' }
const LONG_DATE_WITH_WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'long', ...LONG_DATE }
const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }
const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { ...SHORT_DATE, hour: '2-digit', minute: '2-digit' }
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' }

/** 17 Agustus 2024 */
export function formatLongDate(value: DateInput, fallback = UNKNOWN_DATE) {
  return format(value, LONG_DATE, fallback)
}

/** Sabtu, 17 Agustus 2024 */
export function formatLongDateWithWeekday(value: DateInput, fallback = UNKNOWN_DATE) {
  return format(value, LONG_DATE_WITH_WEEKDAY, fallback)
}

/** 17 Agu 2024 */
export function formatShortDate(value: DateInput, fallback = '-') {
  return format(value, SHORT_DATE, fallback)
}

/** 17 Agu 2024, 08.30 (WIB) */
export function formatShortDateTime(value: DateInput, fallback = '-') {
  return format(value, SHORT_DATE_TIME, fallback)
}

/** 08.30 (WIB) */
export function formatTime(value: DateInput, fallback = '-') {
  return format(value, TIME, fallback)
}

const SECOND = 1
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const MONTH = 30 * DAY
const YEAR = 365 * DAY

/** "5 menit lalu"; months count 30 days and years 365 days. */
export function formatRelativeTime(value: DateInput, now: Date = new Date(), fallback = UNKNOWN_DATE) {
  const date = toDate(value)
  if (!date) return fallback
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000))
  if (seconds < MINUTE) return `${seconds} detik lalu`
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} menit lalu`
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)} jam lalu`
  if (seconds < MONTH) return `${Math.floor(seconds / DAY)} hari lalu`
  if (seconds < YEAR) return `${Math.floor(seconds / MONTH)} bulan lalu`
  return `${Math.floor(seconds / YEAR)} tahun lalu`
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match
    }
    return ENTITIES[entity.toLowerCase()] ?? match
  })
}

/** Visible text of article HTML, whitespace collapsed. Never executes or loads anything. */
export function htmlToText(html: string | null | undefined) {
  if (!html) return ''
  const withoutHidden = html
    .replace(/<(script|style|template|noscript)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
  const withoutTags = withoutHidden.replace(/<\/?[a-z][^>]*>/gi, ' ')
  return decodeEntities(withoutTags).replace(/\s+/g, ' ').trim()
}

/** First `length` characters of the text, with an ellipsis when cut. */
export function excerpt(html: string | null | undefined, length = 100) {
  const text = htmlToText(html)
  if (text.length <= length) return text
  return `${text.slice(0, length).trimEnd()}...`
}
