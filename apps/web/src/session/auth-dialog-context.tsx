import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react"

/** The sign-in / sign-up dialog, opened from the header, the home page's ?signin=true, Submit… */

export type AuthTab = "signin" | "signup"

interface AuthDialogControl {
  readonly open: (tab?: AuthTab) => void
  readonly close: () => void
}

const AuthDialogContext = createContext<AuthDialogControl | null>(null)

const AuthDialog = lazy(() => import("./AuthDialog.tsx"))

export const AuthDialogProvider = ({ children }: { readonly children: ReactNode }) => {
  const [tab, setTab] = useState<AuthTab | null>(null)
  const open = useCallback((next: AuthTab = "signin") => setTab(next), [])
  const close = useCallback(() => setTab(null), [])
  const value = useMemo(() => ({ open, close }), [open, close])
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {tab && (
        <Suspense fallback={null}>
          <AuthDialog tab={tab} onTabChange={setTab} onClose={close} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  )
}

export const useAuthDialog = (): AuthDialogControl => {
  const control = useContext(AuthDialogContext)
  if (!control) throw new Error("useAuthDialog outside AuthDialogProvider")
  return control
}
