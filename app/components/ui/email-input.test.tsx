// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EmailInput } from "./email-input";

afterEach(cleanup);

describe("EmailInput", () => {
  it("is the form's `email` field: checked and filled in by the browser, named by the form's label", () => {
    render(
      <form>
        <label htmlFor="e">Your email</label>
        <EmailInput id="e" placeholder="you@example.com" />
      </form>,
    );
    const input = screen.getByRole("textbox", { name: "Your email" }) as HTMLInputElement;
    expect(input.name).toBe("email");
    expect(input.type).toBe("email");
    expect(input.required).toBe(true);
    expect(input.autocomplete).toBe("email");
    expect(input.placeholder).toBe("you@example.com");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBeNull();
    expect(input.className).toContain("h-11");
  });

  it("points at the message that says what is wrong, and is invalid while there is one", () => {
    render(<EmailInput id="e" errorId="e-error" tone="dark" />);
    const input = screen.getByRole("textbox");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("e-error");
    expect(input.className).toContain("border-slate-700");
  });
});
