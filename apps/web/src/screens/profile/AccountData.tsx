import "../../session/auth/catalog.ts"
import "./catalog.ts"
import { useQueryClient } from "@tanstack/react-query"
import { Download, Trash2 } from "lucide-react"
import { useEffect, useRef, useState } from "react"
import { useNavigate } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { Member } from "../../api/types.ts"
import { SESSION_KEY, useSession } from "../../session/session.tsx"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button, buttonVariants } from "../../../../ui/src/button.tsx"
import { fieldMessageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Field, SettingsCard } from "./controls.tsx"

/** Settings → your data: download everything we hold, or delete the account (with its password). */
export const AccountData = ({ member }: { readonly member: Member }) => {
  const t = useT()
  const client = useQueryClient()
  const { refresh } = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const [password, setPassword] = useState("")

  // The session is read again only once this members-only page has left the screen: were the
  // member to become a visitor while it still shows, its guard would open the sign-in dialog.
  const deleted = useRef(false)
  const afterDeletion = useRef(() => {})
  afterDeletion.current = () => {
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] })
    void refresh()
  }
  useEffect(
    () => () => {
      if (deleted.current) afterDeletion.current()
    },
    [],
  )

  const remove = async () => {
    await api.deleteAccount(member.id, password)
    // The server ended every session: once home, reading it again shows the visitor's header.
    deleted.current = true
    toast({
      title: t("web.settings.data.deleted"),
      description: t("web.settings.data.deletedDescription"),
    })
    await navigate("/", { replace: true })
  }

  return (
    <SettingsCard id="account-data" title={t("web.settings.data.title")}>
      <div className="flex flex-col gap-6">
        <div>
          <p className="text-sm text-slate-700">{t("web.settings.data.downloadLead")}</p>
          <a
            href={api.exportUrl(member.id)}
            download={`colorday-${member.username}.json`}
            className={buttonVariants({ variant: "secondary", className: "mt-3" })}
          >
            <Download aria-hidden className="size-4" />
            {t("web.settings.data.download")}
          </a>
        </div>
        <div className="border-t border-slate-100 pt-6">
          <p className="text-sm text-slate-700">{t("web.settings.data.deleteLead")}</p>
          <ConfirmDialog
            className="max-w-md"
            trigger={
              <Button variant="danger" className="mt-3">
                <Trash2 aria-hidden className="size-4" />
                {t("web.settings.data.delete")}
              </Button>
            }
            title={t("web.settings.data.confirmTitle")}
            description={t("web.settings.data.confirmDescription", { username: member.username })}
            cancelLabel={t("web.settings.data.keep")}
            confirmLabel={t("web.settings.data.confirm")}
            busyLabel={t("web.settings.data.deleting")}
            confirmDisabled={password === ""}
            problemOf={(error) =>
              fieldMessageOf(error, ["password"], t("web.settings.data.failed"))
            }
            onOpenChange={(next) => next || setPassword("")}
            onConfirm={remove}
          >
            <Field
              id="delete-password"
              label={t("web.auth.password")}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
          </ConfirmDialog>
        </div>
      </div>
    </SettingsCard>
  )
}
