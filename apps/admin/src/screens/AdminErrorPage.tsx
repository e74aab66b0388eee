import { RouteErrorPage } from "../../../ui/src/error-page.tsx"
import { useT } from "../../../ui/src/i18n.tsx"

/** What a section that crashed (or whose code failed to load) shows instead of a blank page. */
const AdminErrorPage = () => {
  const t = useT()
  return <RouteErrorPage homeLabel={t("admin.layout.backToOverview")} />
}

export default AdminErrorPage
