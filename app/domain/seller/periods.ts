/**
 * The dashboard's reporting periods, in UTC like coupon expiry (the shop has no seller time zone):
 * today from midnight, this week from Monday midnight (ISO weeks), this month from the 1st.
 */
export interface Periods {
  day: Date;
  week: Date;
  month: Date;
}

export function periodStarts(now: Date): Periods {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  const day = new Date(Date.UTC(y, m, d));
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return { day, week: new Date(Date.UTC(y, m, d - sinceMonday)), month: new Date(Date.UTC(y, m, 1)) };
}
