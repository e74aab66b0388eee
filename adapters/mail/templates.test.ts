import { describe, expect, it } from "vitest"
import type { ContestPrize } from "../../domain/contests/contest-prize.ts"
import { escapeHtml, MAX_SUBJECT_LENGTH, renderMail } from "./templates.ts"

const URL = "https://colorday.example/"

describe("renderMail", () => {
  it("links a verification mail to /verify-email/{token} under the public URL", () => {
    const mail = renderMail(
      { kind: "verify-email", to: "ada@x.test", name: "Ada", token: "tok_EN-123" },
      URL,
    )
    expect(mail.subject).toBe("Verify your e-mail")
    expect(mail.link).toBe("https://colorday.example/verify-email/tok_EN-123")
    expect(mail.text).toContain("https://colorday.example/verify-email/tok_EN-123")
    expect(mail.text).toContain("24 hours")
    expect(mail.html).toContain('href="https://colorday.example/verify-email/tok_EN-123"')
  })

  it("links a reset mail to /reset-password/{token}, valid 1 hour", () => {
    const mail = renderMail(
      { kind: "reset-password", to: "ada@x.test", name: "Ada", token: "abc" },
      "http://localhost:3000",
    )
    expect(mail.link).toBe("http://localhost:3000/reset-password/abc")
    expect(mail.text).toContain("1 hour")
    expect(mail.html).toContain('href="http://localhost:3000/reset-password/abc"')
  })

  it("escapes everything a person typed in the HTML part, and keeps it verbatim in the text", () => {
    const mail = renderMail(
      {
        kind: "contact-received",
        to: "support@colorday.test",
        fromName: `Eve <script>alert("x")</script>`,
        fromEmail: "eve@x.test",
        subject: "Hi & <b>bye</b>",
        message: "<img src=x onerror=alert(1)>\n\nSecond paragraph",
      },
      URL,
    )
    expect(mail.html).not.toContain("<script>")
    expect(mail.html).not.toContain("<img")
    expect(mail.html).toContain("Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;")
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;")
    expect(mail.text).toContain("<img src=x onerror=alert(1)>")
    expect(mail.replyTo).toBe("eve@x.test")
    expect(mail.subject).toBe("Contact form: Hi & <b>bye</b>")
  })

  it("keeps a subject on one line and within the outbox's 200 characters", () => {
    const mail = renderMail(
      {
        kind: "contact-received",
        to: "support@colorday.test",
        fromName: "Eve",
        fromEmail: "eve@x.test",
        subject: `Hello\r\nBcc: victim@x.test ${"x".repeat(300)}`,
        message: "m",
      },
      URL,
    )
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.subject.length).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH)
  })

  it("confirms a contact message with the spec's promise of an answer within 24 hours", () => {
    const mail = renderMail(
      { kind: "contact-confirmation", to: "ada@x.test", name: "Ada", subject: "Prizes" },
      URL,
    )
    expect(mail.to).toBe("ada@x.test")
    expect(mail.text).toContain(
      "Thank you for contacting us. We'll get back to you within 24 hours.",
    )
    expect(mail.text).toContain("Prizes")
  })

  it("announces a win with raw votes and the weighted score", () => {
    const mail = renderMail(
      {
        kind: "winner-announcement",
        to: "ada@x.test",
        name: "Ada",
        contestTitle: "Autumn <Leaves>",
        rawVotes: 12,
        weightedScore: 20.5,
      },
      URL,
    )
    expect(mail.subject).toBe('You won "Autumn <Leaves>"!')
    expect(mail.text).toContain("12 votes")
    expect(mail.text).toContain("weighted score 20.5")
    expect(mail.html).toContain("Autumn &lt;Leaves&gt;")
  })

  it("names the contest's prize in the winner's mail, escaped in HTML, and none when none was set", () => {
    const winner = (prize: ContestPrize | null) =>
      renderMail(
        {
          kind: "winner-announcement",
          to: "ada@x.test",
          name: "Ada",
          contestTitle: "Koi",
          rawVotes: 3,
          weightedScore: 4,
          prize,
        },
        URL,
      )
    const withPrize = winner({ kind: "cash", text: "Cash <prize>", amount: 2500 })
    expect(withPrize.text).toContain("Your prize: $25 (Cash <prize>).")
    expect(withPrize.html).toContain("Your prize: $25 (Cash &lt;prize&gt;).")
    expect(winner(null).text).not.toContain("Your prize")
  })

  it("tells an entrant their rank, Votes and Score, the winner, and links the contest page", () => {
    const results = (rank: number) =>
      renderMail(
        {
          kind: "contest-results",
          to: "bo@x.test",
          name: "Bo",
          contestId: "c-42",
          contestTitle: "Koi <Pond>",
          rank,
          rawVotes: 7,
          score: 10.5,
          winnerName: "ada<3",
          entrants: 23,
          unsubscribeToken: "tok/en",
        },
        URL,
      )
    const mail = results(2)
    expect(mail.unsubscribeUrl).toBe("https://colorday.example/api/unsubscribe/tok%2Fen")
    expect(mail.html).toContain('<a href="https://colorday.example/api/unsubscribe/tok%2Fen">')
    expect(mail.subject).toBe('The results of "Koi <Pond>" are in')
    expect(mail.link).toBe("https://colorday.example/contests/c-42")
    expect(mail.text).toContain("ranked 2nd of 23")
    expect(mail.text).toContain("Votes: 7\nScore: 10.5")
    expect(mail.text).toContain("The winner is ada<3.")
    expect(mail.text).toContain("https://colorday.example/contests/c-42")
    expect(mail.html).toContain('href="https://colorday.example/contests/c-42"')
    expect(mail.html).toContain("The winner is ada&lt;3.")
    expect(mail.html).not.toContain("Koi <Pond>")
    expect(results(1).text).toContain("Your entry won, ranked 1st of 23.")
    expect(results(13).text).toContain("ranked 13th of 23")
  })
})

describe("the contest-cancelled mail", () => {
  const cancelled = (entries: number, creditsReturned: number) =>
    renderMail(
      {
        kind: "contest-cancelled",
        to: "bo@x.test",
        name: "Bo",
        contestTitle: "Koi <Pond>",
        reason: "The line art had <errors>",
        entries,
        creditsReturned,
      },
      URL,
    )

  it("gives the admin's reason and says the credits are back, escaped in HTML", () => {
    const mail = cancelled(2, 2)
    expect(mail.subject).toBe('"Koi <Pond>" was cancelled')
    expect(mail.text).toContain("The reason: The line art had <errors>")
    expect(mail.text).toContain(
      "The 2 credits you spent on your 2 entries are back in your account.",
    )
    expect(mail.html).toContain("The line art had &lt;errors&gt;")
    expect(mail.html).not.toContain("<errors>")
    expect(cancelled(1, 1).text).toContain("The credit you spent on your entry is back")
  })

  it("offers a paid extra entry's refund instead of its credit, with the billing history link", () => {
    const mail = renderMail(
      {
        kind: "contest-cancelled",
        to: "bo@x.test",
        name: "Bo",
        contestTitle: "Koi Pond",
        reason: "Wrong line art",
        entries: 1,
        creditsReturned: 1,
        refundableExtraEntries: 1,
      },
      URL,
    )
    expect(mail.text).toContain("You paid $2.99 for an extra entry in it.")
    expect(mail.text).toContain(`refunded from your billing history while the credit is unused`)
    expect(mail.text).toContain("/billing-history")
    expect(cancelled(1, 1).text).not.toContain("billing history")
  })

  it("tells an unlimited plan that nothing was spent", () => {
    expect(cancelled(1, 0).text).toContain(
      "Your plan has unlimited entries, so no credit was spent.",
    )
  })
})

describe("the failed sign-ins mail", () => {
  it("tells the owner how many wrong passwords came, that they can still sign in, and links a reset", () => {
    const mail = renderMail(
      { kind: "failed-sign-ins", to: "ada@x.test", name: "Ada <3", attempts: 10 },
      URL,
    )
    expect(mail.to).toBe("ada@x.test")
    expect(mail.subject).toBe("Failed sign-ins to your Colorday account")
    expect(mail.text).toContain("Hi Ada <3,")
    expect(mail.text).toContain("a wrong password 10 times in a row")
    expect(mail.text).toContain("you can still sign in as usual")
    expect(mail.link).toBe("https://colorday.example/forgot-password")
    expect(mail.html).toContain('href="https://colorday.example/forgot-password"')
    expect(mail.html).toContain("Hi Ada &lt;3,")
  })
})

describe("the e-mail address mails", () => {
  it("links an e-mail change to the verification page, and says the account keeps its address until then", () => {
    const mail = renderMail(
      { kind: "confirm-email-change", to: "ada@new.test", name: "Ada", token: "tok" },
      URL,
    )
    expect(mail.link).toBe("https://colorday.example/verify-email/tok")
    expect(mail.text).toContain("Until then your account keeps its current address.")
  })

  it("tells the current address the new one, escaped in HTML, with a reset link", () => {
    const mail = renderMail(
      { kind: "email-change-requested", to: "ada@x.test", name: "Ada", newEmail: "<b>@x.test" },
      URL,
    )
    expect(mail.text).toContain("change its e-mail address to <b>@x.test")
    expect(mail.html).toContain("&lt;b&gt;@x.test")
    expect(mail.html).not.toContain("<b>@x.test")
    expect(mail.link).toBe("https://colorday.example/forgot-password")
  })

  it("tells an address's owner what was tried with it, and never links a verification", () => {
    for (const attempt of ["sign-up", "email-change"] as const) {
      const mail = renderMail({ kind: "address-in-use", to: "a@x.test", name: "A", attempt }, URL)
      expect(mail.text).toMatch(attempt === "sign-up" ? /tried to sign up/ : /move another/)
      expect(mail.text).not.toContain("verify-email")
    }
  })
})

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    )
  })
})

describe("the drawing-won mail", () => {
  it("names the plan, the month, the prize and the entrants, and links to the drawings page", () => {
    const mail = renderMail(
      {
        kind: "drawing-won",
        to: "bo@x.test",
        name: "Bo <B>",
        month: "2026-11",
        planName: "Color Pro",
        prizeCents: 5000,
        entrants: 12,
      },
      URL,
    )
    expect(mail.subject).toBe("You won the Color Pro drawing of 2026-11!")
    expect(mail.text).toContain(
      "You won $50.00 in the Color Pro drawing of 2026-11, drawn from 12 entrants.",
    )
    expect(mail.link).toMatch(/\/rewards\/drawings$/)
    expect(mail.html).toContain("Bo &lt;B&gt;")
    expect(mail.html).not.toContain("<B>")
  })
})

describe("the feedback-given mail", () => {
  it("names the judge and the contest, says who reads it, and links to the entry's page", () => {
    const mail = renderMail(
      {
        kind: "feedback-given",
        to: "grace@x.test",
        name: "Grace",
        judgeName: "marie<script>",
        contestTitle: "Succulent Pots",
        entryId: "e 1",
        unsubscribeToken: "t1",
      },
      URL,
    )
    expect(mail.subject).toBe('Feedback from a judge on your entry in "Succulent Pots"')
    expect(mail.text).toContain("one of our judges, wrote professional feedback")
    expect(mail.text).toContain("only you, the judges and admins can read it")
    expect(mail.link).toMatch(/\/entries\/e%201$/)
    expect(mail.html).toContain("marie&lt;script&gt;")
    expect(mail.html).not.toContain("<script>")
    expect(mail.unsubscribeUrl).toBe("https://colorday.example/api/unsubscribe/t1")
    expect(mail.text).toContain(
      'because "Comments and feedback" is on in your settings. Turn it off with one click: https://colorday.example/api/unsubscribe/t1',
    )
  })
})

describe("the new-sign-in mail", () => {
  it("gives the time in UTC, the browser, the sign-out link and the one-click unsubscribe", () => {
    const mail = renderMail(
      {
        kind: "new-sign-in",
        to: "ada@x.test",
        name: "Ada<",
        at: Date.UTC(2026, 10, 27, 9, 5, 30),
        browser: { browser: "Firefox", system: "Windows", header: "Mozilla/5.0 (Windows NT 10.0)" },
        secureToken: "s/1",
        unsubscribeToken: "u1",
      },
      URL,
    )
    expect(mail.subject).toBe("New sign-in to your Colorday account")
    expect(mail.text).toContain("When: 2026-11-27 09:05 UTC\nBrowser: Firefox on Windows")
    expect(mail.link).toBe("https://colorday.example/api/users/secure-account/s%2F1")
    expect(mail.text).toContain(mail.link)
    expect(mail.unsubscribeUrl).toBe("https://colorday.example/api/unsubscribe/u1")
    expect(mail.text).toContain('"Login notifications" is on in your settings')
    expect(mail.html).toContain("Ada&lt;")
  })
})
