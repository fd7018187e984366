// @vitest-environment jsdom
import * as Dialog from "@radix-ui/react-dialog";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { getI18n } from "~/i18n/i18n";
import { DialogCloseButton, DialogShell } from "./dialog";

afterEach(cleanup);

/** A dialog opened by a plain button (not a Radix Trigger), as the header's and the checkout's are. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <I18nextProvider i18n={getI18n("en")}>
      <button type="button" onClick={() => setOpen(true)}>
        Search
      </button>
      <DialogShell open={open} onOpenChange={setOpen}>
        <Dialog.Title>Search Products</Dialog.Title>
        <Dialog.Description>Find a product</Dialog.Description>
        <DialogCloseButton />
      </DialogShell>
    </I18nextProvider>
  );
}

describe("DialogShell", () => {
  it("is a named dialog whose Close button gives focus back to the button that opened it", async () => {
    render(<Opener />);
    const opener = screen.getByRole("button", { name: "Search" });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    expect(await screen.findByRole("dialog", { name: "Search Products" })).toBeTruthy();
    await act(async () => fireEvent.click(await screen.findByRole("button", { name: "Close" })));
    // Radix hands focus back as the dialog unmounts; on a busy machine that is a tick later.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
