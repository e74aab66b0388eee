import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react"
import { api } from "../api/api.ts"
import type { TwoFactorChallenge } from "../api/two-factor-api.ts"
import { ApiError } from "../api/http.ts"
import type { Member, SignedIn, Subscription } from "../api/types.ts"
import { useT } from "../../../ui/src/i18n.tsx"
import { useToast } from "../../../ui/src/toast.tsx"

/**
 * Who is signed in. The session cookie is the truth and GET /api/session reads it; the member
 * record is also kept in local storage (as the spec's client does) only so the header can render
 * at once on load, and it is replaced by the server's answer as soon as that arrives.
 */

const STORED_USER = "colorday.user"
export const SESSION_KEY = ["session"] as const

const storedUser = (): SignedIn | undefined => {
  try {
    const text = window.localStorage.getItem(STORED_USER)
    return text ? (JSON.parse(text) as SignedIn) : undefined
  } catch {
    return undefined
  }
}

const store = (signedIn: SignedIn | null) => {
  try {
    if (signedIn) window.localStorage.setItem(STORED_USER, JSON.stringify(signedIn))
    else window.localStorage.removeItem(STORED_USER)
  } catch {
    // Storage may be full or disabled; the cookie still holds the session.
  }
}

const readSession = async (): Promise<SignedIn | null> => {
  try {
    const signedIn = await api.session()
    store(signedIn)
    return signedIn
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      store(null)
      return null
    }
    throw error
  }
}

export interface Session {
  /** undefined while the first answer is awaited; null when signed out. */
  readonly member: Member | null | undefined
  readonly subscription: Subscription | null
  /** The password step: signed in, or (two-factor sign-in on) a challenge for the code step. */
  readonly signIn: (email: string, password: string) => Promise<SignedIn | TwoFactorChallenge>
  /** The code step: an authenticator or recovery code for the challenge sign-in answered. */
  readonly completeTwoFactor: (email: string, challenge: string, code: string) => Promise<SignedIn>
  readonly signOut: () => Promise<void>
  /** Reads the session and the subscription again (after a payment, an entry, a profile change). */
  readonly refresh: () => Promise<void>
  readonly setSubscription: (subscription: Subscription) => void
}

const SessionContext = createContext<Session | null>(null)

export const SessionProvider = ({ children }: { readonly children: ReactNode }) => {
  const client = useQueryClient()
  const t = useT()
  const toast = useToast()
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: readSession,
    placeholderData: storedUser,
    staleTime: 60_000,
    retry: 1,
  })
  const signedIn = query.data

  const signedInAs = useCallback(
    (answer: SignedIn) => {
      store(answer)
      client.setQueryData(SESSION_KEY, answer)
      return answer
    },
    [client],
  )
  const signIn = useCallback(
    async (email: string, password: string) => {
      const answer = await api.signIn(email, password)
      return "twoFactorRequired" in answer ? answer : signedInAs(answer)
    },
    [signedInAs],
  )
  const completeTwoFactor = useCallback(
    // Loaded when a member with two-factor sign-in gets this far: the calls stay out of the
    // entry chunk every visitor's first load carries (issue 20's budget).
    async (email: string, challenge: string, code: string) => {
      const { twoFactorApi } = await import("../api/two-factor-api.ts")
      return signedInAs(await twoFactorApi.completeSignIn(email, challenge, code))
    },
    [signedInAs],
  )
  const signOut = useCallback(async () => {
    await api.signOut()
    store(null)
    client.setQueryData(SESSION_KEY, null)
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] })
    // The toast's English texts ride with the sign-in dialog's (web-auth.json), not the entry.
    await import("./auth/catalog.ts").catch(() => undefined)
    toast({
      title: t("web.auth.signedOut.title"),
      description: t("web.auth.signedOut.description"),
    })
  }, [client, toast, t])
  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: SESSION_KEY })
  }, [client])
  const setSubscription = useCallback(
    (subscription: Subscription) =>
      client.setQueryData<SignedIn | null>(SESSION_KEY, (current) => {
        if (!current) return current
        const next = { ...current, subscription }
        store(next)
        return next
      }),
    [client],
  )

  const value = useMemo<Session>(
    () => ({
      member: query.isPending && signedIn === undefined ? undefined : (signedIn?.user ?? null),
      subscription: signedIn?.subscription ?? null,
      signIn,
      completeTwoFactor,
      signOut,
      refresh,
      setSubscription,
    }),
    [query.isPending, signedIn, signIn, completeTwoFactor, signOut, refresh, setSubscription],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export const useSession = (): Session => {
  const session = useContext(SessionContext)
  if (!session) throw new Error("useSession outside SessionProvider")
  return session
}
