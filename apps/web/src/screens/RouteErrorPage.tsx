import { RouteErrorPage as SharedRouteErrorPage } from "../../../ui/src/error-page.tsx"

/** The router's error page (spec §8, "Router default"): 'Unexpected Application Error!' and why. */
const RouteErrorPage = () => <SharedRouteErrorPage homeLabel="Back to Home" />

export default RouteErrorPage
