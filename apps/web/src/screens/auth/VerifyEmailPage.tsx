import "../../session/auth/catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react"
import { useEffect, useRef } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"

/** The spec's pause on the success view before the sign-in dialog opens (§9). */
export const VERIFIED_REDIRECT_MS = 3000
const SIGN_IN = "/?signin=true"
const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

const Failed = ({ message }: { readonly message: string }) => {
  const t = useT()
  return (
    <AuthCard
      icon={TriangleAlert}
      tone="danger"
      title={t("web.auth.verify.failedTitle")}
      lead={
        <>
          <p>{message}</p>
          <p className="mt-2 text-sm text-slate-600">
            {t("web.auth.verify.failedHint", { hours: LINK_HOURS })}
          </p>
        </>
      }
    >
      <CardActions>
        <Link to="/resend-verification" className={buttonVariants()}>
          {t("web.auth.verify.requestNew")}
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          {t("web.auth.goHomepage")}
        </Link>
      </CardActions>
    </AuthCard>
  )
}

/**
 * /verify-email/:token — opens the mailed link. The token is single-use, so it is sent once: the
 * query is keyed by the token, never retried or refetched, and React's StrictMode double mount
 * shares the one request in flight.
 */
const VerifyEmailPage = () => {
  const t = useT()
  const { token = "" } = useParams()
  const navigate = useNavigate()
  const toast = useToast()
  const verification = useQuery({
    queryKey: ["verify-email", token],
    queryFn: () => api.verifyEmail(token),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  const { status, error } = verification

  const toasted = useRef(false)
  useEffect(() => {
    if (status === "pending" || toasted.current) return
    toasted.current = true
    if (status === "success") {
      toast({
        title: t("web.auth.verify.doneTitle"),
        description: t("web.auth.verify.doneToast"),
      })
    } else {
      toast({
        title: t("web.auth.verify.failedToast"),
        description: serverMessage(error) ?? t("web.auth.verify.failedDefault"),
        variant: "destructive",
      })
    }
  }, [status, error, toast, t])

  useEffect(() => {
    if (status !== "success") return
    const timer = window.setTimeout(
      () => void navigate(SIGN_IN, { replace: true }),
      VERIFIED_REDIRECT_MS,
    )
    return () => window.clearTimeout(timer)
  }, [status, navigate])

  if (token === "") return <Failed message={t("web.auth.verify.invalidLink")} />
  if (status === "error") {
    return <Failed message={serverMessage(error) ?? t("web.auth.verify.failedDefault")} />
  }
  if (status === "success") {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title={t("web.auth.verify.doneTitle")}
        lead={
          <>
            <p>{t("web.auth.verify.doneLead")}</p>
            <p className="mt-2 text-sm text-slate-600" role="status">
              {t("web.auth.verify.redirecting")}
            </p>
          </>
        }
      >
        <CardActions>
          <Link to={SIGN_IN} replace className={buttonVariants()}>
            {t("web.auth.verify.signInNow")}
          </Link>
          <Link to="/" className={buttonVariants({ variant: "secondary" })}>
            {t("web.auth.goHomepage")}
          </Link>
        </CardActions>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      icon={LoaderCircle}
      spinning
      title={t("web.auth.verify.pendingTitle")}
      lead={<p role="status">{t("web.auth.verify.pendingLead")}</p>}
    >
      <CardActions>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          {t("web.auth.verify.goBack")}
        </Link>
      </CardActions>
    </AuthCard>
  )
}

export default VerifyEmailPage
