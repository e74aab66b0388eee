import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

/** Test support: a real SMTP server on a free local port that keeps every message it receives. */

export interface ReceivedMail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly raw: string
}

export interface SmtpCatcher {
  readonly port: number
  readonly received: Array<ReceivedMail>
  readonly close: () => Promise<void>
}

/**
 * `refuseFirst`: how many messages to refuse (451, a temporary failure) before accepting, to see a
 * sender retry.
 */
export const startSmtpCatcher = (options: { readonly refuseFirst?: number } = {}) =>
  new Promise<SmtpCatcher>((resolve) => {
    const received: Array<ReceivedMail> = []
    let refusals = options.refuseFirst ?? 0
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Array<Buffer> = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          if (refusals > 0) {
            refusals -= 1
            callback(Object.assign(new Error("451 try again later"), { responseCode: 451 }))
            return
          }
          received.push({
            from: session.envelope.mailFrom === false ? "" : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          })
          callback()
        })
      },
    })
    const listening = server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (listening.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((done) => server.close(done)),
      })
    })
  })

/** The message with quoted-printable soft breaks and escapes undone. */
export const decodedMail = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** A header of the message (from the block before the first blank line). */
export const mailHeader = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "im").exec(raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]
