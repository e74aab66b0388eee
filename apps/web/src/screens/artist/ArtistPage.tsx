import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { Lock, UserX } from "lucide-react"
import { Link, useParams } from "react-router-dom"
import { api } from "../../api/api.ts"
import { isNotFound } from "../../entries/entry-queries.ts"
import { useSession } from "../../session/session.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page } from "../../../../ui/src/page.tsx"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { ArtistProfile, artistKey, isShown, privateSentence } from "./ArtistProfile.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { artistPageText } from "../../../../../domain/site/page-titles.ts"
import { usePageText } from "../../layout/page-title.ts"

/** /artists/:username: an artist's public page, or the plain private sentence, or not found. */
const ArtistPage = () => {
  const t = useT()
  const { username = "" } = useParams()
  const { member } = useSession()
  const artist = useQuery({
    // isOwner depends on who asks.
    queryKey: [...artistKey(username), member?.id ?? "visitor"],
    queryFn: () => api.artist(username),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  })
  // A private profile's page names no one, as the server renders it.
  usePageText(
    artist.data && isShown(artist.data) ? artistPageText(artist.data.username, t) : undefined,
  )
  if (artist.isPending) return <Spinner label={t("web.artist.loading")} />
  if (artist.isError) {
    if (isNotFound(artist.error))
      return (
        <Page>
          <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
            <UserX aria-hidden className="size-10 text-slate-500" />
            <h1 className="text-2xl font-bold text-slate-900">{t("web.artist.notFound")}</h1>
            <p className="text-slate-600">{t("web.artist.notFoundText", { username })}</p>
            <Link
              to="/gallery"
              className={buttonVariants({ variant: "primary", className: "mt-2" })}
            >
              {t("web.artist.browseGallery")}
            </Link>
          </div>
        </Page>
      )
    return (
      <Page>
        <ErrorState
          title={t("web.artist.loadFailed")}
          message={messageOf(artist.error, t("web.artist.loadFailedMessage"))}
          onRetry={() => void artist.refetch()}
        />
      </Page>
    )
  }
  const { data } = artist
  if (!isShown(data)) {
    return (
      <Page>
        <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
          <Lock aria-hidden className="size-10 text-slate-500" />
          <h1 className="text-2xl font-bold break-words text-slate-900">{data.username}</h1>
          <p className="text-slate-700">{privateSentence(t)}</p>
        </div>
      </Page>
    )
  }
  return (
    <Page>
      {data.isOwner && (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
          <p>{data.private ? t("web.artist.ownerPrivate") : t("web.artist.ownerPublic")}</p>
          <Link to="/profile" className="font-semibold underline">
            {t("web.artist.settings")}
          </Link>
        </div>
      )}
      <ArtistProfile artist={data} />
    </Page>
  )
}

export default ArtistPage
