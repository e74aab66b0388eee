import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { renderToStaticMarkup } from "react-dom/server"
import { MemoryRouter } from "react-router-dom"
import { ToastProvider } from "../../../ui/src/toast.tsx"
import { AuthDialogProvider } from "../session/auth-dialog-context.tsx"
import { SessionProvider } from "../session/session.tsx"
import { Frame } from "./Layout.tsx"

/**
 * The site's frame with an empty page, as static HTML: the build writes it into index.html's
 * #root (apps/ui/vite.shell-plugin.ts), so the first response paints the header, with its
 * critical CSS inlined, before any script has loaded; the app then renders over it. Rendered as
 * the app's first render would be before anything is known: no member yet (so no account
 * buttons), no data, and at an address no link is current for.
 */
export const renderShell = (): string =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <MemoryRouter initialEntries={["/__shell__"]}>
          <SessionProvider>
            <AuthDialogProvider>
              <Frame />
            </AuthDialogProvider>
          </SessionProvider>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  )
