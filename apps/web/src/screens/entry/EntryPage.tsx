import "../../entries/catalog.ts"
import { ChevronLeft, ChevronRight } from "lucide-react"
import { Link, useOutletContext, useParams } from "react-router-dom"
import { EntryDetails } from "../../entries/EntryDetails.tsx"
import { EntryFeedback } from "../../entries/EntryFeedback.tsx"
import { isNotFound, useEntryPage } from "../../entries/entry-queries.ts"
import { artistOf, entryPath } from "../../entries/entry-view.ts"
import type { PageOutletContext } from "../../entries/PageOutlet.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page } from "../../../../ui/src/page.tsx"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { EntryLightbox } from "./EntryLightbox.tsx"
import { EntryNotFound } from "./EntryNotFound.tsx"
import { entryPageText } from "../../../../../domain/site/page-titles.ts"
import { usePageText } from "../../layout/page-title.ts"

const neighbourClass =
  "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"

/** Previous and next within the contest, in gallery order. */
const ContestNeighbours = ({
  previous,
  next,
}: {
  readonly previous: string | null
  readonly next: string | null
}) => {
  const t = useT()
  return previous === null && next === null ? null : (
    <nav aria-label={t("web.entry.neighbours")} className="flex items-center justify-between gap-2">
      {previous ? (
        <Link to={entryPath(previous)} className={neighbourClass}>
          <ChevronLeft aria-hidden className="size-4" />
          {t("web.entry.previous")}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={entryPath(next)} className={neighbourClass}>
          {t("web.entry.next")}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

/** /entries/:id as a page: a reload, a shared link, or a link from anywhere but a grid. */
const FullEntryPage = ({ entryId }: { readonly entryId: string }) => {
  const t = useT()
  const page = useEntryPage(entryId)
  usePageText(page.data && entryPageText(artistOf(page.data.entry), page.data.contest.title, t))
  if (page.isPending) return <Spinner label={t("web.entry.loading")} />
  if (page.isError) {
    if (isNotFound(page.error)) {
      return (
        <Page>
          <EntryNotFound
            heading={
              <h1 className="text-2xl font-bold text-slate-900">{t("web.entry.notFound")}</h1>
            }
          />
        </Page>
      )
    }
    return (
      <Page>
        <ErrorState
          title={t("web.entry.loadFailed")}
          message={messageOf(page.error, t("web.entry.loadFailedMessage"))}
          onRetry={() => void page.refetch()}
        />
      </Page>
    )
  }
  const { data } = page
  return (
    <Page className="flex flex-col gap-6">
      <ContestNeighbours previous={data.previousEntryId} next={data.nextEntryId} />
      <EntryDetails
        page={data}
        // eslint-disable-next-line lingui/no-unlocalized-strings -- image sizes, not text
        sizes="(min-width: 1152px) 740px, (min-width: 1024px) 64vw, 100vw"
        heading={
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">
            {t("web.entry.alt", { artist: artistOf(data.entry, t) })}
          </h1>
        }
      />
      <EntryFeedback entryId={data.entry.id} artistId={data.entry.userId} />
    </Page>
  )
}

/**
 * /entries/:id: over the grid that opened it, a lightbox; otherwise the entry's page.
 */
const EntryRoute = () => {
  const { id = "" } = useParams()
  const { lightbox } = useOutletContext<PageOutletContext | undefined>() ?? { lightbox: false }
  // A new entry is a new page: nothing of the last one's state carries over.
  return lightbox ? <EntryLightbox entryId={id} /> : <FullEntryPage key={id} entryId={id} />
}

export default EntryRoute
