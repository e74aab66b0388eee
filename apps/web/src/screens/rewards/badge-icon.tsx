import { Award, Crown, Medal, Sparkles, Star, Trophy, type LucideIcon } from "lucide-react"
import type { BadgeIcon } from "../../../../../domain/badges/badges.ts"

/** A badge's icon by its name (spec §3: Medal, Trophy, Star, Award, Crown, Sparkles; default Medal). */
const ICONS: { readonly [I in BadgeIcon]: LucideIcon } = {
  Medal,
  Trophy,
  Star,
  Award,
  Crown,
  Sparkles,
}

/*
 * The colour classes the badge catalogue (domain/badges/badges.ts) names, spelled out here so
 * Tailwind, which scans this app's sources, generates them: text-yellow-500 text-purple-500
 * text-pink-500 text-blue-500 text-amber-600 text-green-500
 */

export const BadgeIconView = ({
  icon,
  colorClass,
  className = "size-8",
}: {
  readonly icon: string
  readonly colorClass: string
  readonly className?: string
}) => {
  const Icon = (ICONS as Readonly<Record<string, LucideIcon>>)[icon] ?? Medal
  return <Icon aria-hidden data-icon={icon} className={`${className} ${colorClass}`} />
}
