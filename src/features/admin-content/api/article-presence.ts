import { useEffect, useState } from 'react'
import { supabase } from '@/lib/supabase'

const BEAT_MS = 10_000
/** A heartbeat older than this is an editor that was closed without saying so (a crash). */
const STALE_MS = 30_000

/**
 * While the editor is open, writes this person's heartbeat row for the article and reads the
 * others' (table article_editors, staff only). Returns the names of the others editing it now.
 */
export function useArticlePresence(articleId: string | undefined, userId: string): string[] {
  const [others, setOthers] = useState<string[]>([])
  useEffect(() => {
    if (!articleId) return
    let stopped = false
    const beat = async () => {
      await supabase.from('article_editors').upsert({ article_id: articleId, user_id: userId })
      const since = new Date(Date.now() - STALE_MS).toISOString()
      const { data } = await supabase
        .from('article_editors')
        .select('user_id, editor_name, seen_at')
        .eq('article_id', articleId)
        .neq('user_id', userId)
        .gt('seen_at', since)
      if (!stopped) setOthers((data ?? []).map((row) => row.editor_name ?? 'Pengguna lain'))
    }
    void beat()
    const timer = window.setInterval(beat, BEAT_MS)
    return () => {
      stopped = true
      window.clearInterval(timer)
      void supabase.from('article_editors').delete().eq('article_id', articleId).eq('user_id', userId)
    }
  }, [articleId, userId])
  return others
}
