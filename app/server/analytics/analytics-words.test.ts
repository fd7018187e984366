import { describe, expect, it } from "vitest";
import { CHARTS, GROUPS, MAX_RANGE_DAYS, RANGE_PROBLEMS, type RangeProblem } from "~/domain/seller/analytics";
import { consoleT } from "~/i18n/console.server";

/**
 * The analytics page's words named by code (range problems, groups, charts: docs/decisions/055),
 * which console-areas.test.ts cannot see as literal keys: each is worded in en, fr and es, and the
 * English ones are the domain's (the CSV route's 400 says the same as the page).
 */
describe("analytics words", () => {
  const problems = Object.keys(RANGE_PROBLEMS) as RangeProblem[];

  it("English range problems equal the domain's", () => {
    const t = consoleT("en");
    for (const problem of problems) expect(t(`adminAnalytics.problems.${problem}`, { max: MAX_RANGE_DAYS })).toBe(RANGE_PROBLEMS[problem]);
  });

  for (const lang of ["fr", "es"] as const) {
    it(`every problem, group and chart has its ${lang} words`, () => {
      const t = consoleT(lang);
      const en = consoleT("en");
      const keys = [
        ...problems.map((p) => `adminAnalytics.problems.${p}`),
        ...GROUPS.map((g) => `adminAnalytics.analytics.groups.${g}`),
        ...CHARTS.flatMap((c) => [`adminAnalytics.charts.${c}.title`, `adminAnalytics.charts.${c}.counts`]),
      ];
      for (const key of keys) {
        const said = t(key, { max: MAX_RANGE_DAYS });
        expect(said, key).not.toBe(key);
        expect(said, key).not.toBe(en(key, { max: MAX_RANGE_DAYS }));
      }
    });
  }
});
