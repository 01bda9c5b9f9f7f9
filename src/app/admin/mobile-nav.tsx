import { useState } from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { Menu, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { SidebarContent } from './sidebar'

/** Below the lg breakpoint the sidebar lives in a drawer that closes on every choice. */
export function MobileNav() {
  const [open, setOpen] = useState(false)
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Buka menu admin">
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 lg:hidden" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none lg:hidden"
          aria-describedby={undefined}
        >
          <DialogPrimitive.Title className="sr-only">Menu admin</DialogPrimitive.Title>
          <SidebarContent onNavigate={() => setOpen(false)} />
          <DialogPrimitive.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-3 right-3 text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
              aria-label="Tutup menu admin"
            >
              <X className="size-5" aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
