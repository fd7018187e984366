import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

/** A minimal RFC 4180 reader, to prove what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && body[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describe("csvCell", () => {
  it("turns formula starts into text", () => {
    for (const evil of ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "  =1+1"]) {
      expect(csvCell(evil).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell("plain@example.com")).toBe("plain@example.com");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  });

  it("writes numbers, dates and empty values as data", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell(null)).toBe("");
  });
});

describe("toCsv", () => {
  it("reads back cell for cell, and no cell of text starts a formula", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        const back = parseCsv(toCsv(["a", "b"], rows));
        expect(back[0]).toEqual(["a", "b"]);
        back.slice(1).forEach((row, r) => {
          row.forEach((cell, c) => {
            const original = rows[r][c];
            expect(cell === original || cell === `'${original}`).toBe(true);
            expect(/^(\s*[=+\-@]|[\t\r])/.test(cell)).toBe(false);
          });
        });
      }),
    );
  });
});
