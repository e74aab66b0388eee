import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { Banknote, ShieldCheck } from "lucide-react"
import { useState } from "react"
import { type Verification, verifyDraw } from "../../../../../domain/drawings/draw-rules.ts"
import { FREE_ROUTE_TIER } from "../../../../../domain/drawings/drawing.entity.ts"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import type { Drawing, FreeEntry } from "../../api/types.ts"
import { moneyText, PAID_TIERS } from "../../plans/plan-text.ts"
import { useAuthDialog } from "../../session/auth-dialog-context.tsx"
import { useSession } from "../../session/session.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useLanguage, useT } from "../../../../ui/src/i18n.tsx"

const FREE_PLAN = PLANS[FREE_ROUTE_TIER].name

/** "2026-11" → "November 2026" (in the page's language; en stays en-US). */
const monthName = (month: string, language: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(language === "en" ? "en-US" : language, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })

/** The draw's rule, in the words of domain/drawings/draw-rules.ts (the code this page re-runs). */
const HOW_TO_CHECK = [
  "web.rewards.draws.check.commit",
  "web.rewards.draws.check.reveal",
  "web.rewards.draws.check.pick",
  "web.rewards.draws.check.repeat",
] as const

const Hash = ({ label, value }: { readonly label: string; readonly value: string | null }) => {
  const t = useT()
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="break-all font-mono text-xs text-slate-800">
        {value ?? t("web.rewards.draws.revealedLater")}
      </dd>
    </div>
  )
}

const RecheckResult = ({ result }: { readonly result: Verification }) => {
  const t = useT()
  return result.ok ? (
    <p role="status" className="flex items-center gap-1 text-sm font-medium text-green-800">
      <ShieldCheck aria-hidden className="size-4" />
      {t("web.rewards.draws.checked")}
    </p>
  ) : (
    <p role="alert" className="text-sm font-medium text-red-800">
      {t("web.rewards.draws.mismatch", { failed: result.failed, message: result.message })}
    </p>
  )
}

const DrawingCard = ({ drawing }: { readonly drawing: Drawing }) => {
  const t = useT()
  const language = useLanguage()
  const [result, setResult] = useState<Verification | null>(null)
  const [checking, setChecking] = useState(false)
  const drawn = drawing.status !== "committed"
  const recheck = async () => {
    setChecking(true)
    try {
      setResult(
        await verifyDraw({
          commitment: drawing.commitment,
          seed: drawing.seed ?? "",
          entrants: drawing.entrants ?? [],
          listHash: drawing.listHash ?? "",
          winnerId: drawing.winnerId,
        }),
      )
    } finally {
      setChecking(false)
    }
  }
  const heading = `${drawing.planName} · ${monthName(drawing.month, language)}`
  return (
    <article
      aria-label={heading}
      className="min-w-0 rounded-xl border border-slate-200 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{heading}</h3>
        <p className="text-lg font-bold text-brand-700">{moneyText(drawing.prizeCents)}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {drawing.status === "committed"
          ? t("web.rewards.draws.open")
          : drawing.winnerId === null
            ? t("web.rewards.draws.noWinner")
            : t("web.rewards.draws.winner", {
                name: drawing.winnerName ?? drawing.winnerId,
                count: drawing.entrants?.length ?? 0,
                paid: drawing.status === "paid" ? "yes" : "no",
              })}
      </p>
      <dl className="mt-3 grid gap-2">
        <Hash label={t("web.rewards.draws.commitment")} value={drawing.commitment} />
        <Hash label={t("web.rewards.draws.seed")} value={drawing.seed} />
        <Hash label={t("web.rewards.draws.listHash")} value={drawing.listHash} />
      </dl>
      {drawn && drawing.entrants !== null && drawing.entrants.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">
            {t("web.rewards.draws.entrantList", { count: drawing.entrants.length })}
          </summary>
          <ol className="mt-1 list-decimal pl-6 font-mono text-xs break-all text-slate-800">
            {drawing.entrants.map((id) => (
              <li key={id}>{id}</li>
            ))}
          </ol>
        </details>
      )}
      {drawn && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void recheck()} disabled={checking}>
            {t("web.rewards.draws.recheck")}
          </Button>
          {result && <RecheckResult result={result} />}
        </div>
      )}
    </article>
  )
}

const FreeEntryForm = () => {
  const t = useT()
  const language = useLanguage()
  const { member } = useSession()
  const auth = useAuthDialog()
  const [entry, setEntry] = useState<FreeEntry | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const request = async () => {
    setBusy(true)
    setError(null)
    try {
      setEntry(await api.requestFreeEntry())
    } catch (failure) {
      setError(messageOf(failure, t("web.rewards.free.failed")))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="free-entry" className="mt-10 rounded-xl bg-slate-50 p-5">
      <h2 id="free-entry" className="text-xl font-bold text-slate-900">
        {t("web.rewards.free.title")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {t("web.rewards.free.text", { plan: FREE_PLAN })}
      </p>
      {entry ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {t(entry.created ? "web.rewards.free.entered" : "web.rewards.free.alreadyEntered", {
            plan: FREE_PLAN,
            month: monthName(entry.month, language),
          })}
        </p>
      ) : member ? (
        <Button className="mt-3" onClick={() => void request()} disabled={busy}>
          {t("web.rewards.free.enter")}
        </Button>
      ) : (
        <Button
          className="mt-3"
          onClick={() => auth.open("signin")}
          disabled={member === undefined}
        >
          {t("web.rewards.free.signIn")}
        </Button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
    </section>
  )
}

/** /rewards/drawings: the rules, the free entry, and every drawing with its re-check. */
const DrawingsPage = () => {
  const t = useT()
  const drawings = useQuery({ queryKey: ["drawings"], queryFn: api.drawings })
  return (
    <Page>
      <div className="max-w-3xl">
        <PageTitle>{t("web.rewards.draws.title")}</PageTitle>
        <p className="mt-3 text-lg text-slate-600">{t("web.rewards.draws.intro")}</p>
      </div>

      <section aria-labelledby="rules" className="mt-10 max-w-3xl">
        <h2 id="rules" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Banknote aria-hidden className="size-6 text-brand-600" />
          {t("web.rewards.draws.rules")}
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-700">
          <li>
            {t("web.rewards.draws.rule.prizes", {
              prizes: PAID_TIERS.map((tier) =>
                t("web.rewards.draws.rule.prize", {
                  plan: PLANS[tier].name,
                  amount: moneyText(PLANS[tier].drawingCents ?? 0),
                }),
              ).join(", "),
            })}
          </li>
          <li>{t("web.rewards.draws.rule.who", { plan: FREE_PLAN })}</li>
          <li>{t("web.rewards.draws.rule.notEligible")}</li>
          <li>{t("web.rewards.draws.rule.odds")}</li>
          <li>{t("web.rewards.draws.rule.paid")}</li>
        </ul>
        <h3 className="mt-6 text-lg font-semibold text-slate-900">
          {t("web.rewards.draws.check.title")}
        </h3>
        <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700">
          {HOW_TO_CHECK.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
      </section>

      <FreeEntryForm />

      <section aria-labelledby="draws" className="mt-12">
        <h2 id="draws" className="text-2xl font-bold text-slate-900">
          {t("web.rewards.draws.list")}
        </h2>
        <div className="mt-4">
          {drawings.isPending ? (
            <Spinner label={t("web.rewards.draws.loading")} />
          ) : drawings.isError ? (
            <ErrorState
              message={messageOf(drawings.error, t("web.rewards.draws.loadFailed"))}
              onRetry={() => void drawings.refetch()}
            />
          ) : drawings.data.length === 0 ? (
            <EmptyState title={t("web.rewards.draws.empty")}>
              {t("web.rewards.draws.emptyText")}
            </EmptyState>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {drawings.data.map((drawing) => (
                <DrawingCard key={drawing.id} drawing={drawing} />
              ))}
            </div>
          )}
        </div>
      </section>
    </Page>
  )
}

export default DrawingsPage
