import { renderToStaticMarkup } from "react-dom/server";

/**
 * A mail is written once as blocks and rendered twice, as plain text and as HTML, so the two
 * versions can never say different things.
 */
export type MailBlock =
  | { kind: "heading"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "link"; label: string; href: string }
  | { kind: "rows"; rows: readonly (readonly [string, string])[] }
  | { kind: "quote"; text: string }
  /** A picture (JPEG or PNG at an absolute URL: what every mail client shows), linked when `href` is given. */
  | { kind: "image"; src: string; alt: string; href?: string }
  /** A product card (campaigns): picture (JPEG/PNG at an absolute URL, or none), title, price, link. */
  | { kind: "product"; title: string; price: string; href: string; label: string; image: string | null };

export interface MailContent {
  lang: string;
  subject: string;
  blocks: readonly MailBlock[];
  footer: string;
  /** A quiet link under the footer (a newsletter's "Unsubscribe"). */
  footerLink?: { label: string; href: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function renderMail(content: MailContent): RenderedMail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

function renderText({ blocks, footer, footerLink }: MailContent): string {
  const parts = blocks.map((block) => {
    switch (block.kind) {
      case "heading":
        return block.text;
      case "paragraph":
        return block.text;
      case "link":
        return `${block.label}:\n${block.href}`;
      case "rows":
        return block.rows.map(([label, value]) => `${label}  ${value}`).join("\n");
      case "quote":
        return block.text
          .split("\n")
          .map((line) => `> ${line}`)
          .join("\n");
      case "image":
        return null;
      case "product":
        return `${block.title} — ${block.price}\n${block.label}: ${block.href}`;
    }
  });
  const tail = footerLink ? [footer, `${footerLink.label}: ${footerLink.href}`] : [footer];
  return `${[...parts.filter((part) => part !== null), "--", ...tail].join("\n\n")}\n`;
}

const colors = { text: "#1f1f2e", muted: "#55556a", accent: "#6d28d9", border: "#e4e4ee" };

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case "heading":
      return <h1 style={{ fontSize: "20px", margin: "0 0 16px" }}>{block.text}</h1>;
    case "paragraph":
      return <p style={{ margin: "0 0 14px", lineHeight: 1.5 }}>{block.text}</p>;
    case "link":
      return (
        <p style={{ margin: "18px 0" }}>
          <a
            href={block.href}
            style={{ background: colors.accent, color: "#ffffff", padding: "10px 18px", borderRadius: "6px", textDecoration: "none", fontWeight: 600 }}
          >
            {block.label}
          </a>
        </p>
      );
    case "rows":
      return (
        <table role="presentation" style={{ width: "100%", borderCollapse: "collapse", margin: "0 0 14px" }}>
          <tbody>
            {block.rows.map(([label, value], i) => (
              <tr key={i}>
                <td style={{ padding: "6px 0", borderBottom: `1px solid ${colors.border}` }}>{label}</td>
                <td style={{ padding: "6px 0", borderBottom: `1px solid ${colors.border}`, textAlign: "right", whiteSpace: "nowrap" }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "quote":
      return (
        <blockquote style={{ margin: "0 0 14px", padding: "8px 14px", borderLeft: `3px solid ${colors.accent}`, whiteSpace: "pre-wrap" }}>
          {block.text}
        </blockquote>
      );
    case "image": {
      const img = (
        <img src={block.src} alt={block.alt} width={240} style={{ display: "block", maxWidth: "100%", height: "auto", border: 0, borderRadius: "6px" }} />
      );
      return <p style={{ margin: "0 0 14px" }}>{block.href ? <a href={block.href}>{img}</a> : img}</p>;
    }
    case "product":
      return (
        <table
          role="presentation"
          style={{ width: "100%", borderCollapse: "collapse", margin: "0 0 16px", border: `1px solid ${colors.border}`, borderRadius: "8px" }}
        >
          <tbody>
            <tr>
              {block.image ? (
                <td style={{ width: "120px", padding: "10px", verticalAlign: "top" }}>
                  <a href={block.href}>
                    <img
                      src={block.image}
                      alt={block.title}
                      width={120}
                      style={{ display: "block", width: "120px", height: "auto", borderRadius: "6px", border: 0 }}
                    />
                  </a>
                </td>
              ) : null}
              <td style={{ padding: "10px", verticalAlign: "top" }}>
                <p style={{ margin: "0 0 6px", fontWeight: 600 }}>{block.title}</p>
                <p style={{ margin: "0 0 10px" }}>{block.price}</p>
                <a href={block.href} style={{ color: colors.accent, fontWeight: 600 }}>
                  {block.label}
                </a>
              </td>
            </tr>
          </tbody>
        </table>
      );
  }
}

function renderHtml({ lang, subject, blocks, footer, footerLink }: MailContent): string {
  const body = renderToStaticMarkup(
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body
        style={{ margin: 0, padding: "24px 12px", background: "#f6f6fa", color: colors.text, fontFamily: "Arial, Helvetica, sans-serif", fontSize: "15px" }}
      >
        <div style={{ maxWidth: "560px", margin: "0 auto", background: "#ffffff", padding: "24px", borderRadius: "8px" }}>
          {blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
          <p style={{ margin: "24px 0 0", paddingTop: "12px", borderTop: `1px solid ${colors.border}`, color: colors.muted, fontSize: "13px" }}>{footer}</p>
          {footerLink ? (
            <p style={{ margin: "8px 0 0", color: colors.muted, fontSize: "13px" }}>
              <a href={footerLink.href} style={{ color: colors.muted }}>
                {footerLink.label}
              </a>
            </p>
          ) : null}
        </div>
      </body>
    </html>,
  );
  return `<!doctype html>${body}`;
}
