import "./submit-catalog.ts"
import { useState } from "react"
import { Link } from "react-router-dom"
import { EXTRA_ENTRY } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { DialogActions, DialogDescription, DialogTitle } from "../../../../ui/src/dialog.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { keepPhoto } from "./kept-photo.ts"
import { leaveSite } from "./leave-site.ts"
import { dollarsFromCents } from "../../../../ui/src/format.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { OUT_OF_SUBMISSIONS } from "./submission-rules.ts"

/**
 * 'Out of Submissions' (§2, §8): Cancel, Upgrade (to /pricing), or one extra entry for this
 * contest at the plan table's price, paid at the provider's checkout, back to the home page. A
 * photo already chosen is kept in the browser on the way out (kept-photo.ts), so the entry goes
 * on from Confirm Submission on return.
 */
export const OutOfSubmissionsStep = ({
  contestId,
  photo,
  onCancel,
}: {
  readonly contestId: string
  /** The photo chosen before the credits ran out, if any. */
  readonly photo: File | null
  readonly onCancel: () => void
}) => {
  const t = useT()
  const toast = useToast()
  const price = dollarsFromCents(EXTRA_ENTRY.priceCents)
  const [buying, setBuying] = useState(false)
  const keep = () => (photo ? keepPhoto(contestId, photo) : Promise.resolve())

  const buyExtraEntry = async () => {
    setBuying(true)
    try {
      const checkout = await api.buyExtraEntry(contestId, `${window.location.origin}/`)
      await keep()
      leaveSite(checkout.url)
    } catch (error) {
      setBuying(false)
      toast({
        title: t("web.submit.out.paymentError"),
        description: messageOf(error, t("web.submit.out.checkoutFailed")),
        variant: "destructive",
      })
    }
  }

  return (
    <>
      <DialogTitle>{t("web.submit.out.title")}</DialogTitle>
      <DialogDescription>{t(OUT_OF_SUBMISSIONS)}</DialogDescription>
      <p className="mt-3 text-sm text-slate-700">{t("web.submit.out.text", { price })}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          {t("web.submit.out.cancel")}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void buyExtraEntry()}
          disabled={buying}
          aria-busy={buying}
        >
          {t("web.submit.out.buy", { price })}
        </Button>
        <Link
          to="/pricing"
          className={buttonVariants({ variant: "primary" })}
          onClick={() => {
            void keep()
            onCancel()
          }}
        >
          {t("web.submit.out.upgrade")}
        </Link>
      </DialogActions>
    </>
  )
}
