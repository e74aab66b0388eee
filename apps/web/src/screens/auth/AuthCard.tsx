import type { LucideIcon } from "lucide-react"
import type { ReactNode } from "react"
import { Page } from "../../../../ui/src/page.tsx"

/** The frame of the account pages: a centred card with an icon, a title and what follows. */
export const AuthCard = ({
  icon: Icon,
  tone = "brand",
  spinning = false,
  title,
  lead,
  children,
}: {
  readonly icon: LucideIcon
  readonly tone?: "brand" | "success" | "danger"
  /** The icon turns (a page waiting for the server). */
  readonly spinning?: boolean
  readonly title: string
  readonly lead?: ReactNode
  readonly children?: ReactNode
}) => {
  const toneClass = {
    brand: "bg-brand-50 text-brand-700",
    success: "bg-green-50 text-green-700",
    danger: "bg-red-50 text-red-700",
  }[tone]
  return (
    <Page>
      <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className={`flex size-12 items-center justify-center rounded-full ${toneClass}`}>
            <Icon aria-hidden className={`size-6 ${spinning ? "animate-spin" : ""}`} />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
          {lead && <div className="mt-2 break-words text-slate-700">{lead}</div>}
        </div>
        {children && <div className="mt-6">{children}</div>}
      </div>
    </Page>
  )
}

/** The buttons and links under a card's text, side by side where there is room. */
export const CardActions = ({ children }: { readonly children: ReactNode }) => (
  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-center">{children}</div>
)
