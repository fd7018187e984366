// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button";

afterEach(cleanup);

describe("Button", () => {
  it("never submits a form unless asked to", () => {
    render(
      <form>
        <Button>Add to Cart</Button>
        <Button type="submit">Send</Button>
      </form>,
    );
    expect(screen.getByRole("button", { name: "Add to Cart" }).getAttribute("type")).toBe("button");
    expect(screen.getByRole("button", { name: "Send" }).getAttribute("type")).toBe("submit");
  });

  it("lets a caller's class replace the size's or variant's, so only one of each applies", () => {
    const classes = buttonClass({ size: "md", className: "min-h-12 rounded-xl bg-white" }).split(" ");
    expect(classes).toContain("min-h-12");
    expect(classes).not.toContain("min-h-11");
    expect(classes).toContain("rounded-xl");
    expect(classes).not.toContain("rounded-lg");
    expect(classes).toContain("bg-white");
    expect(classes).not.toContain("bg-brand-600");
  });
});
