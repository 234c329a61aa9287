// The browser the page tests drive (playwright-core: it uses the installed
// Chromium and downloads nothing).
import { chromium } from "playwright-core";

/**
 * Headless Chromium as every browser test starts it: `$CHROMIUM` or
 * /usr/bin/chromium, with a fresh, empty profile of Playwright's own (a new
 * temporary --user-data-dir, removed on close) and nothing in the background.
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
}
