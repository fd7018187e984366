/**
 * The fake PayPal JS SDK the fake PayPal server serves at GET /sdk/js (use its URL as PAYPAL_SDK_URL).
 * It offers what the shop uses of the real one: paypal.Buttons({ fundingSource, createOrder,
 * onApprove, onCancel, onError, onInit, style }) with isEligible(), render(container) and close(),
 * and paypal.FUNDING. The rendered button is a plain <button>; a click plays the buyer's part:
 * createOrder(), approval at the fake REST server (its approve control), then onApprove({ orderID },
 * actions) where actions.restart() plays it again. What the buyer does instead (cancel, an error
 * in PayPal's window) is the server's SDK scenario, read at each click (POST /__fake/scenario).
 */

/** What a click on a fake button does. */
export type SdkScenario = "approve" | "cancel" | "error";

/** The script, talking to the fake at `base` (its own origin). */
export function fakeSdkScript(base: string): string {
  return `(() => {
  const BASE = ${JSON.stringify(base)};
  const FUNDING = { PAYPAL: "paypal", CARD: "card" };
  const LABELS = { paypal: "PayPal", card: "Debit or Credit Card" };
  async function control(path, body) {
    const response = await fetch(BASE + path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error("fake PayPal control " + path + " answered " + response.status);
    return response.status === 204 ? null : response.json();
  }
  function Buttons(props) {
    props = props || {};
    const fundingSource = props.fundingSource || FUNDING.PAYPAL;
    let button = null;
    let enabled = true;
    const fail = (error) => { if (props.onError) props.onError(error instanceof Error ? error : new Error(String(error))); };
    async function play() {
      const { sdk } = await control("/__fake/sdk-scenario");
      let orderID;
      try {
        orderID = await props.createOrder({ paymentSource: fundingSource }, { order: {} });
      } catch (error) {
        return fail(error);
      }
      if (sdk === "cancel") return props.onCancel && props.onCancel({ orderID });
      if (sdk === "error") return fail(new Error("fake PayPal: the buyer's window failed"));
      await control("/__fake/orders/" + encodeURIComponent(orderID) + "/approve", {});
      const actions = { restart: () => play(), order: {} };
      try {
        await props.onApprove({ orderID, payerID: "FAKEPAYER", paymentSource: fundingSource }, actions);
      } catch (error) {
        fail(error);
      }
    }
    return {
      isEligible: () => fundingSource === FUNDING.PAYPAL || fundingSource === FUNDING.CARD,
      render(container) {
        const host = typeof container === "string" ? document.querySelector(container) : container;
        if (!host) return Promise.reject(new Error("fake PayPal: no container"));
        button = document.createElement("button");
        button.type = "button";
        button.textContent = LABELS[fundingSource];
        button.setAttribute("data-funding-source", fundingSource);
        button.style.cssText = "display:block;width:100%;min-height:44px;margin:6px 0;border-radius:6px;font-weight:600;border:0;cursor:pointer;" +
          (fundingSource === FUNDING.CARD ? "background:#2c2e2f;color:#fff" : "background:#ffc439;color:#111");
        button.addEventListener("click", () => { if (enabled) play().catch(fail); });
        host.appendChild(button);
        if (props.onInit) props.onInit({}, { enable: () => { enabled = true; return Promise.resolve(); }, disable: () => { enabled = false; return Promise.resolve(); } });
        return Promise.resolve();
      },
      close() {
        if (button) button.remove();
        button = null;
        return Promise.resolve();
      },
      updateProps: () => Promise.resolve(),
    };
  }
  window.paypal = { version: "fake", FUNDING, Buttons };
})();
`;
}
