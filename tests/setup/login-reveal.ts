import sodium from "libsodium-wrappers";
import { openLogin, openPrivateKey, type GameLogin, type SellerKeyRecord } from "../../app/lib/login-crypto";

/** What the console's browser does in one go: passphrase → private key → login; the private key is wiped afterwards. */
export async function revealSealedLogin(ciphertext: string, key: SellerKeyRecord, passphrase: string): Promise<GameLogin> {
  const privateKey = await openPrivateKey(key, passphrase);
  try {
    return await openLogin(ciphertext, key.publicKey, privateKey);
  } finally {
    sodium.memzero(privateKey);
  }
}
