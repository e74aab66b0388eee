/** Dates and money as the spec shows them (§9), with the browser's Intl. */

/** Gallery dates: short month, day, year (en-US), e.g. "Nov 22, 2026". */
export const shortDate = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" })

/** Billing dates: "MMM dd, yyyy" and "h:mm a", e.g. "Nov 02, 2026 3:04 PM". */
export const billingDate = (iso: string): { readonly date: string; readonly time: string } => {
  const at = new Date(iso)
  return {
    date: at.toLocaleDateString("en-US", { month: "short", day: "2-digit", year: "numeric" }),
    time: at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", hour12: true }),
  }
}

/** "November 2026": the profile's member-since and the billing's latest payment. */
export const monthYear = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-US", { month: "long", year: "numeric" })

/** Dollars with 2 decimals. */
export const dollars = (amount: number): string => `$${amount.toFixed(2)}`

export const dollarsFromCents = (cents: number): string => dollars(cents / 100)
