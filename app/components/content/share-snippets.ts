/** How long a Copy button says 'Copied!' after a copy (SPEC §4, §9: copied indicator 2 s). */
export const COPIED_MS = 2000;

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export interface SnippetTexts {
  siteName: string;
  tagline: string;
  cta: string;
  /** The chat message, link included. */
  chat: string;
}

export type SnippetKind = "link" | "smallBanner" | "fullBanner" | "chat";

/** The four snippets of the backlink programme, pointing at the shop's public address. */
export function shareSnippets(siteUrl: string, texts: SnippetTexts): Record<SnippetKind, string> {
  const home = `${siteUrl}/`;
  const logo = `${siteUrl}/favicon.svg`;
  const name = escapeHtml(texts.siteName);
  return {
    link: home,
    smallBanner: `<a href="${home}" title="${name}"><img src="${logo}" alt="${name}" width="64" height="64"></a>`,
    fullBanner: [
      `<a href="${home}" style="display:inline-flex;align-items:center;gap:14px;padding:14px 20px;border-radius:16px;background:#7b1b9c;color:#ffffff;font-family:Arial,sans-serif;text-decoration:none">`,
      `  <img src="${logo}" alt="" width="56" height="56">`,
      `  <span><strong style="font-size:20px">${name}</strong><br>${escapeHtml(texts.tagline)}<br><u>${escapeHtml(texts.cta)}</u></span>`,
      `</a>`,
    ].join("\n"),
    chat: texts.chat,
  };
}
