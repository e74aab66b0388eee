import { CalendarClock } from "lucide-react"
import { Link } from "react-router-dom"
import type { CountdownBadge as Badge } from "../../../../../domain/contests/countdown.ts"
import type { Contest } from "../../api/types.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { LogoMark } from "../../../../ui/src/logo.tsx"
import { CountdownBadge } from "./CountdownBadge.tsx"

const Placeholder = ({
  icon: Icon,
  title,
  children,
}: {
  readonly icon: (props: { readonly className?: string }) => React.ReactNode
  readonly title: string
  readonly children: React.ReactNode
}) => (
  <article
    aria-labelledby="contest-title"
    className="rounded-card border border-dashed border-slate-300 bg-card/70 p-8 text-center"
  >
    <Icon className="mx-auto size-10 text-brand-600" />
    <h2 id="contest-title" className="mt-4 text-2xl font-bold break-words text-slate-900">
      {title}
    </h2>
    <div className="mt-3 flex flex-col items-center gap-4 text-slate-700">{children}</div>
  </article>
)

/** The next contest, before it starts (§4 Contest display): its name and a 'Starts in' countdown. */
export const UpcomingContest = ({
  contest,
  badge,
}: {
  readonly contest: Pick<Contest, "title">
  readonly badge: Badge
}) => {
  const t = useT()
  return (
    <Placeholder
      icon={({ className }) => <CalendarClock aria-hidden className={className} />}
      title={contest.title}
    >
      <p>{t("web.home.upcoming")}</p>
      <CountdownBadge badge={badge} />
    </Placeholder>
  )
}

/** No contest at all (§4 Contest display): 'No Active Contest'. */
export const NoActiveContest = () => {
  const t = useT()
  return (
    <Placeholder icon={LogoMark} title={t("web.home.none.title")}>
      <p>{t("web.home.none.text")}</p>
      <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
        {t("web.home.none.gallery")}
      </Link>
    </Placeholder>
  )
}
