import {
  BarChart3,
  CalendarDays,
  ExternalLink,
  Gift,
  LayoutDashboard,
  Mail,
  Medal,
  PenTool,
  ScrollText,
  Settings,
  Sparkles,
  Trophy,
  Users,
  Star,
} from "lucide-react"
import { NavLink, Outlet, ScrollRestoration } from "react-router-dom"
import { Button } from "../../../ui/src/button.tsx"
import { BrandLink, MenuButton, navLinkClass, SkipLink, useMenu } from "../../../ui/src/shell.tsx"
import { useSession } from "../../../web/src/session/session.tsx"
import { useAdminTitle } from "./admin-title.ts"

export const NAV = [
  { to: "/", label: "Overview", icon: LayoutDashboard },
  { to: "/contests", label: "Contests", icon: Trophy },
  { to: "/calendar", label: "Calendar", icon: CalendarDays },
  { to: "/drawings", label: "Drawings", icon: Gift },
  { to: "/premium-pages", label: "Premium pages", icon: Sparkles },
  { to: "/line-art-requests", label: "Line art requests", icon: PenTool },
  { to: "/spotlight", label: "Spotlight", icon: Star },
  { to: "/members", label: "Members", icon: Users },
  { to: "/badges", label: "Badges", icon: Medal },
  { to: "/messages", label: "Messages", icon: Mail },
  { to: "/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/audit", label: "Audit log", icon: ScrollText },
  { to: "/settings", label: "Settings", icon: Settings },
] as const

const navClass = navLinkClass("flex items-center gap-3")

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
  const [menuOpen, setMenuOpen] = useMenu()
  useAdminTitle()
  return (
    <div className="min-h-screen overflow-x-clip lg:flex">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background lg:hidden">
        <div className="flex h-14 items-center justify-between gap-2 px-4">
          <BrandLink size="sm">Colorday admin</BrandLink>
          <MenuButton
            open={menuOpen}
            controls="admin-menu"
            onToggle={() => setMenuOpen((open) => !open)}
          />
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
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-card lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <BrandLink size="sm" className="px-3 text-lg">
            Colorday admin
          </BrandLink>
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
