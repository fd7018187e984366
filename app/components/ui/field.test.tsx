// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Field, TextField } from "./field";

afterEach(cleanup);

/** What a screen reader reads after the name: the texts aria-describedby points to, in order. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`).join(" ");
}

describe("Field", () => {
  it("names the control by its label and describes it by its hint", () => {
    render(<TextField label="Email" hint="We send the receipt here." />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(description(input)).toBe("We send the receipt here.");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("marks the control invalid and reads its error after the hint", () => {
    render(<TextField label="Email" hint="We send the receipt here." error="Enter a valid email address." />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(description(input)).toBe("We send the receipt here. Enter a valid email address.");
  });

  it("ties a control to a form-wide error shown elsewhere", () => {
    render(
      <>
        <Field label="Comment" invalid describedBy="form-error">
          {(control) => <textarea {...control} />}
        </Field>
        <p id="form-error">Please write a comment.</p>
      </>,
    );
    const textarea = screen.getByRole("textbox", { name: "Comment" });
    expect(textarea.getAttribute("aria-invalid")).toBe("true");
    expect(description(textarea)).toBe("Please write a comment.");
  });
});
