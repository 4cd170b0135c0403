"use client";
// Support, as the server configured it (SUPPORT_URL or SUPPORT_EMAIL), for every status page and
// error. Without either, the pages show the ids to quote instead of a link.
import { createContext, useContext } from "react";
import { useTranslations } from "next-intl";
import { supportLink, type SupportConfig, type SupportContext } from "@/lib/swap/support";
import { join } from "./ui/join";

const SupportConfigContext = createContext<SupportConfig>({ url: null, email: null });

export function SupportProvider({ config, children }: { config: SupportConfig; children: React.ReactNode }) {
  return <SupportConfigContext value={config}>{children}</SupportConfigContext>;
}

export const useSupportConfig = () => useContext(SupportConfigContext);

/** "Contact support", carrying the ids and the time; nothing when support is not configured. */
export function SupportLink({
  context,
  className,
  children,
}: {
  context: Omit<SupportContext, "at">;
  className?: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations("support");
  const link = supportLink(useSupportConfig(), { ...context, at: new Date() });
  if (!link) return null;
  return (
    <a
      href={link.href}
      target={link.kind === "url" ? "_blank" : undefined}
      rel={link.kind === "url" ? "noopener noreferrer" : undefined}
      data-testid="support-link"
      className={join("font-medium text-current underline underline-offset-2 hover:no-underline", className)}
    >
      {children ?? t("contact")}
      {link.kind === "url" ? <span className="sr-only"> {t("newTab")}</span> : null}
    </a>
  );
}
