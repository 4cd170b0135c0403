import { getTranslations } from "next-intl/server";
import { SiteHeader } from "../site-header";
import { LogoutButton } from "./logout-button";

/** The operator pages' header: as wide as the dashboard, with sign-out once signed in. */
export async function DashboardHeader({ sandbox, signedIn }: { sandbox: boolean; signedIn: boolean }) {
  const t = await getTranslations("dashboard");
  return (
    <SiteHeader sandbox={sandbox} home="/partner" tag={t("badge")} width="dashboard">
      {signedIn ? <LogoutButton /> : null}
    </SiteHeader>
  );
}
