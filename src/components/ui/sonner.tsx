import type { CSSProperties } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

// sonner's rich colours give 4.34:1 (error) and 4.25:1 (success) on their pale backgrounds;
// these darker texts reach at least 7:1 there (WCAG AA asks 4.5:1).
const colours = {
  '--success-text': 'hsl(140, 100%, 18%)',
  '--error-text': 'hsl(360, 100%, 30%)',
  '--info-text': 'hsl(210, 92%, 30%)',
  '--warning-text': 'hsl(31, 92%, 24%)',
} as CSSProperties

// SPEC section 9: one toast at a time, 5000 ms, swipe to dismiss (built into sonner).
// At the bottom a toast covers neither the fixed navbar nor the header of an open dialog; over
// an open dialog src/lib/toast moves it to the top, away from the dialog's buttons.
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-center"
      richColors
      closeButton
      containerAriaLabel="Notifikasi"
      style={colours}
      toastOptions={{ closeButtonAriaLabel: 'Tutup notifikasi', classNames: { toast: 'font-sans', description: 'text-sm' } }}
      {...props}
    />
  )
}

export { Toaster }
