import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

/** A minimal RFC 4180 reader, to prove what a spreadsheet would read back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describe("CSV", () => {
  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "  =1+1"]) expect(csvCell(text).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("plain@example.com")).toBe("plain@example.com");
  });

  it("writes numbers, booleans, dates and empties as they are", () => {
    expect([csvCell(-5), csvCell(12.5), csvCell(true), csvCell(null), csvCell(undefined), csvCell(Number.NaN)]).toEqual(["-5", "12.5", "yes", "", "", ""]);
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("ends every row with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x"]])).toBe("a,b\r\n1,x\r\n");
  });

  it("reads back cell for cell, and no text cell starts a formula", () => {
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
