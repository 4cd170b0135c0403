// "E-mail me this link" (issue 36), against a real SMTP dialogue: the test starts an SMTP server
// (smtp-server), the app is given SMTP_URL and MAIL_FROM, and the message that arrives carries the
// status link, token in the fragment, which opens the swap. The route wants the swap's token, limits
// each client and each address, and answers bad input with the error shape.
import { SMTPServer } from "smtp-server";
import { createSwapThroughApi, expect, screenshotStep, test } from "./fixtures";
import { SwapPage } from "./pages/swap-page";
import { axeBothSchemes } from "./trust-helpers";

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3210) + 21000;
type Received = { from: string; to: string[]; raw: string };
const inbox: Received[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      inbox.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});

test.beforeAll(() => new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve)));
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

test.use({ appEnv: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: "swaps@shop.example" } });

/** The text body, quoted-printable undone (nodemailer wraps long lines and escapes "="). */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  return /content-transfer-encoding: quoted-printable/i.test(raw)
    ? Buffer.from(
        body
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8")
    : body;
}

test("the deposit page e-mails its link; the link that arrives opens the swap", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const swapPage = new SwapPage(page);
  await swapPage.goto(created.path);
  const offer = page.getByTestId("email-link");
  await offer.getByText("E-mail me this link").click();
  await page.getByLabel("Your e-mail address").fill("Nervous.User@example.com");
  await screenshotStep(page, "email-link");
  await axeBothSchemes(page, "e-mail me this link");
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByTestId("email-link-result")).toHaveText("Sent. Check your inbox, and the spam folder.");

  await expect.poll(() => inbox.length).toBe(1);
  const mail = inbox[0]!;
  expect(mail.from).toBe("swaps@shop.example");
  expect(mail.to).toEqual(["Nervous.User@example.com"]);
  expect(mail.raw).toMatch(new RegExp(`^Subject: Your swap ${created.id}: the link back`, "m"));
  const body = bodyOf(mail.raw);
  const link = /https?:\/\/\S+\/swap\/[A-Z0-9]{12}#t=[A-Za-z0-9_-]+/.exec(body)?.[0];
  expect(link, body).toBe(`${baseURL}/swap/${created.id}#t=${created.token}`);

  // The link, opened in another browser (no saved swaps there), opens the swap.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const there = new SwapPage(otherPage);
  await there.goto(link!);
  await there.expectStatus("waiting_deposit", "Waiting for your deposit");
  await other.close();
});

test("the route: the swap's token, the error shape for bad input, and limits per address and per client", async ({
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!);
  const url = `${baseURL}/api/v1/swap/${created.id}/email`;
  const send = (email: string, token: string | null = created.token, locale = "en") =>
    request.post(url, { headers: token ? { "x-swap-token": token } : {}, data: { email, locale } });

  const bad = await request.post(url, {
    headers: { "x-swap-token": created.token },
    data: { email: "nope", locale: "en" },
  });
  expect(bad.status()).toBe(400);
  const badBody = (await bad.json()) as { error: { code: string; details: unknown }; requestId: string };
  expect(badBody.error.code).toBe("validation_error");
  expect(badBody.requestId).toBeTruthy();
  expect(
    (
      await request.post(url, {
        headers: { "x-swap-token": created.token },
        data: { email: "a@example.com", locale: "en", cc: "x@example.com" },
      })
    ).status(),
  ).toBe(400);
  expect((await send("a@example.com", created.token, "xx")).status()).toBe(400);

  const before = inbox.length;
  const limitOf = async (response: Awaited<ReturnType<typeof send>>) =>
    ((await response.json()) as { error: { details: { limit?: string } } }).error.details.limit;

  // Per address: 3 an hour (any letter case), then 429.
  for (const email of ["victim@example.com", "Victim@example.com", "VICTIM@example.com"])
    expect((await send(email)).status()).toBe(200);
  const perAddress = await send("victim@example.com");
  expect(perAddress.status()).toBe(429);
  expect(perAddress.headers()["retry-after"]).toBeTruthy();
  expect(await limitOf(perAddress)).toBe("email-address");

  // Only the swap's token opens it; nothing is sent without it.
  const wrong = await send("a@example.com", "A".repeat(43));
  expect(wrong.status()).toBe(404);
  expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("swap_not_found");
  expect((await send("a@example.com", null)).status()).toBe(404);
  await expect.poll(() => inbox.length).toBe(before + 3);

  // Per client: 10 an hour, wrong tokens included; then 429, whatever the address.
  let refused: Awaited<ReturnType<typeof send>> | null = null;
  for (let n = 0; n < 12 && !refused; n++) {
    const response = await send(`person${n}@example.com`);
    if (response.status() === 429) refused = response;
    else expect(response.status()).toBe(200);
  }
  expect(refused, "the client's limit refuses before 12 more").not.toBeNull();
  expect(await limitOf(refused!)).toBe("email-client");
  expect(((await refused!.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
});
