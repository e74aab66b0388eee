import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createBrowserRouter, RouterProvider } from "react-router-dom"
// The same shell as the site: data cache, toasts and the router.
import { App as AdminApp } from "../../web/src/App.tsx"
import { activateLanguage, pageLanguage } from "../../ui/src/i18n.tsx"
import "./i18n.ts"
import { BASENAME, routes } from "./routes.tsx"
import "./styles.css"

const root = document.getElementById("root")
if (!root) throw new Error("index.html has no #root")

// The language the server chose for this page (<html lang>), its catalogs before the first render.
await activateLanguage(pageLanguage())

createRoot(root).render(
  <StrictMode>
    <AdminApp>
      <RouterProvider router={createBrowserRouter(routes, { basename: BASENAME })} />
    </AdminApp>
  </StrictMode>,
)
