import type { components } from "../../../api-client/schema.ts"
import { call } from "./http.ts"

/** Two-factor sign-in's calls (issue 24): sign-in's second step, enrolment, turning it off. */

type Schemas = components["schemas"]
export type TwoFactorChallenge = Schemas["TwoFactorChallenge"]
export type TwoFactorStatus = Schemas["TwoFactorStatus"]
export type TwoFactorEnrolment = Schemas["TwoFactorEnrolment"]

export const twoFactorApi = {
  /** Sign-in's second step: the challenge sign-in answered, the same e-mail, and a code. */
  completeSignIn: (email: string, challenge: string, code: string) =>
    call("POST", "/api/users/login/two-factor", { body: { email, challenge, code } }),
  status: (memberId: string) =>
    call("GET", "/api/users/{id}/two-factor", { params: { id: memberId } }),
  startEnrolment: (memberId: string) =>
    call("POST", "/api/users/{id}/two-factor", { params: { id: memberId } }),
  confirmEnrolment: (memberId: string, code: string) =>
    call("POST", "/api/users/{id}/two-factor/confirm", {
      params: { id: memberId },
      body: { code },
    }),
  turnOff: (memberId: string, password: string, code: string) =>
    call("DELETE", "/api/users/{id}/two-factor", {
      params: { id: memberId },
      body: { password, code },
    }),
}
