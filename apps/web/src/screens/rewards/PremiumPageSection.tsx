import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { Lock, Sparkles } from "lucide-react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import { useSession } from "../../session/session.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Spinner } from "../../../../ui/src/states.tsx"
import { DownloadLinks } from "../perks/DownloadLinks.tsx"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"

/** "2026-W48" → "week 48 of 2026". */
const weekName = (week: string, t: Translate) => {
  const [year, number] = week.split("-W")
  return t("web.rewards.premium.week", { number: Number(number), year })
}

/**
 * This week's premium page on /rewards (where each plan's perks are listed): Color Pro and Champ
 * members download it as a PNG or a print PDF; others see it locked with the plan that unlocks it.
 */
export const PremiumPageSection = () => {
  const t = useT()
  const { member } = useSession()
  const query = useQuery({
    queryKey: ["premium-page", member?.id ?? null],
    queryFn: () => api.premiumPage(),
    // The answer depends on who asks: wait until the session is known.
    enabled: member !== undefined,
  })
  const view = query.data
  return (
    <section aria-labelledby="premium-page" className="mt-12">
      <h2 id="premium-page" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Sparkles aria-hidden className="size-6 text-brand-600" />
        {t("web.rewards.premium.title")}
      </h2>
      {query.isPending ? (
        <Spinner label={t("web.rewards.premium.loading")} />
      ) : query.isError || !view ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {messageOf(query.error, t("web.rewards.premium.loadFailed"))}
        </p>
      ) : view.access === "granted" ? (
        view.page ? (
          <div className="mt-4 grid gap-5 sm:grid-cols-[12rem_1fr]">
            {view.page.image && (
              <img
                src={view.page.image}
                alt={t("web.rewards.premium.alt", { title: view.page.title })}
                width={192}
                height={192}
                loading="lazy"
                className="aspect-square w-48 rounded-lg border border-border bg-white object-contain"
              />
            )}
            <div className="min-w-0">
              <p className="text-lg font-semibold text-slate-900">{view.page.title}</p>
              <p className="mt-1 text-sm text-slate-700">
                {t("web.rewards.premium.yours", { week: weekName(view.week, t) })}
              </p>
              <div className="mt-4">
                <DownloadLinks
                  downloads={view.page.downloads}
                  what={t("web.rewards.premium.what")}
                />
              </div>
            </div>
          </div>
        ) : (
          <p className="mt-3 text-slate-700">
            {t("web.rewards.premium.notYet", { week: weekName(view.week, t) })}
          </p>
        )
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-4">
          <p className="flex items-center gap-2 text-slate-700">
            <Lock aria-hidden className="size-4" />
            {view.title
              ? t("web.rewards.premium.lockedTitled", { title: view.title, plan: view.unlockedBy })
              : t("web.rewards.premium.locked", { plan: view.unlockedBy })}
          </p>
          <Link to="/pricing" className={buttonVariants({ variant: "secondary" })}>
            {t("web.rewards.premium.unlock", { plan: view.unlockedBy })}
          </Link>
        </div>
      )}
    </section>
  )
}
