import { useEffect, useMemo } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft, Tag } from 'lucide-react'
import { htmlToText } from '@/lib/format'
import { META_DESCRIPTION_LENGTH } from '@/lib/pages'
import { pageOrigin } from '@/lib/env'
import { paths } from '@/lib/paths'
import { useArticleHtml } from '@/lib/article-html'
import { useDocumentMeta } from '@/lib/use-document-meta'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { Spinner } from '@/components/ui/spinner'
import { useArticle } from './api/get-article'
import { useArticleNeighbours } from './api/get-article-neighbours'
import { ArticleByline } from './components/article-byline'
import { ArticleNeighboursSection } from './components/article-neighbours'
import { ArticleSlideshow } from './components/article-slideshow'
import { PublicationBanner } from './components/publication-banner'
import { ShareLinks } from './components/share-links'
import { publicationStatus } from '@/lib/publication-status'

function BackLink() {
  return (
    <Link
      to={paths.activities}
      className="inline-flex items-center gap-2 rounded-sm text-sm font-bold text-army hover:text-army-light"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Kembali ke Semua Berita
    </Link>
  )
}

export function ArticlePage() {
  const { id = '' } = useParams()
  const { data: article, isPending, error } = useArticle(id)
  const { data: neighbours } = useArticleNeighbours(article)

  const loadedId = article?.id
  useEffect(() => {
    // Again once the article is there: restored scroll positions apply to the short loading view.
    window.scrollTo(0, 0)
  }, [id, loadedId])

  useQueryErrorToast(error, 'Gagal Memuat Artikel')

  const html = useArticleHtml(article?.content)
  const description = useMemo(() => htmlToText(article?.content).slice(0, META_DESCRIPTION_LENGTH), [article?.content])
  const images = useMemo(
    () => (article ? [article.cover_image_url, ...(article.image_gallery_urls ?? [])].filter((url): url is string => Boolean(url)) : []),
    [article],
  )
  const status = article ? publicationStatus(article.published_at) : 'published'
  useDocumentMeta({
    title: article?.title ?? (isPending ? null : 'Artikel tidak ditemukan'),
    description: article ? description : null,
    image: article?.cover_image_url,
    type: 'article',
    // A draft shown to staff, and the not-found answer a visitor gets for it, stay out of search.
    noindex: status !== 'published' || (!isPending && !article),
  })

  if (isPending) {
    return (
      // Full height, so the footer does not jump up and back while the article loads.
      <div className="flex min-h-[calc(100svh-5rem)] items-center justify-center">
        <Spinner className="size-10" label="Memuat artikel..." />
      </div>
    )
  }

  if (!article) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-army">Artikel tidak ditemukan.</h1>
        <BackLink />
      </section>
    )
  }

  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      {status !== 'published' && <PublicationBanner status={status} publishedAt={article.published_at} />}
      <BackLink />
      <header className="mt-6">
        {article.category && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-army px-3 py-1 text-xs font-bold tracking-widest text-white uppercase">
            <Tag className="size-3.5" aria-hidden="true" />
            {article.category}
          </p>
        )}
        <h1 className="mt-4 text-3xl leading-tight font-black text-foreground sm:text-4xl lg:text-5xl">{article.title}</h1>
        <ArticleByline article={article} />
      </header>

      <div className="mt-8">
        <ArticleSlideshow images={images} title={article.title} captions={article.image_captions} />
      </div>

      <div data-testid="article-content" className="article-content mt-10" dangerouslySetInnerHTML={{ __html: html }} />

      {status === 'published' && <ShareLinks url={`${pageOrigin()}${paths.article(article.id)}`} title={article.title} />}

      {neighbours && <ArticleNeighboursSection neighbours={neighbours} />}

      <footer className="mt-12 border-t border-border pt-6">
        <BackLink />
      </footer>
    </article>
  )
}
