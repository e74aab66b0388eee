import { useCallback, useEffect, useRef } from "react"
import { useLocation, useSearchParams } from "react-router-dom"
import { api } from "../../api/api.ts"
import { useAuthDialog } from "../../session/auth-dialog-context.tsx"
import { useSession } from "../../session/session.tsx"
import { translate } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"

/**
 * The home page's query flags (§2 route table, §4 Payment return):
 * - ?signin=true opens the sign-in dialog;
 * - ?session_id=… is a return from the checkout of an extra entry: it is verified, and once paid
 *   the credit is in the quota and the submission dialog opens for the photo.
 * Both flags leave the address at once (replace), so a reload does not repeat them; the state a
 * members-only page left (where to go after signing in) is kept.
 */
export const useHomeFlags = (openSubmission: () => void) => {
  const [params, setParams] = useSearchParams()
  const location = useLocation()
  const auth = useAuthDialog()
  const toast = useToast()
  const { member, setSubscription, refresh } = useSession()
  const verified = useRef<string | null>(null)

  const verify = useCallback(
    async (sessionId: string) => {
      // The payment toasts' English texts ride with the payment pages (web-payment.json), not the
      // home route's first screen: they load while the checkout is verified.
      const texts = import("../payment/catalog.ts").catch(() => undefined)
      const failed = (reason: string) =>
        void texts.then(() =>
          toast({
            title: translate("web.payment.verificationFailed"),
            description: translate("web.payment.failedReason", { reason }),
            variant: "destructive",
          }),
        )
      try {
        const checkout = await api.verifyCheckout(sessionId)
        if (checkout.session.payment_status !== "paid") {
          failed(
            translate("web.home.flags.notPaid", {
              status: checkout.session.payment_status.replace(/_/g, " "),
            }),
          )
          return
        }
        // The session read again, then the quota the verification answered on top: a first read
        // of the session still on its way when the answer came is not read again (TanStack Query
        // joins it rather than cancelling it while it has no data yet), and it answers the quota
        // from before the payment.
        await Promise.all([refresh(), texts])
        setSubscription(checkout.subscription)
        toast({
          title: translate("web.payment.successToast"),
          description:
            checkout.session.metadata.purchase === "plan"
              ? translate("web.home.flags.planActive")
              : translate("web.home.flags.extraReady"),
        })
        openSubmission()
      } catch (error) {
        failed(messageOf(error, translate("web.home.flags.unknown")))
      }
    },
    [toast, setSubscription, refresh, openSubmission],
  )

  const signIn = params.get("signin") === "true"
  const sessionId = params.get("session_id")

  useEffect(() => {
    if (!signIn && !sessionId) return
    if (signIn && !member) auth.open("signin")
    if (sessionId && verified.current !== sessionId) {
      verified.current = sessionId
      void verify(sessionId)
    }
    const rest = new URLSearchParams(params)
    rest.delete("signin")
    rest.delete("session_id")
    setParams(rest, { replace: true, state: location.state as unknown })
  }, [signIn, sessionId, member, auth, verify, params, setParams, location.state])
}
