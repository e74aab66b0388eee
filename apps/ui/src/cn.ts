import { clsx, type ClassValue } from "clsx"
import { extendTailwindMerge } from "tailwind-merge"

/** tailwind-merge, told the theme's own names (theme.css) so they replace the stock ones. */
const merge = extendTailwindMerge({
  extend: {
    theme: {
      radius: ["control", "card", "dialog", "pill"],
      shadow: ["control", "card", "overlay"],
    },
  },
})

/**
 * Class names, conditional (clsx) and merged (tailwind-merge): a caller's `px-2` replaces the
 * kit's `px-4` instead of both staying and the stylesheet's order deciding.
 */
export const cn = (...inputs: ReadonlyArray<ClassValue>): string => merge(clsx(inputs))
