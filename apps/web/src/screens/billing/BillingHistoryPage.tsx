import "../../plans/catalog.ts"
import "./catalog.ts"
import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { ArrowLeft, CreditCard, FileText, LifeBuoy, Receipt } from "lucide-react"
import { useState, type ReactNode } from "react"
import { Link, useLocation, useNavigate } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { Payment } from "../../api/types.ts"
import { goToCheckout, paymentReturnUrl, useSubscribe } from "../../plans/checkout.ts"
import { useSession } from "../../session/session.tsx"
import { billingDate, dollars, monthYear } from "../../../../ui/src/format.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { T, useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { activeT } from "../../session/active-t.ts"
import { RefundExtraEntry } from "./RefundExtraEntry.tsx"

/** Billing status labels (spec §4); any other value is shown as it comes. */
const STATUS_LABELS: Readonly<Record<string, { label: string; className: string }>> = {
  paid: { label: "web.billing.status.paid", className: "bg-green-100 text-green-800" },
  pending: { label: "web.billing.status.pending", className: "bg-amber-100 text-amber-900" },
  failed: { label: "web.billing.status.failed", className: "bg-red-100 text-red-800" },
  refunded: { label: "web.billing.status.refunded", className: "bg-slate-200 text-slate-800" },
  cancelled: { label: "web.billing.status.cancelled", className: "bg-slate-100 text-slate-700" },
  expired: { label: "web.billing.status.expired", className: "bg-slate-100 text-slate-700" },
}

/** Checkouts that were never charged: shown with their status, left out of the totals. */
const NEVER_CHARGED: ReadonlySet<string> = new Set(["cancelled", "expired"])

const StatusBadge = ({ status }: { readonly status: string }) => {
  const t = useT()
  const known = STATUS_LABELS[status]
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        known?.className ?? "bg-slate-100 text-slate-800"
      }`}
    >
      {known ? t(known.label) : status}
    </span>
  )
}

/**
 * The four tiles, computed from the payments on the page. A cancelled or expired checkout was
 * never an invoice: it is left out of every tile.
 */
export const billingTotals = (all: ReadonlyArray<Payment>, t: Translate = activeT) => {
  const records = all.filter((record) => !NEVER_CHARGED.has(record.status))
  const paid = records.filter((record) => record.status === "paid")
  const newest = records.reduce<Payment | undefined>(
    (latest, record) =>
      latest === undefined || Date.parse(record.date) > Date.parse(latest.date) ? record : latest,
    undefined,
  )
  return {
    totalSpent: paid.reduce((sum, record) => sum + Math.round(record.amount * 100), 0) / 100,
    totalInvoices: records.length,
    paidInvoices: paid.length,
    latestPayment: newest ? monthYear(newest.date) : t("web.billing.none"),
  }
}

const Tile = ({ label, value }: { readonly label: string; readonly value: string }) => (
  <div className="min-w-0 rounded-xl border border-slate-200 p-4 shadow-sm">
    <dt className="text-sm text-slate-600">{label}</dt>
    <dd className="mt-1 text-2xl font-bold break-words text-slate-900">{value}</dd>
  </div>
)

/**
 * Retry Payment: a new checkout for the same purchase. A plan goes through the subscribe flow;
 * an extra entry is bought for the contest open now, so without one the button is disabled.
 */
const useRetryPayment = (records: ReadonlyArray<Payment>) => {
  const t = useT()
  const toast = useToast()
  const { subscribe, busy: subscribing } = useSubscribe()
  const [buyingEntry, setBuyingEntry] = useState(false)
  const needsContest = records.some(
    (record) => record.status === "failed" && record.subscription_tier === null,
  )
  const contest = useQuery({
    queryKey: ["current-contest"],
    queryFn: api.currentContest,
    enabled: needsContest,
  })
  const openContest = contest.data?.status === "active" ? contest.data : null

  const retry = async (record: Payment) => {
    if (record.subscription_tier !== null) {
      await subscribe(record.subscription_tier)
      return
    }
    if (!openContest) return
    setBuyingEntry(true)
    try {
      goToCheckout(await api.buyExtraEntry(openContest.id, paymentReturnUrl()))
    } catch (error) {
      setBuyingEntry(false)
      toast({
        title: t("web.billing.paymentError"),
        description: messageOf(error, t("web.plans.checkout.error")),
        variant: "destructive",
      })
    }
  }

  /** Why a row's retry cannot run now, or null when it can. */
  const blockedReason = (record: Payment): string | null => {
    if (record.subscription_tier !== null) return null
    if (contest.isPending) return t("web.billing.retry.checking")
    if (contest.isError) return t("web.billing.retry.checkFailed")
    return openContest ? null : t("web.billing.retry.noContest")
  }

  return { retry, blockedReason, busy: subscribing || buyingEntry }
}

/**
 * Below the sm breakpoint each row is a card: its cells stack, each with its own label (the
 * column headers are hidden), so Status and Invoice fit a 390 px screen without side-scrolling.
 */
/** "lite" → "Lite", as the API's English description names a plan ("Lite Plan"). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * What a payment was for, in the page's language: the API sends the spec's English ("Extra
 * entry", "Lite Plan"), worded here from the plan it bought (none: an extra entry).
 */
export const paymentDescription = (t: Translate, record: Payment): string =>
  record.subscription_tier === null
    ? t("web.billing.what.extraEntry")
    : t("web.billing.what.plan", { tier: capitalised(record.subscription_tier) })

/**
 * The offline checkout's method, as adapters/payments/offline-payments.ts names it in English;
 * a card ("Visa •••• 4242") is shown as the payment service names it.
 */
// eslint-disable-next-line lingui/no-unlocalized-strings -- the API's word, compared, never shown
const OFFLINE_METHOD = "Test mode (no card charged)"

const paymentMethod = (t: Translate, method: string | null): string =>
  method === null ? "—" : method === OFFLINE_METHOD ? t("web.billing.method.offline") : method

const CELL =
  "flex items-start justify-between gap-3 py-1 sm:table-cell sm:px-4 sm:py-3 sm:text-left"

/** A cell's column name, shown on the card layout only (the table has its header row). */
const CardLabel = ({ children }: { readonly children: string }) => (
  <span className="shrink-0 text-xs font-medium text-slate-600 uppercase sm:hidden">
    {children}
  </span>
)

const PaymentRows = ({ records }: { readonly records: ReadonlyArray<Payment> }) => {
  const t = useT()
  const { retry, blockedReason, busy } = useRetryPayment(records)
  return (
    <>
      {records.map((record) => {
        const when = billingDate(record.date)
        const blocked = record.status === "failed" ? blockedReason(record) : null
        return (
          // Explicit roles: the card layout's CSS display must not cost the table its semantics.
          <tr
            role="row"
            key={record.id}
            className="block border-t border-slate-200 px-4 py-3 first:border-t-0 sm:table-row sm:p-0 sm:align-top sm:first:border-t"
          >
            <td role="cell" className={CELL}>
              <CardLabel>{t("web.billing.col.date")}</CardLabel>
              <div className="text-right sm:text-left sm:whitespace-nowrap">
                <div className="text-slate-900">{when.date}</div>
                <div className="text-xs text-slate-600">{when.time}</div>
              </div>
            </td>
            <td role="cell" className={`${CELL} text-slate-900`}>
              <CardLabel>{t("web.billing.col.description")}</CardLabel>
              <span className="text-right sm:text-left">{paymentDescription(t, record)}</span>
            </td>
            <td role="cell" className={`${CELL} font-medium text-slate-900 sm:whitespace-nowrap`}>
              <CardLabel>{t("web.billing.col.amount")}</CardLabel>
              {dollars(record.amount)}
            </td>
            <td role="cell" className={`${CELL} text-slate-700`}>
              <CardLabel>{t("web.billing.col.method")}</CardLabel>
              <span className="text-right sm:text-left sm:whitespace-nowrap">
                {paymentMethod(t, record.payment_method)}
              </span>
            </td>
            <td role="cell" className={CELL}>
              <CardLabel>{t("web.billing.col.status")}</CardLabel>
              <StatusBadge status={record.status} />
            </td>
            <td role="cell" className={`${CELL} empty:hidden sm:empty:table-cell`}>
              {record.status === "paid" && record.invoice_url && (
                <a
                  href={record.invoice_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({
                    variant: "secondary",
                    className: "px-3 py-1.5 whitespace-nowrap",
                  })}
                >
                  <FileText aria-hidden className="size-4" />
                  <T
                    id="web.billing.invoice"
                    values={{ description: paymentDescription(t, record), date: when.date }}
                    components={{ 0: <span className="sr-only" /> }}
                  />
                </a>
              )}
              {record.status === "paid" && record.refundable === true && (
                <RefundExtraEntry record={record} />
              )}
              {record.status === "failed" && (
                <div className="flex flex-col items-start gap-1">
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5 whitespace-nowrap"
                    disabled={busy || blocked !== null}
                    title={blocked ?? undefined}
                    onClick={() => void retry(record)}
                  >
                    {busy ? t("web.plans.card.loading") : t("web.billing.retry.button")}
                  </Button>
                  {blocked && <span className="max-w-48 text-xs text-slate-600">{blocked}</span>}
                </div>
              )}
            </td>
          </tr>
        )
      })}
    </>
  )
}

/** /billing-history (members only): the payments ledger, newest first, never sample invoices. */
const BillingHistoryPage = () => {
  const t = useT()
  const navigate = useNavigate()
  const location = useLocation()
  const { member } = useSession()
  const history = useInfiniteQuery({
    queryKey: ["billing-history", member?.id],
    queryFn: ({ pageParam }) => api.billingHistory(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
  const records = history.data?.pages.flatMap((page) => page.records) ?? []
  const totals = billingTotals(records, t)

  // The first entry of this tab has the key "default": there is nothing to go back to.
  const back = () => void (location.key === "default" ? navigate("/") : navigate(-1))

  let body: ReactNode
  if (history.isPending) {
    body = <Spinner label={t("web.billing.loading")} />
  } else if (history.data === undefined) {
    // The first page failed (a later page's failure keeps the rows already shown).
    body = (
      <ErrorState
        title={t("web.billing.loadFailed")}
        message={messageOf(history.error, t("web.billing.loadFailedMessage"))}
        onRetry={() => void history.refetch()}
      />
    )
  } else if (records.length === 0) {
    body = (
      <EmptyState title={t("web.billing.emptyTitle")}>
        <p>{t("web.billing.empty")}</p>
        <Link to="/pricing" className={buttonVariants({ variant: "primary", className: "mt-4" })}>
          {t("web.billing.viewPricing")}
        </Link>
      </EmptyState>
    )
  } else {
    body = (
      <>
        <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
          <Tile label={t("web.billing.tile.spent")} value={dollars(totals.totalSpent)} />
          <Tile label={t("web.billing.tile.invoices")} value={String(totals.totalInvoices)} />
          <Tile label={t("web.billing.tile.paid")} value={String(totals.paidInvoices)} />
          <Tile label={t("web.billing.tile.latest")} value={totals.latestPayment} />
        </dl>
        {history.hasNextPage && (
          <p className="mt-2 text-sm text-slate-600">{t("web.billing.partialTotals")}</p>
        )}
        {records.some((record) => NEVER_CHARGED.has(record.status)) && (
          <p className="mt-2 text-sm text-slate-600">{t("web.billing.neverCharged")}</p>
        )}
        <section
          aria-labelledby="payment-history"
          className="mt-8 rounded-xl border border-slate-200 shadow-sm"
        >
          <h2
            id="payment-history"
            className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900"
          >
            <Receipt aria-hidden className="size-5 text-brand-600" />
            {t("web.billing.history")}
          </h2>
          <div
            role="region"
            aria-label={t("web.billing.historyTable")}
            tabIndex={0}
            className="sm:h-[500px] sm:overflow-auto"
          >
            <table
              role="table"
              className="block w-full text-left text-sm sm:table sm:min-w-[720px]"
            >
              <thead
                role="rowgroup"
                className="sticky top-0 hidden bg-slate-50 text-xs text-slate-700 uppercase sm:table-header-group"
              >
                <tr role="row">
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.date")}
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.description")}
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.amount")}
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.method")}
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.status")}
                  </th>
                  <th role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                    {t("web.billing.col.actions")}
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className="block sm:table-row-group">
                <PaymentRows records={records} />
              </tbody>
            </table>
            <LoadMore
              pages={history}
              failure={t("web.billing.moreFailed")}
              busyLabel={t("web.plans.card.loading")}
              className="border-t border-slate-200 p-4"
              alertClassName="px-4 pb-4"
              alertBelow
              retryHint
            />
          </div>
        </section>
      </>
    )
  }

  return (
    <Page>
      <Button variant="ghost" className="-ml-4" onClick={back}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("web.billing.back")}
      </Button>
      <div className="mt-2 mb-6">
        <PageTitle>{t("web.billing.title")}</PageTitle>
        <p className="mt-2 text-slate-600">{t("web.billing.lead")}</p>
      </div>
      {body}
      <section
        aria-labelledby="need-help"
        className="mt-10 rounded-xl border border-slate-200 p-5 shadow-sm"
      >
        <h2 id="need-help" className="text-lg font-semibold text-slate-900">
          {t("web.billing.help.title")}
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          <div className="flex gap-3">
            <CreditCard aria-hidden className="size-6 shrink-0 text-brand-600" />
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900">{t("web.billing.help.issues")}</h3>
              <p className="mt-1 text-sm text-slate-600">{t("web.billing.help.issuesText")}</p>
              <Link
                to="/profile"
                className={buttonVariants({ variant: "secondary", className: "mt-3" })}
              >
                {t("web.billing.help.update")}
              </Link>
            </div>
          </div>
          <div className="flex gap-3">
            <LifeBuoy aria-hidden className="size-6 shrink-0 text-brand-600" />
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900">{t("web.billing.help.support")}</h3>
              <p className="mt-1 text-sm text-slate-600">{t("web.billing.help.supportText")}</p>
              <Link
                to="/contact"
                className={buttonVariants({ variant: "secondary", className: "mt-3" })}
              >
                {t("web.billing.help.support")}
              </Link>
            </div>
          </div>
        </div>
      </section>
    </Page>
  )
}

export default BillingHistoryPage
