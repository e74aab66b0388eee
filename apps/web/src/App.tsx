import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { useState } from "react"
import { RouterProvider, type createBrowserRouter } from "react-router-dom"
import { LanguageProvider } from "../../ui/src/i18n.tsx"
import { ToastProvider } from "../../ui/src/toast.tsx"

type Router = ReturnType<typeof createBrowserRouter>

/**
 * The shell of the site and the admin dashboard: the language (Lingui), data cache, toasts and the
 * router. Tests render it with a memory router.
 */
export const App = ({
  router,
  queryClient,
}: {
  readonly router: Router
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
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </LanguageProvider>
  )
}
