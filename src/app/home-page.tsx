import { useEffect } from 'react'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useLatestArticles } from '@/features/news/api/get-articles'
import { Hero } from '@/features/home/hero'
import { HOME_NEWS_LIMIT, NewsSection } from '@/features/news/components/news-section'
import { PersitSection } from '@/features/home/persit-section'

export function HomePage() {
  useDocumentMeta(publicPage(paths.home))
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
