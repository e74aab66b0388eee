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

const FREE_PLAN = PLANS[FREE_ROUTE_TIER].name

/** "2026-11" → "November 2026". */
const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })

/** The draw's rule, in the words of domain/drawings/draw-rules.ts (the code this page re-runs). */
const HOW_TO_CHECK = [
  "Before the month starts taking entries we publish the commitment: the SHA-256 of a secret 32-byte seed. The seed cannot be changed afterwards without the commitment showing it.",
  "When the month has ended we publish the seed and the entrant list: the member ids, each once, sorted, and the SHA-256 of that list joined by line breaks.",
  "The winner is HMAC-SHA-256 with the seed as key over the list hash. Its 32 bytes are read as eight 32-bit numbers; the first one below the largest multiple of the number of entrants picks the entrant at (number mod entrants). Numbers at or above that multiple are skipped, so every entrant's odds are exactly equal.",
  "Anyone can repeat this: the Re-check button below does it in your browser, and `colorday drawings verify MONTH` does it at the command line.",
] as const

const Hash = ({ label, value }: { readonly label: string; readonly value: string | null }) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
    <dd className="break-all font-mono text-xs text-slate-800">
      {value ?? "revealed at the draw"}
    </dd>
  </div>
)

const RecheckResult = ({ result }: { readonly result: Verification }) =>
  result.ok ? (
    <p role="status" className="flex items-center gap-1 text-sm font-medium text-green-800">
      <ShieldCheck aria-hidden className="size-4" />
      Checked in your browser: the seed matches the commitment and picks this winner.
    </p>
  ) : (
    <p role="alert" className="text-sm font-medium text-red-800">
      Does not match ({result.failed}): {result.message}
    </p>
  )

const DrawingCard = ({ drawing }: { readonly drawing: Drawing }) => {
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
  const heading = `${drawing.planName} · ${monthName(drawing.month)}`
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
          ? "Entries open: drawn after the month ends."
          : drawing.winnerId === null
            ? "Drawn: nobody was entered, so there is no winner."
            : `Winner: ${drawing.winnerName ?? drawing.winnerId} of ${drawing.entrants?.length ?? 0} ${(drawing.entrants?.length ?? 0) === 1 ? "entrant" : "entrants"}${drawing.status === "paid" ? " · prize paid" : ""}.`}
      </p>
      <dl className="mt-3 grid gap-2">
        <Hash label="Commitment (SHA-256 of the seed)" value={drawing.commitment} />
        <Hash label="Seed" value={drawing.seed} />
        <Hash label="Entrant list hash" value={drawing.listHash} />
      </dl>
      {drawn && drawing.entrants !== null && drawing.entrants.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-700">
            Entrant list ({drawing.entrants.length})
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
            Re-check
          </Button>
          {result && <RecheckResult result={result} />}
        </div>
      )}
    </article>
  )
}

const FreeEntryForm = () => {
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
      setError(messageOf(failure, "Your free entry could not be recorded. Please try again."))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="free-entry" className="mt-10 rounded-xl bg-slate-50 p-5">
      <h2 id="free-entry" className="text-xl font-bold text-slate-900">
        Enter free — no purchase necessary
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Any member can enter this month's {FREE_PLAN} drawing free, once a month, with the same odds
        as every other entrant.
      </p>
      {entry ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {entry.created ? "You're in" : "You're already in"} the {FREE_PLAN} drawing of{" "}
          {monthName(entry.month)}.
        </p>
      ) : member ? (
        <Button className="mt-3" onClick={() => void request()} disabled={busy}>
          Enter this month's drawing free
        </Button>
      ) : (
        <Button
          className="mt-3"
          onClick={() => auth.open("signin")}
          disabled={member === undefined}
        >
          Sign in to enter free
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
  const drawings = useQuery({ queryKey: ["drawings"], queryFn: api.drawings })
  return (
    <Page>
      <div className="max-w-3xl">
        <PageTitle>Monthly drawings</PageTitle>
        <p className="mt-3 text-lg text-slate-600">
          Every month each paid plan has a cash drawing. Every draw is published so you can check it
          yourself.
        </p>
      </div>

      <section aria-labelledby="rules" className="mt-10 max-w-3xl">
        <h2 id="rules" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Banknote aria-hidden className="size-6 text-brand-600" />
          The rules
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-slate-700">
          <li>
            Prizes:{" "}
            {PAID_TIERS.map(
              (tier) => `${PLANS[tier].name} ${moneyText(PLANS[tier].drawingCents ?? 0)}`,
            ).join(", ")}
            , one winner per plan per month (UTC).
          </li>
          <li>
            Who is in: the members on that plan when the month's draw is made, right after the month
            ends; and, in the {FREE_PLAN} drawing, every member who asked for a free entry that
            month.
          </li>
          <li>
            Not eligible: a member whose account is suspended when the draw is made is in no
            drawing, by plan or by free entry.
          </li>
          <li>Odds: 1 in the number of entrants of the drawing; each entrant is in it once.</li>
          <li>The winner is e-mailed, and the prize is paid out to them.</li>
        </ul>
        <h3 className="mt-6 text-lg font-semibold text-slate-900">How to check a draw</h3>
        <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700">
          {HOW_TO_CHECK.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <FreeEntryForm />

      <section aria-labelledby="draws" className="mt-12">
        <h2 id="draws" className="text-2xl font-bold text-slate-900">
          Drawings
        </h2>
        <div className="mt-4">
          {drawings.isPending ? (
            <Spinner label="Loading drawings…" />
          ) : drawings.isError ? (
            <ErrorState
              message={messageOf(drawings.error, "The drawings could not be loaded.")}
              onRetry={() => void drawings.refetch()}
            />
          ) : drawings.data.length === 0 ? (
            <EmptyState title="No drawings yet">
              This month's drawings are committed on the 1st.
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
