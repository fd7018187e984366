// The part of web-push 3.6 (no bundled types) the push sender uses: the request it would send,
// built with the payload encrypted (RFC 8291, aes128gcm) and the VAPID headers (RFC 8292).
declare module "web-push" {
  export interface RequestDetails {
    method: string;
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export function generateRequestDetails(
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    payload: string | Buffer | null,
    options: {
      vapidDetails: { subject: string; publicKey: string; privateKey: string };
      TTL?: number;
      urgency?: "very-low" | "low" | "normal" | "high";
      contentEncoding?: "aes128gcm" | "aesgcm";
    },
  ): RequestDetails;
  const webpush: { generateRequestDetails: typeof generateRequestDetails };
  export default webpush;
}
