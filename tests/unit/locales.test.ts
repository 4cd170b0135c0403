// Choosing the page's language: the person's explicit choice, then the widget's locale=, then
// Accept-Language with fallbacks, then English; and the direction each language is written in.
import { describe, expect, it } from "vitest";
import {
  chooseLocale,
  directionOf,
  localeFromAcceptLanguage,
  localeNames,
  locales,
  negotiateLocale,
} from "@/lib/i18n/locales";

describe("negotiating a tag", () => {
  it.each([
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["pt-br", "pt-BR"],
    ["zh", "zh-Hans"],
    ["zh-CN", "zh-Hans"],
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-Hant-TW", "zh-Hant"],
    ["zh-Hans-SG", "zh-Hans"],
    ["fr-CA", "fr"],
    ["es-419", "es"],
    ["en_GB", "en"],
    ["tl", "fil"],
    ["iw", "he"],
    ["ar-EG", "ar"],
    ["fa-IR", "fa"],
  ])("%s → %s", (tag, locale) => {
    expect(negotiateLocale(tag)).toBe(locale);
  });

  it("finds nothing for a language we do not speak or for what is no tag", () => {
    for (const tag of ["xx", "nb-NO", "", "*", "en;q=1", "a".repeat(40), "../en"])
      expect(negotiateLocale(tag)).toBeNull();
  });
});

describe("Accept-Language", () => {
  it("takes the best-ranked language we speak, with fallbacks", () => {
    expect(localeFromAcceptLanguage("nb-NO, nn;q=0.9, pt;q=0.8, en;q=0.5")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("zh-TW,zh;q=0.9,en-US;q=0.8")).toBe("zh-Hant");
    expect(localeFromAcceptLanguage("en;q=0.1, de;q=0.9")).toBe("de");
    expect(localeFromAcceptLanguage("xx, yy;q=0")).toBeNull();
  });
});

describe("the order of choice", () => {
  it("an explicit choice (the cookie) beats the widget's locale=, which beats the browser's", () => {
    expect(chooseLocale({ cookie: "ru", param: "de", acceptLanguage: "fr" })).toBe("ru");
    expect(chooseLocale({ param: "zh-TW", acceptLanguage: "fr" })).toBe("zh-Hant");
    expect(chooseLocale({ param: "xx", acceptLanguage: "fr-CA" })).toBe("fr");
    expect(chooseLocale({ cookie: "klingon", acceptLanguage: "ja-JP" })).toBe("ja");
    expect(chooseLocale({})).toBe("en");
  });
});

describe("the languages", () => {
  it("are at least 30, each named in itself, four of them right to left", () => {
    expect(locales.length).toBeGreaterThanOrEqual(30);
    expect(new Set(Object.values(localeNames)).size).toBe(locales.length);
    expect(locales.filter((l) => directionOf(l) === "rtl").sort()).toEqual(["ar", "fa", "he", "ur"]);
    for (const l of locales) expect(new Intl.Locale(l).toString()).toBe(l);
  });
});
