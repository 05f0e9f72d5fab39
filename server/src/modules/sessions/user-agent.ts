/**
 * The browser and system a User-Agent header names, in words a user recognises ("Firefox",
 * "Windows"): enough to tell one's sessions apart, not a full parser. Order matters: most
 * browsers also claim to be Chrome, Safari and Mozilla, so the more specific names come first.
 */

export interface BrowserFacts {
  /** Null when the header names no browser this knows. */
  browser: string | null;
  os: string | null;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/|\bEdg(iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
  [/^curl\//, 'curl'],
  [/\bAsbuilt\b/i, 'Asbuilt'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (header: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(header))?.[1] ?? null;

export function parseUserAgent(header: string | null | undefined): BrowserFacts {
  if (!header) return { browser: null, os: null };
  return { browser: first(header, BROWSERS), os: first(header, SYSTEMS) };
}
