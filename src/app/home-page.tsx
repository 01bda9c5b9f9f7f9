import { useEffect } from 'react'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useRouteMeta } from '@/lib/use-document-meta'
import type { LoaderArgs } from '@/lib/route-module'
import { latestArticlesQueryOptions, useLatestArticles } from '@/features/news/api/get-articles'
import { Hero } from '@/features/home/hero'
import { HOME_NEWS_LIMIT, NewsSection } from '@/features/news/components/news-section'
import { PersitSection } from '@/features/home/persit-section'

export function HomePage() {
  useRouteMeta(meta)
  // One read for both: the hero lists the first three of the latest cards.
  const { data, isPending, error } = useLatestArticles(HOME_NEWS_LIMIT)

  useEffect(() => {
    // SPEC section 8: a failed list load on the home page is only logged; the list stays empty.
    if (error) console.error('Gagal memuat artikel:', error)
  }, [error])

  return (
    <>
      <Hero articles={data} isPending={isPending} />
      <NewsSection articles={data} isPending={isPending} />
      <PersitSection />
    </>
  )
}

export async function loader({ queryClient, context }: LoaderArgs) {
  await queryClient.prefetchQuery(latestArticlesQueryOptions(context.api, HOME_NEWS_LIMIT))
}

export const meta = () => publicPage(paths.home)

export { HomePage as Component }
