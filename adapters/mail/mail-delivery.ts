import { Clock, Context, Duration, Effect, Layer, type Scope } from "effect"
import nodemailer from "nodemailer"
import { type OutboxMail, OutboxRepository } from "./outbox.ts"

/** How a queued mail leaves: an SMTP relay, or (the embedded default) one line in the log. */
export interface MailTransport {
  readonly name: string
  /** Hands the mail over; fails with the reason the relay gave. */
  readonly deliver: (mail: OutboxMail) => Effect.Effect<void, string>
}

/** After this many failed attempts a mail is given up (its last error kept for the operator). */
export const MAX_DELIVERY_ATTEMPTS = 8

/** The wait before attempt n + 1: 30 s, doubling, at most an hour (about 1 h 4 min in all). */
export const retryDelayMs = (attempts: number): number =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000)

/** How long a sender's claim on a mail lasts: a sender that dies mid-send is replaced then. */
export const CLAIM_MS = 120_000

/** Mails tried per pass. */
const BATCH = 50

export interface DeliveryReport {
  readonly sent: number
  /** Failed this time; tried again after retryDelayMs. */
  readonly retrying: number
  /** Failed for the last time. */
  readonly failed: number
}

export class MailDelivery extends Context.Service<
  MailDelivery,
  {
    /** Tries every mail that is due now, once each; what became of them. */
    readonly deliverDue: Effect.Effect<DeliveryReport>
  }
>()("colorday/mail/MailDelivery") {}

const reason = (cause: unknown): string => {
  const text = cause instanceof Error ? cause.message : String(cause)
  return text.replace(/\s+/g, " ").slice(0, 500)
}

/**
 * RFC 8058 one-click unsubscribe: mail clients show an "Unsubscribe" button that POSTs
 * "List-Unsubscribe=One-Click" to the address (the List-Unsubscribe-Post header says it may).
 */
export const listUnsubscribe = (url: string) => ({
  "List-Unsubscribe": `<${url}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
})

/** Through an SMTP relay (nodemailer's connection URL: smtp://user:pass@host:587, smtps://…). */
export const smtpTransport = (smtpUrl: string, from: string) =>
  Effect.gen(function* () {
    const transport = yield* Effect.acquireRelease(
      Effect.sync(() =>
        nodemailer.createTransport({
          url: smtpUrl,
          // A relay that stops answering fails the attempt (to be retried), never hangs the sender.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }),
      ),
      (transport) => Effect.sync(() => transport.close()),
    )
    return {
      name: "smtp",
      deliver: (mail) =>
        Effect.tryPromise({
          try: () =>
            transport.sendMail({
              from,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              ...(mail.html === null ? {} : { html: mail.html }),
              ...(mail.replyTo === null ? {} : { replyTo: mail.replyTo }),
              ...(mail.unsubscribeUrl === null
                ? {}
                : { headers: listUnsubscribe(mail.unsubscribeUrl) }),
            }),
          catch: reason,
        }).pipe(Effect.asVoid),
    } satisfies MailTransport
  })

/** The embedded default without SMTP: one line per mail with its link, so a developer can click it. */
export const logTransport = (log: (line: string) => void): MailTransport => ({
  name: "log",
  deliver: (mail) =>
    Effect.sync(() => {
      const link = mail.link === null ? "" : ` ${mail.link}`
      log(`mail → ${mail.to} "${mail.subject}"${link}`)
    }),
})

/** One attempt at one mail this sender has claimed; what became of it. */
const attempt = (outbox: OutboxRepository["Service"], transport: MailTransport, mail: OutboxMail) =>
  Effect.gen(function* () {
    const outcome = yield* Effect.result(
      transport.deliver(mail).pipe(
        Effect.timeoutOrElse({
          duration: Duration.millis(CLAIM_MS / 2),
          orElse: () => Effect.fail("the relay did not answer in time"),
        }),
      ),
    )
    const now = yield* Clock.currentTimeMillis
    if (outcome._tag === "Success") {
      yield* outbox.markSent(mail.id, now)
      return "sent" as const
    }
    const attempts = mail.attempts + 1
    const retryAt = attempts >= MAX_DELIVERY_ATTEMPTS ? null : now + retryDelayMs(attempts)
    yield* outbox.markFailed(mail.id, outcome.failure, retryAt)
    yield* Effect.logWarning(
      retryAt === null
        ? `the ${mail.kind ?? "queued"} mail ${mail.id} to ${mail.to} was given up after ${attempts} attempts: ${outcome.failure}`
        : `the ${mail.kind ?? "queued"} mail ${mail.id} to ${mail.to} failed (attempt ${attempts}); retrying in ${Math.round(retryDelayMs(attempts) / 1000)} s: ${outcome.failure}`,
    )
    return retryAt === null ? ("failed" as const) : ("retrying" as const)
  })

export const makeMailDelivery = (transport: MailTransport) =>
  Effect.gen(function* () {
    const outbox = yield* OutboxRepository
    const deliverDue = Effect.gen(function* () {
      const report = { sent: 0, retrying: 0, failed: 0 }
      const now = yield* Clock.currentTimeMillis
      for (const mail of yield* outbox.due(now, BATCH)) {
        // Another instance's sender may have taken it since it was read.
        if (!(yield* outbox.claim(mail, now + CLAIM_MS))) continue
        report[yield* attempt(outbox, transport, mail)] += 1
      }
      return report
    }).pipe(Effect.withSpan("MailDelivery.deliverDue"))
    return MailDelivery.of({ deliverDue })
  })

export interface MailDeliveryConfig {
  /** How often the sender looks for due mail; 0: never on its own (tests call deliverDue). */
  readonly pollIntervalMs: number
}

/**
 * The sender: a fiber that delivers due mail every `pollIntervalMs` while the layer lives, and a
 * last pass when it closes (so a CLI command's mails leave before it exits; the CLI runs only that
 * one). Its failures are logged, never fatal: the queued mail waits for the next pass.
 */
export const layerMailDelivery = (
  transport: Effect.Effect<MailTransport, never, Scope.Scope>,
  config: MailDeliveryConfig,
) =>
  Layer.effect(
    MailDelivery,
    Effect.gen(function* () {
      const delivery = yield* makeMailDelivery(yield* transport)
      const pass = delivery.deliverDue.pipe(
        Effect.catchDefect((defect) => Effect.logWarning("mail delivery failed", defect)),
        Effect.asVoid,
      )
      // Added before the loop is forked, so it runs after the loop is stopped. Quiet: a CLI
      // command may close on a database without tables yet (`colorday db status` on a new one).
      yield* Effect.addFinalizer(() =>
        delivery.deliverDue.pipe(Effect.timeout(Duration.seconds(15)), Effect.ignoreCause),
      )
      if (config.pollIntervalMs > 0) {
        const interval = Effect.sleep(Duration.millis(config.pollIntervalMs))
        // The first pass after one interval: the server has migrated and checked its schema by then.
        yield* Effect.forkScoped(Effect.forever(Effect.andThen(interval, pass)))
      }
      return delivery
    }),
  )
