import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { supabaseConfig } from './lib/env'
import { App } from './app/app'
import { ConfigErrorScreen } from './app/config-error-screen'

const root = createRoot(document.getElementById('root')!)

root.render(
  <StrictMode>
    {supabaseConfig.ok ? <App /> : <ConfigErrorScreen message={supabaseConfig.message} />}
  </StrictMode>,
)
