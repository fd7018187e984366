// @vitest-environment jsdom
import { cleanup, render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { getI18n } from "~/i18n/i18n";
import { Honeypot } from "./honeypot";

afterEach(cleanup);

describe("Honeypot", () => {
  it("is the `website` field the server checks, out of people's reach", () => {
    const { container } = render(
      <I18nextProvider i18n={getI18n("en")}>
        <form>
          <Honeypot defaultValue="" />
        </form>
      </I18nextProvider>,
    );
    const input = container.querySelector("input");
    expect(input?.name).toBe("website");
    expect(input?.tabIndex).toBe(-1);
    expect(input?.autocomplete).toBe("off");
    // Hidden from screen readers (and its label tells anyone who finds it to leave it empty).
    expect(input?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(input?.closest("label")?.textContent).toBe("Leave this field empty");
  });
});
