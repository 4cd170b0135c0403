// URL parameters of the pages. Anything malformed is dropped rather than refused: a bad link still
// opens a working checkout.
import { z } from "zod";

const single = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional());
const assetParam = single.pipe(z.string().regex(/^[A-Za-z0-9-]{1,32}(\.[a-z0-9-]{1,64})?$/).optional()).catch(undefined);
const amountParam = single.pipe(z.string().regex(/^\d{1,30}(\.\d{1,30})?$/).optional()).catch(undefined);

export const checkoutPresetSchema = z.object({ from: assetParam, to: assetParam, amount: amountParam });
