// Kept for scripts written against `node scripts/start.mjs`: the front now lives in server/start.mjs.
import "../server/start.mjs";
