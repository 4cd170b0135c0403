import { getTranslations } from "next-intl/server";
import { Checkout } from "@/components/checkout/checkout";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { SupportProvider } from "@/components/support";
import { MySwapsSlot } from "@/components/checkout/my-swaps-slot";
import { ContinueSwap } from "@/components/checkout/continue-swap";
import { assetsAtHand } from "@/lib/bff/assets";
import { config, partnerBrand } from "@/lib/config";
import { checkoutPresetSchema } from "@/lib/schema/pages";

export async function generateMetadata() {
  const t = await getTranslations("checkout");
  return { title: t("heading") };
}

export default async function CheckoutPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const preset = checkoutPresetSchema.parse(await searchParams);
  // The asset list is usually cached; handing it to the page saves the browser a round trip (not
  // worth more than a moment's wait when it is not: lib/bff/assets.ts).
  const assets = await assetsAtHand("page");
  return (
    <>
      <SiteHeader sandbox={config().mode === "sandbox"} brand={partnerBrand()} />
      <main id="main" className="mx-auto flex w-full max-w-lg flex-col items-center px-3 pb-16 sm:px-4">
        <SupportProvider config={{ url: config().SUPPORT_URL ?? null, email: config().SUPPORT_EMAIL ?? null }}>
          <ContinueSwap />
          <Checkout preset={preset} initialAssets={assets} />
          <MySwapsSlot />
        </SupportProvider>
      </main>
      <SiteFooter {...partnerBrand()} />
    </>
  );
}
