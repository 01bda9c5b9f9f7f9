import { Toaster as Sonner, type ToasterProps } from 'sonner'

// SPEC section 9: one toast at a time, 5000 ms, swipe to dismiss (built into sonner).
// At the bottom a toast covers neither the fixed navbar nor the header of an open dialog.
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-center"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', description: 'text-sm' } }}
      {...props}
    />
  )
}

export { Toaster }
