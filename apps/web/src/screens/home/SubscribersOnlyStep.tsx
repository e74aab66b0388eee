import { Link } from "react-router-dom"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { SUBSCRIBERS_ONLY } from "./submission-rules.ts"

/**
 * The server refused the entry because the contest is for subscribers and the member's plan is
 * free (a plan that ended since the page was read): the way to a plan, or Close.
 */
export const SubscribersOnlyStep = ({ onCancel }: { readonly onCancel: () => void }) => (
  <>
    <DialogTitle>Subscribers only</DialogTitle>
    <DialogDescription>{SUBSCRIBERS_ONLY}</DialogDescription>
    <p className="mt-3 text-sm text-slate-700">
      Your photo was not entered and no entry was spent. You can still vote on this contest's
      entries.
    </p>
    <DialogActions>
      <Button variant="secondary" onClick={onCancel}>
        Close
      </Button>
      <Link to="/pricing" className={buttonVariants({ variant: "primary" })} onClick={onCancel}>
        See the plans
      </Link>
    </DialogActions>
  </>
)
