import { describe, expect, it } from "vitest";
import { evidencePdf } from "./evidence-pdf.server";

describe("evidencePdf", () => {
  it("writes a PDF whose cross-reference table points at its objects, pages included", () => {
    const text = Array.from({ length: 130 }, (_, i) => `Line ${i} (with parentheses) and a back\\slash — and é`).join("\n");
    const pdf = Buffer.from(evidencePdf("Evidence", text)).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.endsWith("%%EOF\n")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    // 132 lines at 60 a page: three pages; parentheses and backslashes escaped, non-Latin-1 replaced.
    expect(pdf).toContain("/Count 3");
    expect(pdf).toContain("\\(with parentheses\\)");
    expect(pdf).toContain("back\\\\slash ? and \xe9");
  });
});
