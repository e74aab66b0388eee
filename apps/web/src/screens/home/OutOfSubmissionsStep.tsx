import { useState } from "react"
import { Link } from "react-router-dom"
import { EXTRA_ENTRY, formatCents } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { leaveSite } from "./leave-site.ts"
import { OUT_OF_SUBMISSIONS } from "./submission-rules.ts"

/**
 * 'Out of Submissions' (§2, §8): Cancel, Upgrade (to /pricing), or one extra entry for this
 * contest at the plan table's price, paid at the provider's checkout, back to the home page.
 */
export const OutOfSubmissionsStep = ({
  contestId,
  onCancel,
}: {
  readonly contestId: string
  readonly onCancel: () => void
}) => {
  const toast = useToast()
  const [buying, setBuying] = useState(false)

  const buyExtraEntry = async () => {
    setBuying(true)
    try {
      const checkout = await api.buyExtraEntry(contestId, `${window.location.origin}/`)
      leaveSite(checkout.url)
    } catch (error) {
      setBuying(false)
      toast({
        title: "Payment Error",
        description: messageOf(error, "Failed to create checkout session"),
        variant: "destructive",
      })
    }
  }

  return (
    <>
      <DialogTitle>Out of Submissions</DialogTitle>
      <DialogDescription>{OUT_OF_SUBMISSIONS}</DialogDescription>
      <p className="mt-3 text-sm text-slate-700">
        A bigger plan gives you more entries every month. Or enter this contest now with one extra
        entry for {formatCents(EXTRA_ENTRY.priceCents)}.
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="secondary"
          onClick={() => void buyExtraEntry()}
          disabled={buying}
          aria-busy={buying}
        >
          Buy one extra entry ({formatCents(EXTRA_ENTRY.priceCents)})
        </Button>
        <Link to="/pricing" className={buttonVariants({ variant: "primary" })} onClick={onCancel}>
          Upgrade
        </Link>
      </DialogActions>
    </>
  )
}
