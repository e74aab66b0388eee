import "./catalog.ts"
import { useCallback, useState } from "react"
import { PLANS, type Tier } from "../../../../domain/plans/plans.ts"
import { api } from "../api/api.ts"
import type { Checkout } from "../api/types.ts"
import { useSession } from "../session/session.tsx"
import { messageOf } from "../../../ui/src/messages.ts"
import { translate, useT } from "../../../ui/src/i18n.tsx"
import { useToast } from "../../../ui/src/toast.tsx"
import { goTo } from "./navigate.ts"

/** Where the payment provider sends the member back, and where the session id waits meanwhile. */
export const PAYMENT_RETURN_PATH = "/payment-success"
export const SESSION_ID_KEY = "sessionId"

export const paymentReturnUrl = (): string => `${window.location.origin}${PAYMENT_RETURN_PATH}`

export const storedSessionId = (): string | null => {
  try {
    return window.localStorage.getItem(SESSION_ID_KEY)
  } catch {
    return null
  }
}

export const forgetSessionId = (): void => {
  try {
    window.localStorage.removeItem(SESSION_ID_KEY)
  } catch {
    // Storage disabled: nothing was stored either.
  }
}

/** Keeps the session id (the return page falls back to it) and leaves for the checkout page. */
export const goToCheckout = (checkout: Checkout): void => {
  if (!checkout.sessionId || !checkout.url)
    throw new Error(translate("web.plans.checkout.noSession"))
  try {
    window.localStorage.setItem(SESSION_ID_KEY, checkout.sessionId)
  } catch {
    // The return URL carries ?session_id= as well; storage is only the fallback.
  }
  goTo(checkout.url)
}

/**
 * The subscribe flow (spec §4, §5, §8), shared by Pricing, Profile and Billing history: a visitor
 * and the plan already held are refused with a toast; otherwise the checkout opens and the browser
 * leaves for it. `pending` is the tier being bought while the checkout is created (and stays set
 * while the page unloads), so every button of the flow reads "Loading..." and is disabled.
 */
export const useSubscribe = () => {
  const { member, subscription } = useSession()
  const t = useT()
  const toast = useToast()
  const [pending, setPending] = useState<Tier | null>(null)

  const subscribe = useCallback(
    async (tier: Tier) => {
      if (!member) {
        toast({
          title: t("web.plans.checkout.signInTitle"),
          description: t("web.plans.checkout.signIn"),
          variant: "destructive",
        })
        return
      }
      if ((subscription?.tier ?? "free") === tier) {
        toast({
          title: t("web.plans.checkout.alreadyTitle"),
          description: t("web.plans.checkout.already", { plan: PLANS[tier].name }),
        })
        return
      }
      // The free plan is not sold: a paid plan goes back to it with Cancel Plan (Profile).
      if (tier === "free") return
      setPending(tier)
      try {
        goToCheckout(await api.subscribe(tier, paymentReturnUrl()))
      } catch (error) {
        setPending(null)
        toast({
          title: t("web.plans.checkout.errorTitle"),
          description: messageOf(error, t("web.plans.checkout.error")),
          variant: "destructive",
        })
      }
    },
    [member, subscription, toast, t],
  )

  return { subscribe, pending, busy: pending !== null }
}
