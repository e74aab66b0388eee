import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { renderToStaticMarkup } from "react-dom/server"
import { MemoryRouter } from "react-router-dom"
import { activateLanguage, type CatalogModule, loadCatalogsNow } from "../../../ui/src/i18n.tsx"
import { ToastProvider } from "../../../ui/src/toast.tsx"
import "../i18n.ts"
import { AuthDialogProvider } from "../session/auth-dialog-context.tsx"
import { SessionProvider } from "../session/session.tsx"
import { Frame } from "./Layout.tsx"

/**
 * The site's frame with an empty page, as static HTML: the build writes it into index.html's
 * #root (apps/ui/vite.app-config.ts), so the first response paints the header, with its
 * critical CSS inlined, before any script has loaded; the app then renders over it. Rendered as
 * the app's first render would be before anything is known: no member yet (so no account
 * buttons), no data, and at an address no link is current for. Once per language (issue 22):
 * the build writes index.html and index.<language>.html (apps/ui/vite.app-config.ts).
 */
export const renderShell = async (language: string): Promise<string> => {
  // Every language's catalogs at once: the build's module runner is closed after this module
  // loads, so nothing can be loaded later.
  loadCatalogsNow(
    import.meta.glob<CatalogModule>("../../../../locales/*/{pages,web-*,errors*,ui*}.json", {
      query: "?lingui",
      eager: true,
    }),
  )
  await activateLanguage(language)
  return renderToStaticMarkup(
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
}
