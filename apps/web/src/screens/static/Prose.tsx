import type { ReactNode } from "react"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"

/** Long-form pages (About, Terms, Privacy): readable measure, spaced headings and lists. */
export const Prose = ({
  title,
  lead,
  actions,
  children,
}: {
  readonly title: string
  readonly lead?: ReactNode
  /** Buttons under the text, outside its link styling. */
  readonly actions?: ReactNode
  readonly children: ReactNode
}) => (
  <Page>
    <article className="mx-auto max-w-3xl">
      <PageTitle>{title}</PageTitle>
      {lead && <p className="mt-3 text-lg text-slate-700">{lead}</p>}
      <div className="mt-8 break-words text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
      {actions && <div className="mt-10 flex flex-wrap gap-3">{actions}</div>}
    </article>
  </Page>
)
