import { useEffect, useMemo } from 'react'
import { Link, useParams } from 'react-router'
import { ArrowLeft, Tag } from 'lucide-react'
import { htmlToText } from '@/lib/format'
import { META_DESCRIPTION_LENGTH, SHARE_IMAGE } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { useArticleHtml } from '@/lib/article-html'
import { playVideo } from '@/lib/play-video'
import { useRenderContext } from '@/lib/render-context'
import type { LoaderArgs, RouteArgs, RouteMeta } from '@/lib/route-module'
import type { ArticleDetail } from '@/lib/article'
import { useRouteMeta } from '@/lib/use-document-meta'
import { useQueryErrorToast } from '@/lib/use-query-error-toast'
import { Spinner } from '@/components/ui/spinner'
import { articleQueryOptions, useArticle } from './api/get-article'
import { articleNeighboursQueryOptions, useArticleNeighbours } from './api/get-article-neighbours'
import { jsonLdText, newsArticleJsonLd, renditionUrl } from './lib/article-structured-data'
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

  const { origin, siteUrl } = useRenderContext()
  const html = useArticleHtml(article?.content, origin)
  const images = useMemo(
    () => (article ? [article.cover_image_url, ...(article.image_gallery_urls ?? [])].filter((url): url is string => Boolean(url)) : []),
    [article],
  )
  const status = article ? publicationStatus(article.published_at) : 'published'
  useRouteMeta(meta, isPending ? undefined : (article ?? null))

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

      {/* a video facade in the text becomes its player when clicked */}
      <div data-testid="article-content" className="article-content mt-10" onClick={playVideo} dangerouslySetInnerHTML={{ __html: html }} />

      {status === 'published' && <ShareLinks url={`${siteUrl}${paths.article(article.id)}`} title={article.title} />}

      {neighbours && <ArticleNeighboursSection neighbours={neighbours} />}

      <footer className="mt-12 border-t border-border pt-6">
        <BackLink />
      </footer>
    </article>
  )
}

/** The article as a visitor may read it (null: none), and the links around it. */
export async function loader({ queryClient, params, context }: LoaderArgs): Promise<ArticleDetail | null> {
  const article = await queryClient.fetchQuery(articleQueryOptions(context.api, params.id ?? ''))
  if (article) await queryClient.prefetchQuery(articleNeighboursQueryOptions(context.api, article))
  return article
}

export function meta(article: ArticleDetail | null | undefined, { context }: RouteArgs): RouteMeta {
  if (article === undefined) return { title: null, type: 'article' }
  // The not-found answer a visitor gets for a draft stays out of search engines.
  if (!article) return { title: 'Artikel tidak ditemukan', type: 'article', noindex: true, status: 404 }
  const description = htmlToText(article.content).slice(0, META_DESCRIPTION_LENGTH)
  const canonical = paths.article(article.id)
  return {
    title: article.title,
    description,
    canonical,
    image: article.cover_image_url ? renditionUrl(article.cover_image_url, SHARE_IMAGE.width, SHARE_IMAGE.height) : null,
    imageSize: article.cover_image_url ? SHARE_IMAGE : undefined,
    type: 'article',
    // A draft shown to staff stays out of search engines too.
    noindex: publicationStatus(article.published_at) !== 'published',
    // Read from the server's HTML only: the browser's build leaves it (and its code) out.
    jsonLd: import.meta.env.SSR
      ? jsonLdText(newsArticleJsonLd({ ...article, description }, `${context.siteUrl}${canonical}`, context.siteUrl))
      : undefined,
  }
}

export { ArticlePage as Component }
