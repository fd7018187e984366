/**
 * Order ids: 'ORD' + yymmddHHMMSS (SPEC §3, UTC so every server agrees) + '-' + 4 random base-36
 * characters, so two orders in the same second do not collide (DESIGN §5). The database still
 * enforces uniqueness.
 */
export const ORDER_ID_PATTERN = /^ORD\d{12}-[0-9A-Z]{4}$/;

const SUFFIX_LENGTH = 4;
const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

const two = (n: number): string => String(n).padStart(2, "0");

export function createOrderId(now: Date, random: () => number = Math.random): string {
  const stamp =
    two(now.getUTCFullYear() % 100) +
    two(now.getUTCMonth() + 1) +
    two(now.getUTCDate()) +
    two(now.getUTCHours()) +
    two(now.getUTCMinutes()) +
    two(now.getUTCSeconds());
  let suffix = "";
  for (let i = 0; i < SUFFIX_LENGTH; i++) {
    // Clamp: a faulty source returning 1 (or more) must still yield a valid character.
    const index = Math.min(Math.max(Math.floor(random() * BASE36.length), 0), BASE36.length - 1);
    suffix += BASE36[index];
  }
  return `ORD${stamp}-${suffix}`;
}

export function isOrderId(value: unknown): value is string {
  return typeof value === "string" && ORDER_ID_PATTERN.test(value);
}
