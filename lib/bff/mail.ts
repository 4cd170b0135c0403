// "E-mail me this link" (optional, like webhooks): with SMTP_URL and MAIL_FROM set, the swap page's
// link, with its token in the fragment, goes by e-mail in the page's language. Only the swap's
// token opens it; each client and each address is limited; the address is used for the one message
// and kept nowhere, except as a keyed hash that counts its messages for the limit.
import "server-only";
import { createHmac } from "node:crypto";
import nodemailer from "nodemailer";
import { getTranslations } from "next-intl/server";
import { config } from "@/lib/config";
import { isLocale } from "@/lib/i18n/locales";
import { processSingleton } from "@/lib/process-singleton";
import { ApiError } from "./http/errors";
import { consumeOrRefuse, sharedLimiter } from "./http/rate-limit";
import { readSwap } from "./status/read";

/** Per client and per address, an hour: enough to retry a typo, too few to mail-bomb anyone. */
const PER_CLIENT_PER_HOUR = 10;
const PER_ADDRESS_PER_HOUR = 3;

const mailEnabled = (): boolean => !!config().SMTP_URL && !!config().MAIL_FROM;

const limiters = () =>
  processSingleton("mail-limiters", () => ({
    client: sharedLimiter("mail-c", PER_CLIENT_PER_HOUR, 3600),
    address: sharedLimiter("mail-a", PER_ADDRESS_PER_HOUR, 3600),
  }));

const transport = () => processSingleton("mail-transport", () => nodemailer.createTransport(config().SMTP_URL!));

/** The limit's key for an address: a keyed hash (never the address), the same for any letter case. */
const addressKey = (email: string) =>
  createHmac("sha256", config().keyFor("mail-limit")).update(email.toLowerCase()).digest("base64url");

type SwapLinkMail = {
  id: string;
  token: string | null;
  email: string;
  locale: string;
  origin: string;
  clientId: string;
  requestId: string;
};

/** Sends the swap's link to `email`; 404 when mail is off or the token does not open the swap, 429 past a limit. */
export async function mailSwapLink({
  id,
  token,
  email,
  locale,
  origin,
  clientId,
  requestId,
}: SwapLinkMail): Promise<void> {
  if (!mailEnabled()) throw new ApiError("not_found");
  if (!isLocale(locale))
    throw new ApiError("validation_error", "The request is invalid.", {
      fields: { locale: "must be one of the app's languages" },
    });
  // Counted before the token is looked at, so guessing tokens here costs as much as sending.
  await consumeOrRefuse(limiters().client, clientId, "email-client");
  // Only the holder of the swap's token: a wrong one is 404 swap_not_found, as a read.
  await readSwap(id, token, requestId, clientId);
  await consumeOrRefuse(limiters().address, addressKey(email), "email-address");
  const t = await getTranslations({ locale, namespace: "emailLink" });
  const link = `${origin}/swap/${id}#t=${token}`;
  try {
    await transport().sendMail({
      from: config().MAIL_FROM,
      to: email,
      subject: t("subject", { id }),
      text: `${t("body", { id })}\n\n${link}\n`,
      headers: { "Content-Language": locale },
    });
  } catch {
    // The mail server's words may carry the address: none of it goes to the client or the log.
    throw new ApiError("upstream_error", "The e-mail could not be sent.");
  }
}
