/**
 * Where "Go back" leads on the product-not-found page: the previous page of the shop when there is
 * one (an in-app navigation, or a full page load from one of our pages in this tab), else home.
 */
export function canGoBack(input: { historyIdx: unknown; historyLength: number; referrer: string; origin: string }): boolean {
  if (typeof input.historyIdx === "number" && input.historyIdx > 0) return true;
  if (input.historyLength < 2 || input.referrer === "") return false;
  try {
    return new URL(input.referrer).origin === input.origin;
  } catch {
    return false;
  }
}
