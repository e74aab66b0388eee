import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { ChevronDown, ExternalLink, Eye } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import { ArtistProfile, artistKey, isShown, privateSentence } from "../artist/ArtistProfile.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"

/**
 * Beside the privacy switches: the member's page exactly as others see it
 * (GET /api/artists/:username?view=public), from the saved settings.
 */
export const PublicPagePreview = ({ username }: { readonly username: string }) => {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <div className="mt-4 rounded-lg border border-slate-200 bg-slate-50">
      <div className="flex flex-wrap items-center justify-between gap-2 p-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="public-page-preview"
          onClick={() => setOpen((was) => !was)}
          className="inline-flex items-center gap-2 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-white"
        >
          <Eye aria-hidden className="size-4" />
          {t("web.settings.preview.toggle")}
          <ChevronDown
            aria-hidden
            className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
          />
        </button>
        <Link
          to={`/artists/${encodeURIComponent(username)}`}
          className="inline-flex items-center gap-1 text-sm text-slate-700 underline"
        >
          {t("web.settings.preview.open")}
          <ExternalLink aria-hidden className="size-3.5" />
        </Link>
      </div>
      {open && (
        <div id="public-page-preview" className="border-t border-slate-200 bg-white p-4">
          <p className="mb-4 text-sm text-slate-600">{t("web.settings.preview.lead")}</p>
          <Preview username={username} />
        </div>
      )}
    </div>
  )
}

const Preview = ({ username }: { readonly username: string }) => {
  const t = useT()
  const artist = useQuery({
    queryKey: artistKey(username, "public"),
    queryFn: () => api.artist(username, "public"),
  })
  if (artist.isPending) return <Spinner label={t("web.settings.preview.loading")} />
  if (artist.isError)
    return (
      <ErrorState
        title={t("web.settings.preview.failed")}
        message={messageOf(artist.error, t("web.settings.preview.failedMessage"))}
        onRetry={() => void artist.refetch()}
      />
    )
  if (!isShown(artist.data))
    return <p className="font-medium text-slate-900">{privateSentence(t)}</p>
  return <ArtistProfile artist={artist.data} headingLevel={3} />
}
