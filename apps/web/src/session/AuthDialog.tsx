import type { AuthTab } from "./auth-dialog-context.tsx"

const AuthDialog = (_: {
  readonly tab: AuthTab
  readonly onTabChange: (tab: AuthTab) => void
  readonly onClose: () => void
}) => null

export default AuthDialog
