import { clsx, type ClassValue } from 'clsx'

// Class names joined as written: public pages do not download a class merger (tailwind-merge is
// about 8 kB gzip). A className given to a src/components/ui component that must beat one of the
// component's own classes says so with Tailwind's important modifier (`p-3!`) or a variant that
// applies later (`max-lg:hidden`). The admin area still lets tailwind-merge settle such conflicts
// and installs it when it loads (src/app/admin/routes.tsx); see decision 0021.
let merge: (classes: string) => string = (classes) => classes

/** Installs a merger that drops the earlier of two conflicting Tailwind classes (the admin area's tailwind-merge). */
export function mergeClassesWith(merger: (classes: string) => string) {
  merge = merger
}

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs))
}
