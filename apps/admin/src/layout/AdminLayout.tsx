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
import { T, useT } from "../../../ui/src/i18n.tsx"
import { MemberLanguage } from "../../../web/src/layout/language.tsx"
import { useSession } from "../../../web/src/session/session.tsx"
import { useAdminTitle } from "./admin-title.ts"

export const NAV = [
  { to: "/", label: "admin.layout.nav.overview", icon: LayoutDashboard },
  { to: "/contests", label: "admin.layout.nav.contests", icon: Trophy },
  { to: "/calendar", label: "admin.layout.nav.calendar", icon: CalendarDays },
  { to: "/drawings", label: "admin.layout.nav.drawings", icon: Gift },
  { to: "/premium-pages", label: "admin.layout.nav.premiumPages", icon: Sparkles },
  { to: "/line-art-requests", label: "admin.layout.nav.lineArtRequests", icon: PenTool },
  { to: "/spotlight", label: "admin.layout.nav.spotlight", icon: Star },
  { to: "/members", label: "admin.layout.nav.members", icon: Users },
  { to: "/badges", label: "admin.layout.nav.badges", icon: Medal },
  { to: "/messages", label: "admin.layout.nav.messages", icon: Mail },
  { to: "/analytics", label: "admin.layout.nav.analytics", icon: BarChart3 },
  { to: "/audit", label: "admin.layout.nav.audit", icon: ScrollText },
  { to: "/settings", label: "admin.layout.nav.settings", icon: Settings },
] as const

const navClass = navLinkClass("flex items-center gap-3")

const NavLinks = ({ label }: { readonly label: string }) => {
  const t = useT()
  return (
    <nav aria-label={label} className="flex flex-col gap-1">
      {NAV.map(({ to, label: text, icon: Icon }) => (
        <NavLink key={to} to={to} end={to === "/"} className={navClass}>
          <Icon aria-hidden className="size-4 shrink-0" />
          {t(text)}
        </NavLink>
      ))}
    </nav>
  )
}

const AccountLinks = () => {
  const { member, signOut } = useSession()
  const t = useT()
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
      {member && (
        <p className="truncate px-3 text-xs text-slate-600">
          <T
            id="admin.layout.signedInAs"
            values={{ username: member.username }}
            components={{ 0: <span className="font-medium text-slate-800" /> }}
          />
        </p>
      )}
      {/* The site is another app: a full page load. */}
      <a href="/" className={navClass({ isActive: false })}>
        <ExternalLink aria-hidden className="size-4 shrink-0" />
        {t("admin.layout.backToSite")}
      </a>
      <Button variant="secondary" onClick={() => void signOut()}>
        {t("admin.layout.signOut")}
      </Button>
    </div>
  )
}

/** The dashboard's frame: a sidebar on wide screens, a menu on narrow ones, the section beside. */
export const AdminLayout = () => {
  const [menuOpen, setMenuOpen] = useMenu()
  const t = useT()
  useAdminTitle()
  return (
    <div className="min-h-screen overflow-x-clip lg:flex">
      {/* The dashboard speaks the admin's own language setting, like the site. */}
      <MemberLanguage />
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border bg-background lg:hidden">
        <div className="flex h-14 items-center justify-between gap-2 px-4">
          <BrandLink size="sm">{t("admin.layout.name")}</BrandLink>
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
            <NavLinks label={t("admin.layout.menu")} />
            <div className="mt-4">
              <AccountLinks />
            </div>
          </div>
        )}
      </header>
      <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-card lg:block">
        <div className="sticky top-0 flex h-screen flex-col gap-6 overflow-y-auto p-4">
          <BrandLink size="sm" className="px-3 text-lg">
            {t("admin.layout.name")}
          </BrandLink>
          <div className="flex-1">
            <NavLinks label={t("admin.layout.dashboard")} />
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
