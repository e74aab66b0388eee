import { useQuery } from "@tanstack/react-query"
import { Lock, Sunset } from "lucide-react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import { useSession } from "../../session/session.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { clockTime } from "../../../../ui/src/format.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { DownloadLinks } from "../perks/DownloadLinks.tsx"

/**
 * "Tomorrow's page (early access)" on home: from 18:00 the day before a contest starts, Color
 * Champ members see its line art and download it; others see that it is out, locked, with the
 * plan that unlocks it. Nothing shows outside that window (or when the answer fails: it is extra).
 */
export const EarlyAccessSection = () => {
  const t = useT()
  const { member } = useSession()
  const query = useQuery({
    queryKey: ["early-access", member?.id ?? null],
    queryFn: () => api.earlyAccess(),
    // The answer depends on who asks: wait until the session is known.
    enabled: member !== undefined,
    staleTime: 60_000,
  })
  const view = query.data
  if (!view || view.access === "none") return null
  return (
    <section
      aria-labelledby="early-access-title"
      className="mt-8 rounded-[1.25rem] border border-border bg-card p-5 shadow-card sm:p-6"
    >
      <h2
        id="early-access-title"
        className="flex items-center gap-2 text-2xl font-bold text-slate-900"
      >
        <Sunset aria-hidden className="size-6 text-brand-600" />
        {t("web.home.early.title")}
      </h2>
      {view.access === "granted" && view.challenge ? (
        <div className="mt-4 grid gap-5 sm:grid-cols-[12rem_1fr]">
          {view.challenge.lineArt && (
            <img
              src={view.challenge.lineArt}
              alt={t("web.home.early.lineArtAlt", { title: view.challenge.title })}
              width={192}
              height={192}
              loading="lazy"
              className="aspect-square w-48 rounded-lg border border-border bg-white object-contain"
            />
          )}
          <div className="min-w-0">
            <p className="text-lg font-semibold text-slate-900">{view.challenge.title}</p>
            <p className="mt-1 text-sm text-slate-700">
              {view.startsAt
                ? t("web.home.early.perk", {
                    plan: view.unlockedBy,
                    time: clockTime(view.startsAt),
                  })
                : t("web.home.early.perkMidnight", { plan: view.unlockedBy })}
            </p>
            <div className="mt-4">
              {view.downloads ? (
                <DownloadLinks downloads={view.downloads} what={t("web.home.early.what")} />
              ) : (
                <p className="text-sm text-slate-700">{t("web.home.early.notUploaded")}</p>
              )}
            </div>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <p className="flex items-center gap-2 text-slate-700">
            <Lock aria-hidden className="size-4" />
            {t("web.home.early.locked", { plan: view.unlockedBy })}
          </p>
          <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
            {t("web.home.early.see", { plan: view.unlockedBy })}
          </Link>
        </div>
      )}
    </section>
  )
}
