"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { bff, noContent } from "@/lib/client/bff";
import { focusHeadingOnArrival } from "@/lib/client/heading-focus";
import { startSigningOut } from "@/lib/client/signing-out";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

export function LogoutButton() {
  const t = useTranslations("dashboard");
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="secondary"
      size="bar"
      className="whitespace-nowrap"
      disabled={leaving}
      onClick={async () => {
        setLeaving(true);
        startSigningOut();
        // Clearing the cookie is all there is to it; even if the call fails, leave the page.
        await bff("/api/partner/session", noContent, { method: "DELETE" }).catch(() => undefined);
        // The login page puts focus on its password field, where the next thing happens.
        focusHeadingOnArrival();
        router.replace("/partner/login");
        router.refresh();
      }}
    >
      {leaving ? <Spinner size="sm" /> : null}
      {t("logout")}
    </Button>
  );
}
