import { chromium } from "@playwright/test";
const [url, runs = "5"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const results = [];
for (let i = 0; i < Number(runs); i++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addInitScript(() => {
    localStorage.setItem("ageVerified", new Date().toISOString());
    window.__long = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(4000);
  const long = await page.evaluate(() => window.__long);
  const tbt = long.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
  results.push(tbt);
  console.log(`run ${i}: TBT≈${tbt} ms, long tasks [start,duration]: ${JSON.stringify(long)}`);
  await context.close();
}
results.sort((a, b) => a - b);
console.log("median TBT", results[Math.floor(results.length / 2)]);
await browser.close();
