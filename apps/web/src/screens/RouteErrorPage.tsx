import { useT } from "../../../ui/src/i18n.tsx"
import { RouteErrorPage as SharedRouteErrorPage } from "../../../ui/src/error-page.tsx"

/** The router's error page (spec §8, "Router default"): 'Unexpected Application Error!' and why. */
const RouteErrorPage = () => {
  const t = useT()
  return <SharedRouteErrorPage homeLabel={t("web.notfound.backHome")} />
}

export default RouteErrorPage
