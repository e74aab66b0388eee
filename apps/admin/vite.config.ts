import { appConfig } from "../ui/vite.app-config.ts"

/**
 * The admin dashboard, its own bundle served at /admin: `npm run build` writes apps/admin/dist,
 * which `colorday serve` serves under /admin; `npm run dev:admin` serves it with hot reload at
 * /admin/ and sends API calls to a `colorday serve` on :3000.
 */
export default appConfig({
  root: new URL(".", import.meta.url),
  base: "/admin/",
  proxied: ["/api", "/images", "/checkout"],
})
