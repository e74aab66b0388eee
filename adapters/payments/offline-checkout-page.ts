import type { Instant } from "../../domain/shared/ids.ts"
import { formatCents } from "../../domain/plans/plans.ts"
import { purchaseLabel } from "../../domain/billing/purchase.ts"
import {
  isOfflineExpired,
  OFFLINE_CHECKOUT_LIFETIME_MS,
  type OfflineSession,
} from "./offline-sessions.ts"

/**
 * The offline checkout's pages, rendered on the server: plain HTML with one inline style sheet, no
 * script. Every page says TEST MODE at the top: nothing is charged and no card is asked for.
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

const page = (title: string, content: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} — Colorday (test mode)</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test-mode" role="note">TEST MODE — offline checkout: no real card is charged</div>
<main>
${content}
</main>
</body>
</html>
`

const order = (session: OfflineSession) => `<table>
<tr><td>${escape(purchaseLabel(session.purchase))}</td><td>${escape(formatCents(session.amountCents))}</td></tr>
<tr><td>Total${session.purchase.kind === "plan" ? " per month" : ""}</td><td>${escape(formatCents(session.amountCents))}</td></tr>
</table>`

const date = (instant: Instant) => new Date(instant).toISOString().replace("T", " ").slice(0, 16)

/** The checkout page: the order, Pay and Cancel (or where things stand, once it is done). */
export const checkoutPage = (
  session: OfflineSession,
  paths: { readonly pay: string; readonly cancel: string; readonly receipt: string },
  now: Instant,
) => {
  if (session.status === "paid") {
    return page(
      "Already paid",
      `<h1>This order is paid</h1>${order(session)}
<p class="note">Paid on ${escape(date(session.completedAt ?? session.createdAt))} UTC, in test mode.</p>
<p><a href="${escape(paths.receipt)}">Receipt</a></p>`,
    )
  }
  if (session.status === "cancelled") {
    return page(
      "Cancelled",
      `<h1>This checkout was cancelled</h1>${order(session)}
<p class="note">No charges were made. Start a new checkout from the site to buy again.</p>`,
    )
  }
  if (isOfflineExpired(session, now)) {
    return page(
      "Expired",
      `<h1>This checkout has expired</h1>${order(session)}
<p class="note">It was not paid within ${OFFLINE_CHECKOUT_LIFETIME_MS / 60_000} minutes, so nothing was charged. Start a new checkout from the site to buy again.</p>`,
    )
  }
  return page(
    "Checkout",
    `<h1>Complete your order</h1>${order(session)}
<p class="note">This is Colorday's offline checkout, used when no payment provider is configured.
Paying here marks the order paid and grants it, exactly as a real payment would; nothing is charged.</p>
<div class="actions">
<form method="post" action="${escape(paths.pay)}"><button class="pay" type="submit">Pay ${escape(formatCents(session.amountCents))}</button></form>
<form method="post" action="${escape(paths.cancel)}"><button class="cancel" type="submit">Cancel</button></form>
</div>`,
  )
}

/** The receipt a paid offline session's invoice link opens (billing history's "Invoice"). */
export const receiptPage = (session: OfflineSession, paymentMethod: string) =>
  page(
    "Receipt",
    `<h1>Receipt</h1>${order(session)}
<table>
<tr><td>Order</td><td>${escape(session.id.slice(0, 24))}…</td></tr>
<tr><td>Paid</td><td>${escape(date(session.completedAt ?? session.createdAt))} UTC</td></tr>
<tr><td>Payment method</td><td>${escape(paymentMethod)}</td></tr>
</table>
<p class="note">A test-mode receipt: no money changed hands.</p>`,
  )
