import { useQuery } from "@tanstack/react-query"
import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react"
import { useEffect, useRef } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { VERIFICATION_TOKEN_TTL_MS } from "../../../../../domain/accounts/account-rules.ts"
import { api } from "../../api/api.ts"
import { serverMessage } from "../../session/auth/api-errors.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { AuthCard, CardActions } from "./AuthCard.tsx"

/** The spec's pause on the success view before the sign-in dialog opens (§9). */
export const VERIFIED_REDIRECT_MS = 3000
const SIGN_IN = "/?signin=true"
const LINK_HOURS = VERIFICATION_TOKEN_TTL_MS / 3_600_000

const Failed = ({ message }: { readonly message: string }) => (
  <AuthCard
    icon={TriangleAlert}
    tone="danger"
    title="Verification Failed"
    lead={
      <>
        <p>{message}</p>
        <p className="mt-2 text-sm text-slate-600">
          The link may have expired or is invalid: each link works once, for {LINK_HOURS} hours.
        </p>
      </>
    }
  >
    <CardActions>
      <Link to="/resend-verification" className={buttonVariants()}>
        Request New Verification Email
      </Link>
      <Link to="/" className={buttonVariants({ variant: "secondary" })}>
        Go to Homepage
      </Link>
    </CardActions>
  </AuthCard>
)

/**
 * /verify-email/:token — opens the mailed link. The token is single-use, so it is sent once: the
 * query is keyed by the token, never retried or refetched, and React's StrictMode double mount
 * shares the one request in flight.
 */
const VerifyEmailPage = () => {
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
      toast({ title: "Email Verified!", description: "You can now sign in." })
    } else {
      toast({
        title: "Verification failed",
        description: serverMessage(error) ?? "An error occurred during verification",
        variant: "destructive",
      })
    }
  }, [status, error, toast])

  useEffect(() => {
    if (status !== "success") return
    const timer = window.setTimeout(
      () => void navigate(SIGN_IN, { replace: true }),
      VERIFIED_REDIRECT_MS,
    )
    return () => window.clearTimeout(timer)
  }, [status, navigate])

  if (token === "") return <Failed message="Invalid verification link" />
  if (status === "error") {
    return <Failed message={serverMessage(error) ?? "An error occurred during verification"} />
  }
  if (status === "success") {
    return (
      <AuthCard
        icon={CircleCheck}
        tone="success"
        title="Email Verified!"
        lead={
          <>
            <p>
              Your email address is verified. You can now sign in and enter today&apos;s contest.
            </p>
            <p className="mt-2 text-sm text-slate-600" role="status">
              Taking you to sign in in a few seconds…
            </p>
          </>
        }
      >
        <CardActions>
          <Link to={SIGN_IN} replace className={buttonVariants()}>
            Sign In Now
          </Link>
          <Link to="/" className={buttonVariants({ variant: "secondary" })}>
            Go to Homepage
          </Link>
        </CardActions>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      icon={LoaderCircle}
      spinning
      title="Verifying your email"
      lead={<p role="status">Verifying your email address, please wait…</p>}
    >
      <CardActions>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Go Back
        </Link>
      </CardActions>
    </AuthCard>
  )
}

export default VerifyEmailPage
