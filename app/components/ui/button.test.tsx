// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { readFileSync } from "node:fs";
import path from "node:path";
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

  it("lets a caller's class replace the size's or variant's: theirs are component classes, which utilities override", () => {
    expect(buttonClass({ size: "md", className: "min-h-12 rounded-xl bg-white" })).toBe("btn btn-primary btn-md min-h-12 rounded-xl bg-white");
    expect(buttonClass({ variant: "secondary", size: "sm" })).toBe("btn btn-secondary btn-sm");
    // Tailwind puts the components layer before the utilities layer: any utility wins, whatever its order.
    const css = readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8");
    const layer = /@layer components \{([\s\S]*?)\n\}/.exec(css.slice(css.indexOf(".btn {") - 200))?.[1] ?? "";
    for (const name of ["btn", "btn-primary", "btn-secondary", "btn-ghost", "btn-sm", "btn-md", "btn-lg"]) expect(layer).toContain(`.${name} {`);
  });
});
