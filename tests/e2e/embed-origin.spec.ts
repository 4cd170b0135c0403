// The embed page's snippet, as a partner developer copies it: it names the address the browser
// reached, even when the server was told otherwise. This server trusts one proxy
// (TRUST_PROXY_HOPS=1) that is not there, so a forged X-Forwarded-Host reaches the page's render
// as if a proxy had set it: only the browser's own location keeps the snippet right.
import { expect, test } from "./fixtures";

test.use({ appEnv: { TRUST_PROXY_HOPS: "1" } });

test("the snippet and the preview use the page's own origin, whatever X-Forwarded-Host the request carried", async ({
  page,
  app,
}) => {
  // On the page's own request only: the widget's API calls would be refused as cross-origin.
  await page.route("**/widget/embed", (route) =>
    route.continue({
      headers: { ...route.request().headers(), "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" },
    }),
  );
  await page.goto(`${app.origin}/widget/embed`);
  const snippet = page.getByTestId("snippet");
  await expect(snippet).toContainText(`<script src="${app.origin}/embed.js"></script>`);
  await expect(snippet).toContainText(`src: "${app.origin}/widget?`);
  await expect(snippet).not.toContainText("attacker.example");
  await page.getByRole("tab", { name: "React" }).click();
  await expect(snippet).toContainText(`src: "${app.origin}/embed.js"`);
  await expect(snippet).not.toContainText("attacker.example");
  // The preview is this app's widget, loaded from where the page was.
  await expect(page.locator("iframe")).toHaveAttribute("src", /^\/widget\?/);
  await expect(page.frameLocator("iframe").getByTestId("quote-details")).toBeVisible();
});
