import type { AnyRoute } from "../route.ts"
import { accountRoutes } from "./accounts.routes.ts"
import { adminRoutes } from "./admin.routes.ts"
import { artistRoutes } from "./artists.routes.ts"
import { avatarRoutes } from "./avatars.routes.ts"
import { billingRoutes } from "./billing.routes.ts"
import { canvasRoutes } from "./canvases.routes.ts"
import { contactRoutes } from "./contact.routes.ts"
import { contestRoutes } from "./contests.routes.ts"
import { drawingRoutes } from "./drawings.routes.ts"
import { entryRoutes } from "./entries.routes.ts"
import { entryPageRoutes } from "./entry-page.routes.ts"
import { feedbackRoutes } from "./feedback.routes.ts"
import { galleryRoutes } from "./gallery.routes.ts"
import { imageRoutes } from "./images.routes.ts"
import { leaderboardRoutes } from "./leaderboard.routes.ts"
import { metaRoutes } from "./meta.routes.ts"
import { paymentRoutes } from "./payments.routes.ts"
import { adminPerkRoutes } from "./admin-perks.routes.ts"
import { perkRoutes } from "./perks.routes.ts"
import { subscriptionRoutes } from "./subscriptions.routes.ts"
import { twoFactorRoutes } from "./two-factor.routes.ts"
import { unsubscribeRoutes } from "./unsubscribe.routes.ts"
import { secureAccountRoutes } from "./secure-account.routes.ts"
import { pushRoutes } from "./push.routes.ts"
import { notificationRoutes } from "./notifications.routes.ts"

/** Every API route. A route missing here is not served, documented or in the authorization matrix. */
const apiRoutes: ReadonlyArray<AnyRoute> = [
  ...accountRoutes,
  ...twoFactorRoutes,
  ...unsubscribeRoutes,
  ...secureAccountRoutes,
  ...pushRoutes,
  ...notificationRoutes,
  ...avatarRoutes,
  ...artistRoutes,
  ...subscriptionRoutes,
  ...contestRoutes,
  ...entryRoutes,
  ...entryPageRoutes,
  ...feedbackRoutes,
  ...galleryRoutes,
  ...leaderboardRoutes,
  ...contactRoutes,
  ...billingRoutes,
  ...drawingRoutes,
  ...imageRoutes,
  ...paymentRoutes,
  ...perkRoutes,
  ...adminPerkRoutes,
  ...adminRoutes,
  ...canvasRoutes,
]

export const allRoutes: ReadonlyArray<AnyRoute> = [...apiRoutes, ...metaRoutes(() => allRoutes)]
