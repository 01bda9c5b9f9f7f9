import type { ReactNode } from 'react'
import { SidebarContent } from './sidebar'
import { TopBar } from './top-bar'

export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-svh bg-muted/40 lg:grid lg:grid-cols-[16rem_1fr]">
      {/* The coloured column runs the full page height; the navigation inside stays in view. */}
      <aside className="hidden bg-primary lg:block">
        <div className="sticky top-0 h-svh overflow-y-auto">
          <SidebarContent />
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <TopBar />
        <main id="admin-main" className="flex-1 p-4 sm:p-6 lg:p-8">
          {children}
        </main>
      </div>
    </div>
  )
}
