import { CalendarClock } from "lucide-react"
import { Link } from "react-router-dom"
import type { CountdownBadge as Badge } from "../../../../../domain/contests/countdown.ts"
import type { Contest } from "../../api/types.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
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
}) => (
  <Placeholder
    icon={({ className }) => <CalendarClock aria-hidden className={className} />}
    title={contest.title}
  >
    <p>The next contest has not started yet. Its line art appears here when it opens.</p>
    <CountdownBadge badge={badge} />
  </Placeholder>
)

/** No contest at all (§4 Contest display): 'No Active Contest'. */
export const NoActiveContest = () => (
  <Placeholder icon={LogoMark} title="No Active Contest">
    <p>There is no contest running right now. Check back soon for the next daily challenge.</p>
    <Link to="/gallery" className={buttonVariants({ variant: "secondary" })}>
      Browse the gallery
    </Link>
  </Placeholder>
)
