import "./submit-catalog.ts"
import { Link } from "react-router-dom"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { SUBSCRIBERS_ONLY } from "./submission-rules.ts"

/**
 * The server refused the entry because the contest is for subscribers and the member's plan is
 * free (a plan that ended since the page was read): the way to a plan, or Close.
 */
export const SubscribersOnlyStep = ({ onCancel }: { readonly onCancel: () => void }) => {
  const t = useT()
  return (
    <>
      <DialogTitle>{t("web.submit.subscribersOnly.title")}</DialogTitle>
      <DialogDescription>{t(SUBSCRIBERS_ONLY)}</DialogDescription>
      <p className="mt-3 text-sm text-slate-700">{t("web.submit.subscribersOnly.notEntered")}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t("web.submit.close")}
        </Button>
        <Link to="/pricing" className={buttonVariants({ variant: "primary" })} onClick={onCancel}>
          {t("web.submit.seePlans")}
        </Link>
      </DialogActions>
    </>
  )
}
