import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

/** Matches the database's limit per caption (articles_image_captions_valid). */
export const CAPTION_MAX = 300

export type Captions = Record<string, string>

/** The captions of the pictures the article still uses, blank ones left out. */
export function captionsFor(captions: Captions, urls: (string | null)[]): Captions {
  const kept: Captions = {}
  for (const url of urls) {
    const caption = url ? captions[url]?.trim() : undefined
    if (url && caption) kept[url] = caption
  }
  return kept
}

type Props = {
  id: string
  /** Stored pictures in slideshow order (cover first), each with what to call it. */
  pictures: { url: string; label: string }[]
  captions: Captions
  onCaptions: (captions: Captions) => void
  /** Pictures picked but not uploaded yet: they get captions once saved. */
  hasNewPictures: boolean
  bylineHidden: boolean
  onBylineHidden: (hidden: boolean) => void
  disabled: boolean
}

/** What readers see around the article: slideshow captions and whether the byline names the author. */
export function ArticlePublicDetails({ id, pictures, captions, onCaptions, hasNewPictures, bylineHidden, onBylineHidden, disabled }: Props) {
  return (
    <>
      {(pictures.length > 0 || hasNewPictures) && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Keterangan Foto</legend>
          {pictures.filter((picture, index) => pictures.findIndex((p) => p.url === picture.url) === index).map(({ url, label }) => (
            <Field key={url} label={`Keterangan ${label}`}>
              {(control) => (
                <Input
                  {...control}
                  value={captions[url] ?? ''}
                  maxLength={CAPTION_MAX}
                  placeholder="Mis. Helikopter MI-17 V5 mendarat di lapangan Ahmad Yani."
                  disabled={disabled}
                  onChange={(event) => onCaptions({ ...captions, [url]: event.target.value })}
                />
              )}
            </Field>
          ))}
          {hasNewPictures && (
            <p className="text-sm text-muted-foreground">Keterangan gambar baru dapat diisi setelah artikel disimpan.</p>
          )}
        </fieldset>
      )}
      <label htmlFor={`${id}-byline-hidden`} className="flex items-start gap-3 text-sm">
        <input
          id={`${id}-byline-hidden`}
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={bylineHidden}
          disabled={disabled}
          onChange={(event) => onBylineHidden(event.target.checked)}
        />
        <span>
          <span className="font-medium">Sembunyikan nama penulis</span>
          <span className="block text-muted-foreground">Berita ditampilkan atas nama Penerangan Skadron.</span>
        </span>
      </label>
    </>
  )
}
