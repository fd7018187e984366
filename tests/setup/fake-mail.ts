import { afterAll, afterEach, beforeAll } from "vitest";
import { startFakeMail, type FakeMail } from "../mocks/mail-server";

/** One fake mail server (SMTP + Discord webhook) for the test file, emptied after each test. */
export function useFakeMail(): () => FakeMail {
  let fake: FakeMail | undefined;
  beforeAll(async () => {
    fake = await startFakeMail();
  });
  afterEach(() => fake?.reset());
  afterAll(async () => {
    await fake?.close();
  });
  return () => {
    if (!fake) throw new Error("useFakeMail(): the fake starts in beforeAll");
    return fake;
  };
}
