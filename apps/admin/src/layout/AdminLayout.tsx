import {
  BarChart3,
  CalendarDays,
  ExternalLink,
  LayoutDashboard,
  Mail,
  Medal,
  Menu,
  Palette,
  ScrollText,
  Trophy,
  Users,
  X,
} from "lucide-react"
import { useEffect, useState } from "react"
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from "react-router-dom"
import { useSession } from "../../../web/src/session/session.tsx"
import { Button } from "../../../web/src/ui/ui.tsx"

export const NAV = [
  { to: "/", label: "Overview", icon: LayoutDashboard },
  { to: "/contests", label: "Contests", icon: Trophy },
  { to: "/calendar", label: "Calendar", icon: CalendarDays },
  { to: "/members", label: "Members", icon: Users },
  { to: "/badges", label: "Badges", icon: Medal },
  { to: "/messages", label: "Messages", icon: Mail },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/audit", label: "Audit log", icon: ScrollText },
] as const

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`

const NavLinks = ({ label }: { readonly label: string }) => (
  <nav aria-label={label} className="flex flex-col gap-1">
    {NAV.map(({ to, label: text, icon: Icon }) => (
      <NavLink key={to} to={to} end={to === "/"} className={navClass}>
        <Icon aria-hidden className="size-4 shrink-0" />
        {text}
      </NavLink>
    ))}
  </nav>
)

const AccountLinks = () => {
  const { member, signOut } = useSession()
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      {member && (
        <p className="truncate px-3 text-xs text-slate-600">
          Signed in as <span className="font-medium text-slate-800">{member.username}</span>
        </p>
      )}
      {/* The site is another app: a full page load. */}
      <a href="/" className={navClass({ isActive: false })}>
        <ExternalLink aria-hidden className="size-4 shrink-0" />
        Back to site
      </a>
      <Button variant="secondary" onClick={() => void signOut()}>
        Sign Out
      </Button>
    </div>
  )
}

/** The dashboard's frame: a sidebar on wide screens, a menu on narrow ones, the section beside. */
export const AdminLayout = () => {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  useEffect(() => setMenuOpen(false), [location.pathname])
  return (
    <div className="min-h-screen overflow-x-clip lg:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white lg:hidden">
        <div className="flex h-14 items-center justify-between gap-2 px-4">
          <Link to="/" className="flex items-center gap-2 font-bold text-brand-700">
            <Palette aria-hidden className="size-5" />
            Colorday admin
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden className="size-6" />
            ) : (
              <Menu aria-hidden className="size-6" />
            )}
          </button>
        </div>
        {menuOpen && (
          <div
            id="admin-menu"
            className="max-h-[calc(100vh-3.5rem)] overflow-y-auto border-t border-slate-200 px-4 py-3"
          >
            <NavLinks label="Dashboard menu" />
            <div className="mt-4">
              <AccountLinks />
            </div>
          </div>
        )}
      </header>
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <Link to="/" className="flex items-center gap-2 px-3 text-lg font-bold text-brand-700">
            <Palette aria-hidden className="size-6" />
            Colorday admin
          </Link>
          <div className="flex-1">
            <NavLinks label="Dashboard" />
          </div>
          <AccountLinks />
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
          <Outlet />
        </div>
      </main>
      <ScrollRestoration />
    </div>
  )
}
