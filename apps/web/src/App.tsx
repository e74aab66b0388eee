import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { useState, type ReactNode } from "react"
import { LanguageProvider } from "../../ui/src/i18n.tsx"
import { ToastProvider } from "../../ui/src/toast.tsx"

/**
 * The shell of the site and the admin dashboard: the language (Lingui), data cache and toasts
 * around the app's router (`children`: the site's `<BrowserRouter>`, the dashboard's data router).
 * Tests render it with a memory router.
 */
export const App = ({
  children,
  queryClient,
}: {
  readonly children: ReactNode
  readonly queryClient?: QueryClient
}) => {
  const [client] = useState(
    () =>
      queryClient ??
      new QueryClient({
        defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
      }),
  )
  return (
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </LanguageProvider>
  )
}
