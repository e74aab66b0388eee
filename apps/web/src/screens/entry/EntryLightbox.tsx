import "../../entries/catalog.ts"
import { ChevronLeft, ChevronRight, X } from "lucide-react"
import { Dialog } from "radix-ui"
import { useQueryClient } from "@tanstack/react-query"
import {
  useCallback,
  useEffect,
  useRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { EntryDetails } from "../../entries/EntryDetails.tsx"
import { EntryFeedback } from "../../entries/EntryFeedback.tsx"
import { api } from "../../api/api.ts"
import { entryKey, isNotFound, useEntryPage } from "../../entries/entry-queries.ts"
import { artistOf } from "../../entries/entry-view.ts"
import { isLightboxState, neighboursIn, openEntry } from "../../entries/lightbox.ts"
import { messageOf } from "../../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { EntryNotFound } from "./EntryNotFound.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { entryPageText } from "../../../../../domain/site/page-titles.ts"
import { usePageText } from "../../layout/page-title.ts"

/** How far a finger travels sideways before it counts as a swipe, in CSS pixels. */
export const SWIPE_PX = 50

const arrowClass =
  "inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-800 shadow ring-1 ring-slate-200 hover:bg-slate-50 aria-disabled:opacity-40 aria-disabled:cursor-not-allowed"

/** Keys typed into a menu or a field are theirs, not the lightbox's. */
const ownsArrows = (target: EventTarget): boolean =>
  target instanceof Element &&
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector, not text
  target.closest('[role="menu"], input, textarea, select') !== null

/** A horizontal swipe over the picture (pointer events: touch, pen or a dragged mouse). */
const Swipe = ({
  onPrevious,
  onNext,
  children,
}: {
  readonly onPrevious: () => void
  readonly onNext: () => void
  readonly children: ReactNode
}) => {
  const start = useRef<{ x: number; y: number } | null>(null)
  return (
    <div
      data-testid="lightbox-swipe"
      className="touch-pan-y select-none"
      onPointerDown={(event: PointerEvent) => {
        start.current = { x: event.clientX, y: event.clientY }
      }}
      onPointerCancel={() => (start.current = null)}
      onPointerUp={(event: PointerEvent) => {
        const from = start.current
        start.current = null
        if (!from) return
        const dx = event.clientX - from.x
        const dy = event.clientY - from.y
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return
        if (dx < 0) onNext()
        else onPrevious()
      }}
    >
      {children}
    </div>
  )
}

/**
 * An entry over the grid that opened it (URL /entries/:id): ← and → walk the grid's list, a swipe
 * does the same on touch, Esc or the close button goes back to the grid where it was. Radix's
 * Dialog traps the focus and gives it back to the card on close.
 */
export const EntryLightbox = ({ entryId }: { readonly entryId: string }) => {
  const location = useLocation()
  const navigate = useNavigate()
  const ids = isLightboxState(location.state) ? location.state.lightbox.ids : []
  const { previous, next } = neighboursIn(ids, entryId)
  const t = useT()
  const page = useEntryPage(entryId)
  usePageText(page.data && entryPageText(artistOf(page.data.entry), page.data.contest.title, t))
  const client = useQueryClient()

  // The neighbours are read ahead, so ← and → show them at once.
  useEffect(() => {
    for (const id of [previous, next]) {
      if (id !== null)
        void client.prefetchQuery({ queryKey: entryKey(id), queryFn: () => api.entry(id) })
    }
  }, [client, previous, next])

  // Walking the list replaces the lightbox's history entry: Back and Esc return to the grid.
  const go = useCallback(
    (target: string | null) => {
      if (target === null) return
      const { to, state } = openEntry(target, ids)
      void navigate(to, { state, replace: true })
    },
    [ids, navigate],
  )
  const close = useCallback(() => void navigate(-1), [navigate])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented || ownsArrows(event.target)) return
    if (event.key === "ArrowLeft") {
      event.preventDefault()
      go(previous)
    } else if (event.key === "ArrowRight") {
      event.preventDefault()
      go(next)
    }
  }

  const title = page.data
    ? t("web.entry.alt", { artist: artistOf(page.data.entry, t) })
    : t("web.entry.entry")
  const body = (() => {
    if (page.isPending) return <Spinner label={t("web.entry.loading")} />
    if (page.isError) {
      if (isNotFound(page.error))
        return (
          <EntryNotFound
            heading={
              <p className="text-xl font-semibold text-slate-900">{t("web.entry.notFound")}</p>
            }
          />
        )
      return (
        <ErrorState
          title={t("web.entry.loadFailed")}
          message={messageOf(page.error, t("web.entry.loadFailedMessage"))}
          onRetry={() => void page.refetch()}
        />
      )
    }
    return (
      <div className="flex flex-col gap-6">
        <EntryDetails
          page={page.data}
          // eslint-disable-next-line lingui/no-unlocalized-strings -- image sizes, not text
          sizes="(min-width: 1024px) 62vw, 100vw"
          pictureClassName="max-h-[80vh]"
          heading={
            <Dialog.Title className="text-2xl font-bold break-words text-slate-900">
              {title}
            </Dialog.Title>
          }
          around={(picture) => (
            <Swipe onPrevious={() => go(previous)} onNext={() => go(next)}>
              {picture}
            </Swipe>
          )}
        />
        {/* The artist, judges and admins only: professional feedback (issue 19). */}
        <EntryFeedback entryId={page.data.entry.id} artistId={page.data.entry.userId} />
      </div>
    )
  })()

  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white shadow-2xl sm:inset-4 sm:rounded-xl lg:inset-x-8"
        >
          {!page.data && <Dialog.Title className="sr-only">{title}</Dialog.Title>}
          <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-slate-100 bg-white/95 px-4 py-2 backdrop-blur">
            <div className="flex items-center gap-2">
              <button
                type="button"
                aria-label={t("web.entry.previous")}
                className={arrowClass}
                // aria-disabled, not disabled: walking to the first entry leaves the focus on this
                // button, and a disabled button swallows the keys (→ would do nothing).
                aria-disabled={previous === null || undefined}
                onClick={() => go(previous)}
              >
                <ChevronLeft aria-hidden className="size-5" />
              </button>
              <button
                type="button"
                aria-label={t("web.entry.next")}
                className={arrowClass}
                aria-disabled={next === null || undefined}
                onClick={() => go(next)}
              >
                <ChevronRight aria-hidden className="size-5" />
              </button>
            </div>
            <Dialog.Close aria-label={t("web.entry.close")} className={arrowClass}>
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="p-4 sm:p-6">{body}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
