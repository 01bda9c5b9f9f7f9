import { useEffect } from 'react'
import { publicPage } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useArticles } from '@/features/news/api/get-articles'
import { Hero } from '@/features/home/hero'
import { NewsSection } from '@/features/news/components/news-section'
import { PersitSection } from '@/features/home/persit-section'

export function HomePage() {
  useDocumentMeta(publicPage(paths.home))
  const { data, isPending, error } = useArticles()

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
