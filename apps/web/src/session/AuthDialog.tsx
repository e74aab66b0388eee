import "./auth/catalog.ts"
import { X } from "lucide-react"
import { Dialog } from "radix-ui"
import { useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { MINIMUM_AGE } from "../../../../domain/accounts/account-rules.ts"
import { SITE_NAME } from "../../../../domain/site/page-titles.ts"
import type { SignedIn } from "../api/types.ts"
import { useT } from "../../../ui/src/i18n.tsx"
import { TabPanel, TabStrip } from "../../../ui/src/tabs.tsx"
import { useToast } from "../../../ui/src/toast.tsx"
import type { AuthTab } from "./auth-dialog-context.tsx"
import { SignInForm } from "./auth/SignInForm.tsx"
import { SignUpForm } from "./auth/SignUpForm.tsx"

/** Where MembersOnly sent the visitor from (/?signin=true with state.from), if anywhere. */
const fromOf = (state: unknown): string | undefined => {
  const from =
    typeof state === "object" && state !== null ? (state as { from?: unknown }).from : undefined
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//")
    ? from
    : undefined
}

/** Names the dialog's tabs and their panel (TabStrip). */
const TABS_ID = "auth-tabs"

/**
 * The sign-in / sign-up dialog: open while mounted (auth-dialog-context mounts it), closed by
 * Escape, the close button, a click outside, a successful sign-in, or a link that leaves it.
 */
const AuthDialog = ({
  tab,
  onTabChange,
  onClose,
}: {
  readonly tab: AuthTab
  readonly onTabChange: (tab: AuthTab) => void
  readonly onClose: () => void
}) => {
  const t = useT()
  const toast = useToast()
  const navigate = useNavigate()
  const location = useLocation()
  // One address for both tabs: switching from Sign Up to Sign In keeps what was typed.
  const [email, setEmail] = useState("")

  const signedIn = ({ user }: SignedIn) => {
    const from = fromOf(location.state)
    onClose()
    toast({
      title: t("web.auth.dialog.welcomeBack"),
      description: t("web.auth.dialog.signedInAs", { username: user.username }),
    })
    if (from) void navigate(from, { replace: true })
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="text-xl font-bold text-slate-900">
                {t("web.auth.dialog.title", { site: SITE_NAME })}
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {t("web.auth.dialog.description", { site: SITE_NAME, age: MINIMUM_AGE })}
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t("web.auth.dialog.close")}
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <div className="mt-5">
            <TabStrip
              id={TABS_ID}
              width="fill"
              label={t("web.auth.dialog.tabs")}
              value={tab}
              choices={[
                { value: "signin", label: t("web.auth.dialog.signIn") },
                { value: "signup", label: t("web.auth.dialog.signUp") },
              ]}
              onValueChange={onTabChange}
            />
            <TabPanel key={tab} id={TABS_ID} value={tab} className="mt-5">
              {tab === "signin" ? (
                <SignInForm
                  email={email}
                  onEmailChange={setEmail}
                  onSignedIn={signedIn}
                  onLeave={onClose}
                />
              ) : (
                <SignUpForm
                  email={email}
                  onEmailChange={setEmail}
                  onGoToSignIn={() => onTabChange("signin")}
                  onLeave={onClose}
                />
              )}
            </TabPanel>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export default AuthDialog
