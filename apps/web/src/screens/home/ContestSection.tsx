import { useQuery } from "@tanstack/react-query"
import { Suspense, useEffect, useRef } from "react"
import { api } from "../../api/api.ts"
import type { Contest } from "../../api/types.ts"
import { useAuthDialog } from "../../session/auth-dialog-context.tsx"
import { useSession } from "../../session/session.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { deferred, useIdlePreload, useOpenedOnce } from "../../../../ui/src/idle-preload.ts"
import { mayEnter } from "../../../../../domain/contests/subscribers-only.ts"
import { ContestCard } from "./ContestCard.tsx"
import { NoActiveContest, UpcomingContest } from "./ContestPlaceholders.tsx"
import { contestClock, type ContestPhase } from "./contest-clock.ts"
import { useContestViewed } from "./useContestViewed.ts"
import { useNow } from "./useNow.ts"

/** The submission dialog and its steps: fetched when the page is idle, not before first paint. */
const SubmissionFlow = deferred(async () => (await import("./SubmissionFlow.tsx")).SubmissionFlow)

export const CURRENT_CONTEST = ["contest", "current"] as const

interface SubmitControl {
  /** The submission dialog's state, kept by the page (a paid extra entry opens it). */
  readonly submitOpen: boolean
  readonly onSubmitOpenChange: (open: boolean) => void
}

/** The contest, ticking every second; a phase change (start, end) asks the server again. */
const CurrentContest = ({
  contest,
  onPhaseChange,
  submitOpen,
  onSubmitOpenChange,
}: SubmitControl & {
  readonly contest: Contest
  readonly onPhaseChange: () => void
}) => {
  const { member, subscription } = useSession()
  const auth = useAuthDialog()
  const { phase, badge } = contestClock(contest, useNow())
  const seenPhase = useRef<ContestPhase>(phase)
  const submitOpened = useOpenedOnce(submitOpen)
  useIdlePreload(SubmissionFlow.preload)

  useEffect(() => {
    if (seenPhase.current === phase) return
    seenPhase.current = phase
    onPhaseChange()
  }, [phase, onPhaseChange])

  if (phase === "upcoming") return <UpcomingContest contest={contest} badge={badge} />
  const open = phase === "open"
  return (
    <>
      <ContestCard
        contest={contest}
        badge={badge}
        open={open}
        onSubmit={() => (member ? onSubmitOpenChange(true) : auth.open("signin"))}
        mayEnter={!member || mayEnter(contest, subscription?.tier ?? "free")}
      />
      {open && member && submitOpened && (
        <Suspense fallback={null}>
          <SubmissionFlow.Component
            contest={contest}
            open={submitOpen}
            onOpenChange={onSubmitOpenChange}
          />
        </Suspense>
      )}
    </>
  )
}

/** The home page's contest (§4 Contest display): loading, error with Reload Page, none, or one. */
export const ContestSection = (props: SubmitControl) => {
  const t = useT()
  const current = useQuery({ queryKey: CURRENT_CONTEST, queryFn: api.currentContest })
  const { refetch } = current
  useContestViewed(current.data?.id)

  if (current.isPending || (current.isError && current.isFetching)) {
    // Holds about the card's height, so the sections below do not jump when it arrives.
    return (
      <div className="min-h-[56rem] md:min-h-[36rem]">
        <Spinner label={t("web.home.loading")} />
      </div>
    )
  }
  if (current.isError) {
    return (
      <ErrorState
        title={t("web.home.error.title")}
        message={t("web.home.error.message", {
          reason: messageOf(current.error, t("web.home.error.unknown")),
        })}
        retryLabel={t("web.home.error.reload")}
        onRetry={() => void refetch()}
      />
    )
  }
  if (current.data === null) return <NoActiveContest />
  return (
    <CurrentContest
      key={current.data.id}
      contest={current.data}
      onPhaseChange={() => void refetch()}
      {...props}
    />
  )
}
