/** The query string the site server redirects to after a message posted without JavaScript was sent. */
export const SENT_PARAM = 'terkirim'
