import { type ReactNode, useId } from "react"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { cn } from "../../../ui/src/cn.ts"
import { inputClass as sharedInputClass } from "../../../ui/src/form.tsx"

/** What every section of the inspector shares: the titled section and the compact controls. */

/** The kit's controls (apps/ui), in the inspector's compact size. */
export const inputClass = cn(sharedInputClass, "px-2 py-1 shadow-none")
export const smallButton = buttonVariants({ variant: "secondary", size: "xs" })

export const Section = ({
  title,
  children,
}: {
  readonly title: string
  readonly children: ReactNode
}) => {
  const id = useId()
  return (
    <section aria-labelledby={id} className="border-b border-slate-200 px-3 py-3">
      <h3 id={id} className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  )
}
