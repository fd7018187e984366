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

/** "3 h 20 min", "2 d 4 h": how long an order has waited, for the seller's queue. */
export function formatWait(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
