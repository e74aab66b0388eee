import { skipToken, useQuery } from "@tanstack/react-query"
import { Palette, ShieldAlert } from "lucide-react"
import type { ReactNode } from "react"
import { SITE_NAME } from "../../../../domain/site/page-titles.ts"
import type { SignedIn } from "../../../web/src/api/types.ts"
import { SESSION_KEY, useSession } from "../../../web/src/session/session.tsx"
import { buttonVariants } from "../../../ui/src/button.tsx"
import { useT } from "../../../ui/src/i18n.tsx"
import { messageOf } from "../../../ui/src/messages.ts"
import { ErrorState, Spinner } from "../../../ui/src/states.tsx"

/**
 * Who may see the dashboard, as the server's answer to GET /api/session says. The site keeps a
 * copy of the member in local storage to paint its header at once; the dashboard never trusts
 * that copy: it waits for the server, so a stale "admin" copy opens nothing and requests nothing.
 * The server refuses every admin route to anyone else anyway (401, 403).
 */
export type Access =
  | { readonly kind: "loading" }
  | { readonly kind: "failed"; readonly error: unknown; readonly retry: () => void }
  | { readonly kind: "visitor" }
  | { readonly kind: "member" }
  | { readonly kind: "admin"; readonly member: SignedIn["user"] }

export const useAccess = (): Access => {
  const { refresh } = useSession()
  // Reads the session the SessionProvider fetches (same key), without its local-storage placeholder.
  const confirmed = useQuery<SignedIn | null>({ queryKey: SESSION_KEY, queryFn: skipToken })
  if (confirmed.data === null) return { kind: "visitor" }
  if (confirmed.data === undefined) {
    return confirmed.isError
      ? { kind: "failed", error: confirmed.error, retry: () => void refresh() }
      : { kind: "loading" }
  }
  return confirmed.data.user.isAdmin
    ? { kind: "admin", member: confirmed.data.user }
    : { kind: "member" }
}

const Screen = ({ children }: { readonly children: ReactNode }) => (
  <main id="main" className="flex min-h-screen items-center justify-center p-4">
    <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      {children}
    </div>
  </main>
)

/** The dashboard only for admins; everyone else sees a way out, and nothing of the dashboard. */
export const AdminGate = ({ children }: { readonly children: ReactNode }) => {
  const access = useAccess()
  const t = useT()
  switch (access.kind) {
    case "loading":
      return (
        <Screen>
          <Spinner label={t("admin.access.checking")} />
        </Screen>
      )
    case "failed":
      return (
        <Screen>
          <ErrorState
            title={t("admin.access.failed")}
            message={messageOf(access.error, t("admin.access.noAnswer"))}
            onRetry={access.retry}
          />
        </Screen>
      )
    case "visitor":
      return (
        <Screen>
          <Palette aria-hidden className="mx-auto size-10 text-brand-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            {t("admin.access.visitor.title")}
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            {t("admin.access.visitor.body", { site: SITE_NAME })}
          </p>
          <a
            href="/?signin=true"
            className={buttonVariants({ variant: "primary", className: "mt-6" })}
          >
            {t("admin.access.visitor.signIn")}
          </a>
        </Screen>
      )
    case "member":
      return (
        <Screen>
          <ShieldAlert aria-hidden className="mx-auto size-10 text-amber-600" />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">
            {t("admin.access.member.title")}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t("admin.access.member.body")}</p>
          <a href="/" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
            {t("admin.access.member.back", { site: SITE_NAME })}
          </a>
        </Screen>
      )
    case "admin":
      return children
  }
}
