import type { FallbackProps } from "react-error-boundary"
import { useT } from "../../../ui/src/i18n.tsx"
import { ErrorPage } from "../../../ui/src/error-page.tsx"

/**
 * The site's error page (spec §8, "Router default"): 'Unexpected Application Error!' and why, for
 * a screen that crashed or whose code failed to load (the error boundaries in routes.tsx).
 */
const RouteErrorPage = ({ error }: Pick<FallbackProps, "error">) => {
  const t = useT()
  return <ErrorPage error={error} homeLabel={t("web.notfound.backHome")} />
}

export default RouteErrorPage
