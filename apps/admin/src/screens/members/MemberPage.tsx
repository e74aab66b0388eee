import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Link, useParams } from "react-router-dom"
import { useSession } from "../../../../web/src/session/session.tsx"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { badgeText, hasBadgeText } from "../../../../ui/src/badge-text.ts"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AdminMember, MemberDetail } from "../../api/admin-types.ts"
import { GrantBadgeButton } from "../../badges/GrantBadge.tsx"
import { ModerationChip } from "../../ui/admin-ui.tsx"
import { count, dateTime, dollars } from "../../ui/dates.ts"
import { MemberChips } from "./member-ui.tsx"
import { JudgeToggle } from "./JudgeToggle.tsx"
import { TwoFactorReset } from "./TwoFactorReset.tsx"
import { BackLink } from "../../../../ui/src/page.tsx"

const memberKey = (memberId: string) => ["admin", "member", memberId] as const

/** After the server changed a member: its answer in the page, the member lists read again. */
const useMemberChanged = (memberId: string) => {
  const client = useQueryClient()
  return (member: AdminMember) => {
    client.setQueryData<MemberDetail>(memberKey(memberId), (detail) =>
      detail ? { ...detail, member } : detail,
    )
    void client.invalidateQueries({ queryKey: ["admin", "members"] })
    void client.invalidateQueries({ queryKey: ["admin", "overview"] })
  }
}

const AdminToggle = ({ member }: { readonly member: AdminMember }) => {
  const { member: me } = useSession()
  const changed = useMemberChanged(member.id)
  const toast = useToast()
  const t = useT()
  const username = member.username
  const self = me?.id === member.id
  if (member.isAdmin)
    return (
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="danger" disabled={self}>
              {t("admin.member.admin.remove")}
            </Button>
          }
          title={t("admin.member.admin.removeTitle", { username })}
          description={t("admin.member.admin.removeBody", { username })}
          confirmLabel={t("admin.member.admin.remove")}
          busyLabel={t("admin.member.admin.removing")}
          onConfirm={async () => {
            changed(await adminApi.setAdmin(member.id, false))
            toast({
              title: t("admin.member.admin.removed"),
              description: t("admin.member.admin.removedBody", { username }),
            })
          }}
        />
        {self && <p className="mt-1 text-xs text-slate-600">{t("admin.member.admin.self")}</p>}
      </div>
    )
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">{t("admin.member.admin.make")}</Button>}
      title={t("admin.member.admin.makeTitle", { username })}
      description={t("admin.member.admin.makeBody", { username })}
      confirmLabel={t("admin.member.admin.make")}
      busyLabel={t("admin.member.saving")}
      variant="primary"
      onConfirm={async () => {
        changed(await adminApi.setAdmin(member.id, true))
        toast({
          title: t("admin.member.admin.added"),
          description: t("admin.member.admin.addedBody", { username }),
        })
      }}
    />
  )
}

const Suspension = ({ member }: { readonly member: AdminMember }) => {
  const [reason, setReason] = useState("")
  const [lifting, setLifting] = useState(false)
  const changed = useMemberChanged(member.id)
  const toast = useToast()
  const t = useT()
  const username = member.username
  if (member.suspendedAt)
    return (
      <Button
        variant="secondary"
        disabled={lifting}
        onClick={() => {
          setLifting(true)
          adminApi
            .setSuspended(member.id, false)
            .then((updated) => {
              changed(updated)
              toast({
                title: t("admin.member.suspension.lifted"),
                description: t("admin.member.suspension.liftedBody", { username }),
              })
            })
            .catch((error: unknown) =>
              toast({
                title: t("admin.member.suspension.liftFailed"),
                description: messageOf(error, t("admin.member.refused")),
                variant: "destructive",
              }),
            )
            .finally(() => setLifting(false))
        }}
      >
        {lifting ? t("admin.member.suspension.lifting") : t("admin.member.suspension.lift")}
      </Button>
    )
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">{t("admin.member.suspension.suspend")}</Button>}
      title={t("admin.member.suspension.title", { username })}
      description={t("admin.member.suspension.body", { username })}
      confirmLabel={t("admin.member.suspension.confirm")}
      busyLabel={t("admin.member.suspension.suspending")}
      onOpenChange={(open) => !open && setReason("")}
      onConfirm={async () => {
        const text = reason.trim()
        changed(await adminApi.setSuspended(member.id, true, text || undefined))
        toast({ title: t("admin.member.suspension.done"), description: member.username })
      }}
    >
      <Field label={t("admin.member.suspension.reason")}>
        <TextArea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </ConfirmDialog>
  )
}

const None = ({ children }: { readonly children: string }) => (
  <p className="text-sm text-slate-600">{children}</p>
)

const Entries = ({ detail }: { readonly detail: MemberDetail }) => {
  const t = useT()
  return detail.entries.length === 0 ? (
    <None>{t("admin.member.entries.none")}</None>
  ) : (
    <TableBox label={t("admin.member.entries.label")}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{t("admin.member.entries.entry")}</Th>
          <Th>{t("admin.member.entries.contest")}</Th>
          <Th className="text-right">{t("admin.member.entries.votes")}</Th>
          <Th>{t("admin.member.entries.moderation")}</Th>
          <Th>{t("admin.member.entries.entered")}</Th>
        </tr>
      </thead>
      <tbody>
        {detail.entries.map((entry) => {
          const image = entry.thumbnailUrl ?? entry.imageUrl
          return (
            <tr key={entry.id} className="border-t border-slate-100">
              <Td>
                {image ? (
                  <img
                    src={image}
                    alt={
                      entry.contestName
                        ? t("admin.member.entries.alt", { contest: entry.contestName })
                        : t("admin.member.entries.altNoName")
                    }
                    width={48}
                    height={48}
                    loading="lazy"
                    className="size-12 rounded-md object-cover"
                  />
                ) : (
                  "—"
                )}
              </Td>
              <Td>
                <Link
                  to={`/contests/${entry.challenge_id}?tab=entries`}
                  className="break-words text-brand-700 hover:underline"
                >
                  {entry.contestName ?? t("admin.member.openContest")}
                </Link>
              </Td>
              <Td className="text-right">{count(entry.voteCount)}</Td>
              <Td>
                <ModerationChip moderation={entry.moderation} />
                {entry.moderationReason && (
                  <p className="mt-1 max-w-xs text-xs break-words text-slate-700">
                    {entry.moderationReason}
                  </p>
                )}
              </Td>
              <Td className="whitespace-nowrap">{dateTime(entry.createdAt)}</Td>
            </tr>
          )
        })}
      </tbody>
    </TableBox>
  )
}

const Votes = ({ detail }: { readonly detail: MemberDetail }) => {
  const t = useT()
  return detail.votesGiven.length === 0 ? (
    <None>{t("admin.member.votes.none")}</None>
  ) : (
    <TableBox label={t("admin.member.votes.label")}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{t("admin.member.votes.when")}</Th>
          <Th>{t("admin.member.entries.contest")}</Th>
          <Th>{t("admin.member.entries.entry")}</Th>
          <Th className="text-right">{t("admin.member.votes.weight")}</Th>
        </tr>
      </thead>
      <tbody>
        {detail.votesGiven.map((vote) => (
          <tr key={`${vote.entryId}-${vote.at}`} className="border-t border-slate-100">
            <Td className="whitespace-nowrap">{dateTime(vote.at)}</Td>
            <Td>
              <Link
                to={`/contests/${vote.contestId}?tab=entries`}
                className="text-brand-700 hover:underline"
              >
                {t("admin.member.openContest")}
              </Link>
            </Td>
            <Td className="font-mono text-xs break-all">{vote.entryId}</Td>
            <Td className="text-right">{vote.weight}</Td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  )
}

/** A payment's status as the API names it (paid, pending, …), in the dashboard's language. */
const PAYMENT_STATUS_TEXT: Readonly<Record<MemberDetail["payments"][number]["status"], string>> = {
  paid: "admin.member.payments.state.paid",
  pending: "admin.member.payments.state.pending",
  failed: "admin.member.payments.state.failed",
  refunded: "admin.member.payments.state.refunded",
  cancelled: "admin.member.payments.state.cancelled",
  expired: "admin.member.payments.state.expired",
}

/** "lite" → "Lite", as the API's English description names a plan ("Lite Plan"). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

const Payments = ({ detail }: { readonly detail: MemberDetail }) => {
  const t = useT()
  return detail.payments.length === 0 ? (
    <None>{t("admin.member.payments.none")}</None>
  ) : (
    <TableBox label={t("admin.member.payments.label")}>
      <thead className="bg-slate-50">
        <tr>
          <Th>{t("admin.member.payments.date")}</Th>
          <Th>{t("admin.member.payments.description")}</Th>
          <Th className="text-right">{t("admin.member.payments.amount")}</Th>
          <Th>{t("admin.member.payments.status")}</Th>
        </tr>
      </thead>
      <tbody>
        {detail.payments.map((payment) => (
          <tr key={payment.id} className="border-t border-slate-100">
            <Td className="whitespace-nowrap">{dateTime(payment.date)}</Td>
            <Td>
              {payment.subscription_tier === null
                ? t("admin.member.payments.what.extraEntry")
                : t("admin.member.payments.what.plan", {
                    tier: capitalised(payment.subscription_tier),
                  })}
            </Td>
            <Td className="text-right">{dollars(payment.amount)}</Td>
            <Td>{t(PAYMENT_STATUS_TEXT[payment.status])}</Td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  )
}

/** One member: who they are, what they did and paid, and the admin actions on them. */
const MemberPage = () => {
  const { id = "" } = useParams()
  const detail = useQuery({ queryKey: memberKey(id), queryFn: () => adminApi.member(id) })
  const changed = useMemberChanged(id)
  const t = useT()
  return (
    <>
      <BackLink to="/members" className="mb-4">
        {t("admin.member.back")}
      </BackLink>
      <Loadable
        query={detail}
        loading={t("admin.member.loading")}
        failure={t("admin.member.failed")}
      >
        {(data) => {
          const { member } = data
          return (
            <div className="grid gap-4">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-3">
                  <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
                    {member.username}
                  </h1>
                  <MemberChips member={member} />
                </div>
                <p className="mt-1 text-sm break-words text-slate-600">
                  {t("admin.member.who", {
                    name: `${member.firstName} ${member.lastName}`,
                    email: member.email,
                    joined: dateTime(member.createdDate),
                  })}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  <T
                    id="admin.member.plan"
                    values={{ plan: data.subscription?.tier ?? member.tier }}
                    components={{ 0: <span className="capitalize" /> }}
                  />
                  {data.subscription && !data.subscription.unlimited && (
                    <>
                      {" · "}
                      {t("admin.member.entriesLeft", {
                        count: data.subscription.remaining_submissions,
                      })}
                    </>
                  )}
                  {member.suspendedAt && (
                    <>
                      {" · "}
                      {t("admin.member.suspendedAt", { date: dateTime(member.suspendedAt) })}
                    </>
                  )}
                </p>
              </div>
              <Card title={t("admin.member.actions")}>
                <div className="flex flex-wrap items-start gap-3">
                  <AdminToggle member={member} />
                  <JudgeToggle member={member} onChanged={changed} />
                  <Suspension member={member} />
                  <GrantBadgeButton memberId={member.id} memberName={member.username} />
                  <TwoFactorReset member={member} />
                </div>
              </Card>
              <Card title={t("admin.member.badges.title", { count: data.badges.length })}>
                {data.badges.length === 0 ? (
                  <None>{t("admin.member.badges.none")}</None>
                ) : (
                  <ul className="flex flex-wrap gap-2">
                    {data.badges.map((badge) => (
                      <li
                        key={badge.id}
                        className="rounded-lg border border-slate-200 px-3 py-2 text-sm"
                      >
                        <span className="font-medium">
                          {hasBadgeText(badge.id) ? badgeText(badge.id, t).name : badge.name}
                        </span>
                        <span className="text-slate-600"> · {dateTime(badge.earnedAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card title={t("admin.member.entries.title", { count: data.entries.length })}>
                <Entries detail={data} />
              </Card>
              <Card title={t("admin.member.votes.title", { count: data.votesGiven.length })}>
                <Votes detail={data} />
              </Card>
              <Card title={t("admin.member.payments.title", { count: data.payments.length })}>
                <Payments detail={data} />
              </Card>
            </div>
          )
        }}
      </Loadable>
    </>
  )
}

export default MemberPage
