import { formatCents } from "../../domain/plans/plans.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import { t, type Translate } from "../i18n/server-i18n.ts"
import { purchaseLabelIn } from "./purchase-label.ts"
import {
  isOfflineExpired,
  OFFLINE_CHECKOUT_LIFETIME_MS,
  type OfflineSession,
} from "./offline-sessions.ts"

/**
 * The offline checkout's pages, rendered on the server: plain HTML with one inline style sheet, no
 * script. Every page says TEST MODE at the top: nothing is charged and no card is asked for. The
 * pages are in the reader's language (issue 22: the request's, from Accept-Language or the footer's
 * cookie), from the checkout-pages.json catalogs; English by default.
 */

const escape = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;")

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f5fb; color: #1d1b29; margin: 0; }
  .test-mode { background: #ffd43b; color: #2b2100; font-weight: 700; text-align: center;
    padding: 0.6rem 1rem; letter-spacing: 0.04em; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgba(0,0,0,0.08); padding: 2rem; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  td { padding: 0.4rem 0; } td:last-child { text-align: right; font-weight: 600; }
  .note { color: #5b5872; font-size: 0.9rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  .actions form { flex: 1; } button { width: 100%; padding: 0.75rem; border-radius: 8px;
    font-size: 1rem; cursor: pointer; border: 1px solid #6b4de6; }
  .pay { background: #6b4de6; color: #fff; } .cancel { background: #fff; color: #6b4de6; }
  a { color: #6b4de6; }
`

const page = (tr: Translate, title: string, content: string) => `<!doctype html>
<html lang="${tr.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(tr("checkout.pages.title", { title }))}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test-mode" role="note">${escape(tr("checkout.pages.testMode"))}</div>
<main>
${content}
</main>
</body>
</html>
`

/** A price in the reader's language: the spec's "$2.99" in English, "2,99 $" in French. */
export const moneyIn = (tr: Translate, cents: number): string =>
  tr.language === "en"
    ? formatCents(cents)
    : new Intl.NumberFormat(tr.language, { style: "currency", currency: "USD" }).format(cents / 100)

const order = (tr: Translate, session: OfflineSession) => `<table>
<tr><td>${escape(purchaseLabelIn(tr, session.purchase))}</td><td>${escape(moneyIn(tr, session.amountCents))}</td></tr>
<tr><td>${escape(tr(session.purchase.kind === "plan" ? "checkout.pages.order.totalPerMonth" : "checkout.pages.order.total"))}</td><td>${escape(moneyIn(tr, session.amountCents))}</td></tr>
</table>`

const date = (instant: Instant) => new Date(instant).toISOString().replace("T", " ").slice(0, 16)

/** The checkout page: the order, Pay and Cancel (or where things stand, once it is done). */
export const checkoutPage = (
  session: OfflineSession,
  paths: { readonly pay: string; readonly cancel: string; readonly receipt: string },
  now: Instant,
  tr: Translate = t("en"),
) => {
  if (session.status === "paid") {
    return page(
      tr,
      tr("checkout.pages.paid.title"),
      `<h1>${escape(tr("checkout.pages.paid.heading"))}</h1>${order(tr, session)}
<p class="note">${escape(tr("checkout.pages.paid.note", { date: date(session.completedAt ?? session.createdAt) }))}</p>
<p><a href="${escape(paths.receipt)}">${escape(tr("checkout.pages.paid.receipt"))}</a></p>`,
    )
  }
  if (session.status === "cancelled") {
    return page(
      tr,
      tr("checkout.pages.cancelled.title"),
      `<h1>${escape(tr("checkout.pages.cancelled.heading"))}</h1>${order(tr, session)}
<p class="note">${escape(tr("checkout.pages.cancelled.note"))}</p>`,
    )
  }
  if (isOfflineExpired(session, now)) {
    return page(
      tr,
      tr("checkout.pages.expired.title"),
      `<h1>${escape(tr("checkout.pages.expired.heading"))}</h1>${order(tr, session)}
<p class="note">${escape(tr("checkout.pages.expired.note", { minutes: OFFLINE_CHECKOUT_LIFETIME_MS / 60_000 }))}</p>`,
    )
  }
  return page(
    tr,
    tr("checkout.pages.open.title"),
    `<h1>${escape(tr("checkout.pages.open.heading"))}</h1>${order(tr, session)}
<p class="note">${escape(tr("checkout.pages.open.note"))}</p>
<div class="actions">
<form method="post" action="${escape(paths.pay)}"><button class="pay" type="submit">${escape(tr("checkout.pages.open.pay", { amount: moneyIn(tr, session.amountCents) }))}</button></form>
<form method="post" action="${escape(paths.cancel)}"><button class="cancel" type="submit">${escape(tr("checkout.pages.open.cancel"))}</button></form>
</div>`,
  )
}

/**
 * The receipt a paid offline session's invoice link opens (billing history's "Invoice"). The
 * stored payment method is the offline one's English words; the page says them in its language.
 */
export const receiptPage = (session: OfflineSession, tr: Translate = t("en")) =>
  page(
    tr,
    tr("checkout.pages.receipt.title"),
    `<h1>${escape(tr("checkout.pages.receipt.title"))}</h1>${order(tr, session)}
<table>
<tr><td>${escape(tr("checkout.pages.receipt.order"))}</td><td>${escape(session.id.slice(0, 24))}…</td></tr>
<tr><td>${escape(tr("checkout.pages.receipt.paid"))}</td><td>${escape(tr("checkout.pages.receipt.paidAt", { date: date(session.completedAt ?? session.createdAt) }))}</td></tr>
<tr><td>${escape(tr("checkout.pages.receipt.paymentMethod"))}</td><td>${escape(tr("checkout.pages.receipt.offlineMethod"))}</td></tr>
</table>
<p class="note">${escape(tr("checkout.pages.receipt.note"))}</p>`,
  )
