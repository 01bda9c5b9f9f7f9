// Share links as plain URLs of each service's public share page: no script of theirs loads on
// the site, and a reader without JavaScript can share too.

export type ShareLink = { network: 'whatsapp' | 'facebook' | 'x' | 'telegram'; label: string; href: string }

export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    // WhatsApp takes one text: the title, then the link on its own line (it makes the preview).
    { network: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'x', label: 'X', href: `https://x.com/intent/post?text=${t}&url=${u}` },
    { network: 'telegram', label: 'Telegram', href: `https://t.me/share/url?url=${u}&text=${t}` },
  ]
}
