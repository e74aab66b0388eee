import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { Link, useParams } from "react-router-dom"
import { useSession } from "../../../../web/src/session/session.tsx"
import { dollars } from "../../../../ui/src/format.ts"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, TextArea } from "../../../../ui/src/form.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { AdminMember, MemberDetail } from "../../api/admin-types.ts"
import { GrantBadgeButton } from "../../badges/GrantBadge.tsx"
import { ModerationChip } from "../../ui/admin-ui.tsx"
import { count, dateTime } from "../../ui/dates.ts"
import { MemberChips } from "./member-ui.tsx"
import { JudgeToggle } from "./JudgeToggle.tsx"
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
  const self = me?.id === member.id
  if (member.isAdmin)
    return (
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="danger" disabled={self}>
              Remove admin
            </Button>
          }
          title={`Remove ${member.username}'s admin rights?`}
          description={`${member.username} will no longer reach the dashboard or any admin action.`}
          confirmLabel="Remove admin"
          busyLabel="Removing…"
          onConfirm={async () => {
            changed(await adminApi.setAdmin(member.id, false))
            toast({
              title: "Admin removed",
              description: `${member.username} is no longer an admin.`,
            })
          }}
        />
        {self && (
          <p className="mt-1 text-xs text-slate-600">You cannot remove your own admin rights.</p>
        )}
      </div>
    )
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">Make admin</Button>}
      title={`Make ${member.username} an admin?`}
      description={`${member.username} will reach this dashboard and every admin action.`}
      confirmLabel="Make admin"
      busyLabel="Saving…"
      variant="primary"
      onConfirm={async () => {
        changed(await adminApi.setAdmin(member.id, true))
        toast({ title: "Admin added", description: `${member.username} is now an admin.` })
      }}
    />
  )
}

const Suspension = ({ member }: { readonly member: AdminMember }) => {
  const [reason, setReason] = useState("")
  const [lifting, setLifting] = useState(false)
  const changed = useMemberChanged(member.id)
  const toast = useToast()
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
                title: "Suspension lifted",
                description: `${member.username} can sign in again; their entries show again.`,
              })
            })
            .catch((error: unknown) =>
              toast({
                title: "Could not lift the suspension",
                description: messageOf(error, "The server refused"),
                variant: "destructive",
              }),
            )
            .finally(() => setLifting(false))
        }}
      >
        {lifting ? "Lifting…" : "Lift suspension"}
      </Button>
    )
  return (
    <ConfirmDialog
      trigger={<Button variant="danger">Suspend</Button>}
      title={`Suspend ${member.username}?`}
      description={`${member.username} is signed out everywhere and cannot sign in; their entries are hidden from the gallery and leaderboard until you lift the suspension.`}
      confirmLabel="Suspend member"
      busyLabel="Suspending…"
      onOpenChange={(open) => !open && setReason("")}
      onConfirm={async () => {
        const text = reason.trim()
        changed(await adminApi.setSuspended(member.id, true, text || undefined))
        toast({ title: "Member suspended", description: member.username })
      }}
    >
      <Field label="Reason (optional)">
        <TextArea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </ConfirmDialog>
  )
}

const None = ({ children }: { readonly children: string }) => (
  <p className="text-sm text-slate-600">{children}</p>
)

const Entries = ({ detail }: { readonly detail: MemberDetail }) =>
  detail.entries.length === 0 ? (
    <None>No entries yet.</None>
  ) : (
    <TableBox label="Entries">
      <thead className="bg-slate-50">
        <tr>
          <Th>Entry</Th>
          <Th>Contest</Th>
          <Th className="text-right">Votes</Th>
          <Th>Moderation</Th>
          <Th>Entered</Th>
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
                    alt={`Entry for ${entry.contestName ?? "a contest"}`}
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
                  {entry.contestName ?? "Open the contest"}
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

const Votes = ({ detail }: { readonly detail: MemberDetail }) =>
  detail.votesGiven.length === 0 ? (
    <None>No votes given yet.</None>
  ) : (
    <TableBox label="Votes given">
      <thead className="bg-slate-50">
        <tr>
          <Th>When</Th>
          <Th>Contest</Th>
          <Th>Entry</Th>
          <Th className="text-right">Weight</Th>
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
                Open the contest
              </Link>
            </Td>
            <Td className="font-mono text-xs break-all">{vote.entryId}</Td>
            <Td className="text-right">{vote.weight}</Td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  )

const Payments = ({ detail }: { readonly detail: MemberDetail }) =>
  detail.payments.length === 0 ? (
    <None>No payments.</None>
  ) : (
    <TableBox label="Payments">
      <thead className="bg-slate-50">
        <tr>
          <Th>Date</Th>
          <Th>Description</Th>
          <Th className="text-right">Amount</Th>
          <Th>Status</Th>
        </tr>
      </thead>
      <tbody>
        {detail.payments.map((payment) => (
          <tr key={payment.id} className="border-t border-slate-100">
            <Td className="whitespace-nowrap">{dateTime(payment.date)}</Td>
            <Td>{payment.description}</Td>
            <Td className="text-right">{dollars(payment.amount)}</Td>
            <Td className="capitalize">{payment.status}</Td>
          </tr>
        ))}
      </tbody>
    </TableBox>
  )

/** One member: who they are, what they did and paid, and the admin actions on them. */
const MemberPage = () => {
  const { id = "" } = useParams()
  const detail = useQuery({ queryKey: memberKey(id), queryFn: () => adminApi.member(id) })
  const changed = useMemberChanged(id)
  return (
    <>
      <BackLink to="/members" className="mb-4">
        All members
      </BackLink>
      <Loadable query={detail} loading="Loading the member…" failure="The member did not load">
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
                  {member.firstName} {member.lastName} · {member.email} · joined{" "}
                  {dateTime(member.createdDate)}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  Plan: <span className="capitalize">{data.subscription?.tier ?? member.tier}</span>
                  {data.subscription && !data.subscription.unlimited && (
                    <> · {data.subscription.remaining_submissions} entries left</>
                  )}
                  {member.suspendedAt && <> · suspended {dateTime(member.suspendedAt)}</>}
                </p>
              </div>
              <Card title="Actions">
                <div className="flex flex-wrap items-start gap-3">
                  <AdminToggle member={member} />
                  <JudgeToggle member={member} onChanged={changed} />
                  <Suspension member={member} />
                  <GrantBadgeButton memberId={member.id} memberName={member.username} />
                </div>
              </Card>
              <Card title={`Badges (${data.badges.length})`}>
                {data.badges.length === 0 ? (
                  <None>No badges yet.</None>
                ) : (
                  <ul className="flex flex-wrap gap-2">
                    {data.badges.map((badge) => (
                      <li
                        key={badge.id}
                        className="rounded-lg border border-slate-200 px-3 py-2 text-sm"
                      >
                        <span className="font-medium">{badge.name}</span>
                        <span className="text-slate-600"> · {dateTime(badge.earnedAt)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card title={`Entries (${data.entries.length})`}>
                <Entries detail={data} />
              </Card>
              <Card title={`Votes given (${data.votesGiven.length})`}>
                <Votes detail={data} />
              </Card>
              <Card title={`Payments (${data.payments.length})`}>
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
