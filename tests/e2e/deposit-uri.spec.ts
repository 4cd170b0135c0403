// The deposit QR decoded from the page, pixel by pixel, equals the payment URI built from the swap
// (BTC, an ERC-20 token, SOL, XLM with a memo); "QR with the address only"; "Open in wallet" on
// phones and at the top level from the widget; the memo confirmation before the address.
import jsQR from "jsqr";
import type { APIRequestContext, Page } from "@playwright/test";
import { depositUri } from "@/lib/swap/payment-uri";
import { swapAnswerSchema, type SwapAnswer } from "@/lib/schema/bff";
import { assetListSchema } from "@/lib/schema/partner";
import {
  createSwapThroughApi,
  expect,
  expectNoSeriousA11yViolations,
  screenshotStep,
  test,
  type CreatedSwap,
} from "./fixtures";
import { SwapPage } from "./pages/swap-page";

const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const SOL_ADDRESS = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";

/** Draws the page's QR image on a canvas and decodes the pixels with jsQR. */
async function decodeQr(page: Page): Promise<string> {
  const qr = page.getByTestId("deposit-qr");
  await expect(qr).toBeVisible();
  const size = 480;
  // The pixels come back as one base64 string: as an array, Playwright would serialise 921,600
  // numbers one by one, seconds a decode.
  const pixels = await qr.evaluate(async (img: HTMLImageElement, size: number) => {
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(img, 0, 0, size, size);
    const data = context.getImageData(0, 0, size, size).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(binary);
  }, size);
  const code = jsQR(new Uint8ClampedArray(Buffer.from(pixels, "base64")), size, size);
  expect(code, "the QR on the page decodes").not.toBeNull();
  return code!.data;
}

/** The URI the swap calls for, built from the swap answer and the asset list as the BFF serves them. */
async function expectedUri(
  request: APIRequestContext,
  baseURL: string,
  created: CreatedSwap,
): Promise<{ uri: string; swap: SwapAnswer }> {
  const swap = swapAnswerSchema.parse(
    await (
      await request.get(`${baseURL}/api/v1/swap/${created.id}`, { headers: { "x-swap-token": created.token } })
    ).json(),
  );
  const { assets } = assetListSchema.parse(await (await request.get(`${baseURL}/api/v1/assets`)).json());
  const asset = assets.find((a) => a.network === swap.deposit.network && a.symbol === swap.deposit.token);
  // The answer carries the deposit asset, and it is the listed one.
  expect(swap.depositAsset).toEqual(
    asset ? { contractAddress: asset.contractAddress, decimals: asset.decimals } : null,
  );
  return { uri: depositUri(swap, swap.depositAsset ?? null).uri, swap };
}

/** The asset list refused as a busy key refuses it, for this page. */
async function refuseAssetList(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route("**/api/v1/assets*", (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      status: 429,
      headers: { "content-type": "application/json", "retry-after": "30" },
      body: JSON.stringify({
        error: { code: "rate_limited", message: "Too many requests.", details: {} },
        requestId: "req_test",
      }),
    });
  });
  return asked;
}

test("BTC: the QR is the BIP-21 URI with the exact amount, and 'QR with the address only' holds the address", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["BTC", "bitcoin"], amount: "0.01" });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(uri).toBe(`bitcoin:${swap.deposit.address}?amount=0.01`);
  const swapPage = new SwapPage(page);
  await swapPage.goto(created.path);
  expect(await decodeQr(page)).toBe(uri);

  await page.getByRole("checkbox", { name: "QR with the address only" }).check();
  expect(await decodeQr(page)).toBe(swap.deposit.address);
  // The address reads in groups of 4, and copies as one exact string.
  await expect(swapPage.depositAddress).toHaveAttribute("data-address", swap.deposit.address);
  await expect(swapPage.depositAddress).toHaveText(swap.deposit.address);
  await expect(page.getByTestId("deposit-network")).toHaveText("Bitcoin");
});

test("an ERC-20 token: EIP-681 transfer on the contract with base units", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["USDT", "ethereum"], amount: "25.5" });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(uri).toBe(
    `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${swap.deposit.address}&uint256=25500000`,
  );
  await new SwapPage(page).goto(created.path);
  expect(await decodeQr(page)).toBe(uri);
  // The network chip names the token standard.
  await expect(page.getByTestId("deposit-network")).toHaveText("EthereumERC-20");
  // The tip is a disclosure now: its summary has a "!" mark before the words.
  await expect(page.getByTestId("exchange-warning")).toContainText(
    "Sending from an exchange? It takes its withdrawal fee out of what you send: make sure exactly 25.5 USDT arrives.",
  );
});

test("SOL: the Solana Pay URI", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!, {
    from: ["SOL", "solana"],
    to: ["ETH", "ethereum"],
    amount: "1.5",
    address: EVM_ADDRESS,
  });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(uri).toBe(`solana:${swap.deposit.address}?amount=1.5`);
  await new SwapPage(page).goto(created.path);
  expect(await decodeQr(page)).toBe(uri);
});

test("XLM with a memo: the address shows only after 'I will include the memo', and the QR is the SEP-7 URI with the memo", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, {
    from: ["XLM", "stellar"],
    to: ["SOL", "solana"],
    amount: "60",
    address: SOL_ADDRESS,
  });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(swap.deposit.memo).toBeTruthy();
  expect(uri).toBe(
    `web+stellar:pay?destination=${swap.deposit.address}&amount=60&memo=${encodeURIComponent(swap.deposit.memo!)}&memo_type=${/^\d+$/.test(swap.deposit.memo!) ? "MEMO_ID" : "MEMO_TEXT"}`,
  );
  const swapPage = new SwapPage(page);
  await swapPage.goto(created.path);
  await expect(swapPage.depositMemo).toHaveText(swap.deposit.memo!);
  await expect(swapPage.depositAddress).toBeHidden();
  await expect(page.getByTestId("deposit-qr")).toBeHidden();
  await expect(page.getByTestId("address-hidden")).toBeVisible();
  await screenshotStep(page, "deposit-memo-unconfirmed");
  await expectNoSeriousA11yViolations(page, "memo not yet confirmed");

  await page.getByRole("checkbox", { name: "I will include the memo" }).check();
  await expect(swapPage.depositAddress).toHaveText(swap.deposit.address);
  expect(await decodeQr(page)).toBe(uri);
  await screenshotStep(page, "deposit-memo-confirmed");
  // A QR of the address alone carries no memo: the note under it says the memo is to be typed.
  await page.getByRole("checkbox", { name: "QR with the address only" }).check();
  expect(await decodeQr(page)).toBe(swap.deposit.address);
  await expect(page.getByTestId("qr-note")).toHaveText(
    "This QR holds the address only: enter the amount and the memo in your wallet.",
  );
});

test("'Open in wallet' on a phone carries the same URI, and opens at the top level (from the widget's iframe too)", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["BTC", "bitcoin"], amount: "0.01" });
  const { uri } = await expectedUri(request, baseURL!, created);
  await page.setViewportSize({ width: 390, height: 844 });
  await new SwapPage(page).goto(created.path);
  const open = page.getByRole("link", { name: "Open in wallet" });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute("href", uri);
  await expect(open).toHaveAttribute("target", "_top");

  await page.goto(`/widget/swap/${created.id}?theme=dark#t=${created.token}`);
  const inWidget = page.getByRole("link", { name: "Open in wallet" });
  await expect(inWidget).toHaveAttribute("href", uri);
  await expect(inWidget).toHaveAttribute("target", "_top");

  // On a computer the QR is the way; the link is for phones.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(inWidget).toBeHidden();
});

test("a Tron token: the QR holds the bare address, and says so", async ({ page, request, baseURL }) => {
  const created = await createSwapThroughApi(request, baseURL!, {
    from: ["USDT", "tron"],
    to: ["BTC", "bitcoin"],
    amount: "30",
    address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(uri).toBe(swap.deposit.address);
  await new SwapPage(page).goto(created.path);
  expect(await decodeQr(page)).toBe(swap.deposit.address);
  await expect(page.getByText("This QR holds the address only: enter the amount in your wallet.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "QR with the address only" })).toHaveCount(0);
  await expect(page.getByTestId("deposit-network")).toHaveText("TronTRC-20");
});

test("USDT on BSC with the asset list refused (429): the QR is the token transfer the swap answer names, never BNB", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, {
    from: ["USDT", "bsc"],
    to: ["BTC", "bitcoin"],
    amount: "1234.5",
    address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  });
  const { uri, swap } = await expectedUri(request, baseURL!, created);
  expect(uri).toBe(
    `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${swap.deposit.address}&uint256=1234500000000000000000`,
  );
  const asked = await refuseAssetList(page);
  await new SwapPage(page).goto(created.path);
  expect(await decodeQr(page)).toBe(uri);
  // The answer said what the deposit asset is: the page did not need the list at all.
  expect(asked).toEqual([]);
});

test("a token deposit whose answer does not name its asset, with the list refused: the bare address, not the native coin", async ({
  page,
  request,
  baseURL,
}) => {
  const created = await createSwapThroughApi(request, baseURL!, { from: ["USDT", "ethereum"], amount: "250.5" });
  // As an answer from a server that knew neither the asset nor its note of it.
  await page.route(`**/api/v1/swap/${created.id}`, async (route) => {
    const response = await route.fetch();
    const body = { ...(await response.json()), depositAsset: null };
    return route.fulfill({ response, json: body });
  });
  const asked = await refuseAssetList(page);
  const swapPage = new SwapPage(page);
  await swapPage.goto(created.path);
  await expect(swapPage.depositAddress).toBeVisible();
  const decoded = await decodeQr(page);
  expect(decoded).not.toMatch(/^ethereum:/);
  expect(decoded).toBe(await swapPage.depositAddress.getAttribute("data-address"));
  expect(asked.length, "the page asked the list, since the answer did not say").toBeGreaterThan(0);
  await expect(page.getByTestId("qr-note")).toHaveText(
    "This QR holds the address only: enter the amount in your wallet.",
  );
  await expect(page.getByRole("link", { name: "Open in wallet" })).toHaveCount(0);
});
