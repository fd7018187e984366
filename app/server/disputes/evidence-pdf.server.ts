/**
 * The evidence packet as a plain one-font PDF (PayPal takes PDF, JPEG, GIF and PNG documents, not
 * text files). Hand-written PDF 1.4: Helvetica, A4 pages of wrapped lines; characters outside
 * Latin-1 become "?" (the standard fonts have no others). Small on purpose: no dependency for it.
 */
const PAGE_LINES = 60;
const LINE_CHARS = 95;

function wrap(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      if (line && line.length + word.length + 1 > LINE_CHARS) {
        out.push(line);
        line = "";
      }
      line = line ? `${line} ${word}` : word;
      while (line.length > LINE_CHARS) {
        out.push(line.slice(0, LINE_CHARS));
        line = line.slice(LINE_CHARS);
      }
    }
    out.push(line);
  }
  return out;
}

const escape = (line: string) =>
  line
    .replace(/[^\x20-\xff]/g, "?")
    .replace(/\\/g, "\\\\")
    .replace(/\(/g, "\\(")
    .replace(/\)/g, "\\)");

export function evidencePdf(title: string, text: string): Uint8Array<ArrayBuffer> {
  const lines = [title, "", ...wrap(text)];
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += PAGE_LINES) pages.push(lines.slice(i, i + PAGE_LINES));
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content per page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  for (const [i, page] of pages.entries()) {
    const stream = `BT /F1 10 Tf 12 TL 50 800 Td\n${page.map((l) => `(${escape(l)}) '`).join("\n")}\nET`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  }
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = Buffer.from(pdf, "latin1");
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
}
