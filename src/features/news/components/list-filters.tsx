import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Search } from 'lucide-react'
import { paths } from '@/lib/paths'
import { cn } from '@/lib/utils'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { listSearch, MAX_SEARCH_LENGTH, PARAM, type ListParams } from '../lib/list-params'

const ALL = 'Semua'

/**
 * Search box and category buttons in one GET form: without JavaScript the browser submits it to
 * /kegiatan?kategori=...&cari=...; with it, the router navigates to the same clean URL. Choosing
 * a category keeps the search, searching keeps the category, both start again at page 1.
 */
export function ListFilters({ params, categories }: { params: ListParams; categories: string[] }) {
  const navigate = useNavigate()
  const current = params.category?.toLowerCase() ?? null

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
    // The pressed category button comes before the hidden field that carries the current one.
    const category = String(data.get(PARAM.category) ?? '')
    const search = String(data.get(PARAM.search) ?? '').trim()
    void navigate(`${paths.activities}${listSearch({ category, search })}`)
  }

  return (
    <form method="get" action={paths.activities} onSubmit={onSubmit} className="flex flex-col gap-5">
      <div role="search" className="flex max-w-xl gap-2">
        <label htmlFor="cari-kegiatan" className="sr-only">
          Cari kegiatan
        </label>
        <Input
          id="cari-kegiatan"
          type="search"
          name={PARAM.search}
          defaultValue={params.search ?? ''}
          key={params.search ?? ''}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder="Cari judul atau isi kegiatan..."
          className="h-11"
        />
        <Button type="submit" className="h-11 bg-army! text-white hover:bg-army-light!">
          <Search aria-hidden="true" />
          Cari
        </Button>
      </div>
      <div role="group" aria-label="Filter kategori" className="flex flex-wrap gap-2" data-testid="category-filter">
        {[ALL, ...categories].map((category) => {
          const pressed = category === ALL ? current === null : category.toLowerCase() === current
          return (
            <button
              key={category}
              type="submit"
              name={PARAM.category}
              value={category === ALL ? '' : category}
              aria-pressed={pressed}
              className={cn(
                'min-h-10 rounded-full border px-4 py-2 text-sm font-semibold transition-colors',
                pressed ? 'border-army bg-army text-white' : 'border-border bg-card text-foreground hover:border-army hover:text-army',
              )}
            >
              {category}
            </button>
          )
        })}
      </div>
      {params.category && <input type="hidden" name={PARAM.category} value={params.category} />}
    </form>
  )
}
