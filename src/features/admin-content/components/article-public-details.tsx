import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { CAPTION_MAX, type Captions } from '../lib/captions'

type Props = {
  id: string
  /** Pictures in slideshow order (cover first), stored or just picked, each with its caption key. */
  pictures: { key: string; label: string }[]
  captions: Captions
  onCaptions: (captions: Captions) => void
  bylineHidden: boolean
  onBylineHidden: (hidden: boolean) => void
  disabled: boolean
}

/** What readers see around the article: slideshow captions and whether the byline names the author. */
export function ArticlePublicDetails({ id, pictures, captions, onCaptions, bylineHidden, onBylineHidden, disabled }: Props) {
  return (
    <>
      {pictures.length > 0 && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Keterangan Foto</legend>
          {pictures.filter((picture, index) => pictures.findIndex((p) => p.key === picture.key) === index).map(({ key, label }) => (
            <Field key={key} label={`Keterangan ${label}`}>
              {(control) => (
                <Input
                  {...control}
                  value={captions[key] ?? ''}
                  maxLength={CAPTION_MAX}
                  placeholder="Mis. Helikopter MI-17 V5 mendarat di lapangan Ahmad Yani."
                  disabled={disabled}
                  onChange={(event) => onCaptions({ ...captions, [key]: event.target.value })}
                />
              )}
            </Field>
          ))}
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
