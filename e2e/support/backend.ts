/** Where the browser's supabase-js client talks to, read the way the browser reads it. */
type Backend = { url: string; anonKey: string }
let backendPromise: Promise<Backend> | null = null

/** The backend address and anon key exactly as the browser receives them from /env.js. */
export function backend(baseURL: string): Promise<Backend> {
  backendPromise ??= (async () => {
    const text = await (await fetch(new URL('/env.js', baseURL))).text()
    const json = /window\.__ENV__\s*=\s*(\{.*\})/.exec(text)?.[1]
    if (!json) throw new Error(`Unexpected /env.js: ${text}`)
    const env = JSON.parse(json) as { SUPABASE_URL: string; SUPABASE_ANON_KEY: string }
    return { url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY }
  })()
  return backendPromise
}
