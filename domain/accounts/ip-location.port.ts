import { Context, type Effect } from "effect"
import type { Language } from "./member-settings.ts"

/**
 * Where an IP address is, coarsely (login notifications, issue 24: the new-sign-in mail's
 * "Where:" line), from data on this machine: no address leaves it.
 */
export class IpLocator extends Context.Service<
  IpLocator,
  {
    /**
     * The address's country, named in `language` ("Germany", "Alemania"); null when unknown: a
     * private, loopback or other non-public address, one the data has no country for, or not an
     * address at all.
     */
    readonly locate: (address: string, language: Language) => Effect.Effect<string | null>
  }
>()("colorday/IpLocator") {}
