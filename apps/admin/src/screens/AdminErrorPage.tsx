import { RouteErrorPage } from "../../../ui/src/error-page.tsx"

/** What a section that crashed (or whose code failed to load) shows instead of a blank page. */
const AdminErrorPage = () => <RouteErrorPage homeLabel="Back to the overview" />

export default AdminErrorPage
